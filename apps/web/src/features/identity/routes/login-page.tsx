import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS, type LoginRequest } from '@lectern/contracts/identity/identity.schemas';
import { Alert, Button, Form, Input, theme, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { useLogin } from '../api/login.ts';
import { PortalLogo } from '../public/portal-logo.tsx';

// antd's Select behind it weighs some 20 KB gzipped: the form comes first, the language list just after.
const LanguageSwitcher = lazy(async () => ({
  default: (await import('../../../shared/components/language-switcher.tsx')).LanguageSwitcher,
}));

/** Only same-site paths are followed, so a crafted `next` cannot send the user to another site. */
function nextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return '/user/courses';
  if (next === '/login' || next.startsWith('/login?')) return '/user/courses';
  return next;
}

export function LoginPage() {
  const { t } = useTranslation('identity');
  const [form] = Form.useForm<LoginRequest>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const { token } = theme.useToken();

  const onFinish = (values: LoginRequest) => {
    login.mutate(values, {
      onSuccess: () => void navigate(nextPath(searchParams.get('next')), { replace: true }),
    });
  };

  const error = login.error;
  const errorMessage = error ? (isApiError(error) ? error.message : t('shared:errors.unexpected')) : null;

  return (
    <main
      style={{
        minHeight: '100vh',
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        gap: 16,
      }}
    >
      {/* In the corner, where people look for it, rather than in the flow above the card. */}
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <Suspense fallback={null}>
          <LanguageSwitcher />
        </Suspense>
      </div>
      {/* Drawn like antd's Card, which would bring its Tabs and Menu (some 20 KB gzipped) to this page. */}
      <div
        style={{
          width: '100%',
          maxWidth: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          {/* The organisation's own logo when an administrator has set one (org settings). */}
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <PortalLogo height={48}>
              <img src="/favicon.svg" alt="" width={48} height={48} />
            </PortalLogo>
          </div>
          <Typography.Title level={1} style={{ fontSize: 24, marginTop: 12, marginBottom: 4 }}>
            {t('login.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
        </div>
        {errorMessage ? (
          <Alert type="error" showIcon title={errorMessage} role="alert" style={{ marginBottom: 16 }} />
        ) : null}
        <Form<LoginRequest>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => {
            if (login.isError) login.reset();
          }}
          disabled={login.isPending}
        >
          <Form.Item
            name="login"
            label={t('login.loginLabel')}
            rules={[{ required: true, whitespace: true, message: t('login.loginRequired') }]}
          >
            <Input
              prefix={<UserOutlined aria-hidden />}
              autoComplete="username"
              autoFocus
              maxLength={254}
              placeholder={t('login.loginPlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.passwordLabel')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              autoComplete="current-password"
              maxLength={LIMITS.passwordMax}
              placeholder={t('login.passwordPlaceholder')}
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block loading={login.isPending}>
              {t('login.submit')}
            </Button>
          </Form.Item>
        </Form>
      </div>
    </main>
  );
}
