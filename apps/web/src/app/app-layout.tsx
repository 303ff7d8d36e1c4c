import { BookOutlined, DownOutlined, LogoutOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Layout, Space, theme, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { useLogout } from '../features/identity/api/logout.ts';
import { isApiError } from '../shared/api/http-client.ts';
import { LanguageSwitcher } from '../shared/components/language-switcher.tsx';
import { useAuthenticatedUser } from './require-auth.tsx';

export function AppLayout() {
  const { t } = useTranslation('shared');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useAuthenticatedUser();
  const logout = useLogout();

  const items: MenuProps['items'] = [
    {
      key: 'profile',
      disabled: true,
      label: (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{user.name}</Typography.Text>
          <Typography.Text type="secondary">{user.user_no}</Typography.Text>
        </Space>
      ),
    },
    { type: 'divider' },
    // The question libraries' strings live with the exams feature; its namespace is always loaded.
    { key: 'subject-libs', icon: <BookOutlined aria-hidden />, label: t('exams:libs.title') },
    ...(user.org_role === 'admin'
      ? [{ key: 'users', icon: <TeamOutlined aria-hidden />, label: t('layout.userManagement') }]
      : []),
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('layout.logout'), danger: true },
  ];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'users') void navigate('/admin/users');
    if (key === 'subject-libs') void navigate('/subject-libs');
    if (key === 'logout') {
      logout.mutate(undefined, {
        onError: (error) => {
          if (!isApiError(error) || error.status !== 401) void message.error(error.message);
        },
      });
    }
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: 24,
        }}
      >
        <Link
          to="/user/courses"
          aria-label={t('layout.home')}
          style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText }}
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Typography.Text strong style={{ fontSize: 18 }}>
            {t('app.name')}
          </Typography.Text>
        </Link>
        <div style={{ flex: 1 }} />
        <LanguageSwitcher />
        {/* autoFocus moves focus into the opened menu, so the keyboard can reach its items. */}
        <Dropdown
          menu={{ items, onClick: onMenuClick }}
          trigger={['click']}
          placement="bottomRight"
          autoFocus
        >
          <Button
            type="text"
            icon={<UserOutlined aria-hidden />}
            loading={logout.isPending}
            aria-haspopup="menu"
          >
            <Space size={4}>
              {user.name}
              <DownOutlined aria-hidden />
            </Space>
          </Button>
        </Dropdown>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
