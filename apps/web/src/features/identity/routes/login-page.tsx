import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@lectern/contracts/identity/identity.limits';
import type { LoginRequest } from '@lectern/contracts/identity/identity.schemas';
import { SSO_ERROR_CODES, SSO_ERROR_PARAM } from '@lectern/contracts/identity/sso.codes';
import type { SsoErrorCode } from '@lectern/contracts/identity/sso.schemas';
import { Alert, Button, Form, theme } from 'antd';
// The two inputs themselves: antd's Input module also carries TextArea, Search and OTP (some 13 KB gzipped).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { useSsoProviders } from '../api/get-sso-providers.ts';
import { useLogin } from '../api/login.ts';
import { PortalLogo } from '../public/portal-logo.tsx';

// antd's Select behind it weighs some 20 KB gzipped: the form comes first, the language list once the form
// has been painted (useAfterFirstPaint), so it never delays the page.
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

/** The reason a single sign-on came back to this page (`?sso_error=`), if it is one we know. */
function ssoErrorOf(value: string | null): SsoErrorCode | 'unknown' | null {
  if (!value) return null;
  return (SSO_ERROR_CODES as readonly string[]).includes(value) ? (value as SsoErrorCode) : 'unknown';
}

/** False for the first paint of the page, true from the frame after. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the browser paints; the task it queues runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function LoginPage() {
  const { t } = useTranslation('identity');
  const [form] = Form.useForm<LoginRequest>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const ssoProviders = useSsoProviders().data?.providers ?? [];
  const { token } = theme.useToken();
  const showLanguageSwitcher = useAfterFirstPaint();
  const next = nextPath(searchParams.get('next'));

  const onFinish = (values: LoginRequest) => {
    login.mutate(values, {
      onSuccess: () => void navigate(next, { replace: true }),
    });
  };

  const error = login.error;
  const ssoError = ssoErrorOf(searchParams.get(SSO_ERROR_PARAM));
  const errorMessage = error
    ? isApiError(error)
      ? error.message
      : t('shared:errors.unexpected')
    : ssoError
      ? t(`login.ssoErrors.${ssoError}`)
      : null;

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
        {showLanguageSwitcher ? (
          <Suspense fallback={null}>
            <LanguageSwitcher />
          </Suspense>
        ) : null}
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
          {/* Plain elements in antd's heading and secondary-text styles: Typography (its copy, edit and
              ellipsis machinery) would add some 20 KB gzipped to the first load for two lines of text. */}
          <h1
            style={{
              fontSize: 24,
              lineHeight: token.lineHeightHeading1,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
              marginTop: 12,
              marginBottom: 4,
            }}
          >
            {t('login.title')}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('login.subtitle')}</p>
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
            <Password
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
        {ssoProviders.length > 0 ? (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 16 }}>
            <p style={{ margin: 0, textAlign: 'center', color: token.colorTextSecondary }}>
              {t('login.ssoDivider')}
            </p>
            {/* A full page load: the server sends the browser on to the identity provider. */}
            {ssoProviders.map((provider) => (
              <Button
                key={provider.id}
                block
                href={`${provider.login_url}?${new URLSearchParams({ next }).toString()}`}
              >
                {t('login.ssoSignIn', { name: provider.name })}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </main>
  );
}
