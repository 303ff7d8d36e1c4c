import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS, type LoginRequest } from '@lectern/contracts/identity/identity.schemas';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { LanguageSwitcher } from '../../../shared/components/language-switcher.tsx';
import { useLogin } from '../api/login.ts';

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
        <LanguageSwitcher />
      </div>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <img src="/favicon.svg" alt="" width={48} height={48} />
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
      </Card>
    </main>
  );
}
