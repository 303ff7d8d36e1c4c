import {
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DownOutlined,
  LogoutOutlined,
  MenuOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@lectern/contracts/identity/identity.schemas';
import { App, Button, Dropdown, Grid, Layout, Menu, Space, theme, Typography, type MenuProps } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../features/identity/api/logout.ts';
import { AlertPopupNotice } from '../features/identity/public/alert-popup-notice.tsx';
import { PortalLogo } from '../features/identity/public/portal-logo.tsx';
import { isApiError } from '../shared/api/http-client.ts';
import { MAIN_CONTENT_ID, SkipLink } from '../shared/components/skip-link.tsx';
import { usePageSettled } from '../shared/hooks/use-page-settled.ts';
import { useAuthenticatedUser } from './require-auth.tsx';

const SIDER_WIDTH = 208;

// The top bar's widgets come in once the page has settled (usePageSettled): search and the language list
// are built on antd's Select (some 22 KB gzipped) and the bell on a badge and popover (some 10 KB), none of
// which the first screen needs; requested any earlier, they would compete with the page's own code and data.
const GlobalSearch = lazy(async () => ({
  default: (await import('../features/search/public/global-search.tsx')).GlobalSearch,
}));
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications/public/notification-bell.tsx')).NotificationBell,
}));
const LanguageSwitcher = lazy(async () => ({
  default: (await import('../shared/components/language-switcher.tsx')).LanguageSwitcher,
}));
// The phone's navigation drawer is fetched when it is first opened; on a desktop it never is.
const Drawer = lazy(async () => ({ default: (await import('antd/es/drawer')).default }));

type NavKey = 'courses' | 'todos' | 'calendar' | 'announcements' | 'subject-libs' | 'rubrics' | 'admin';

const NAV_PATHS: Record<NavKey, string> = {
  courses: '/user/courses',
  // The to-do list sits on the my-courses page (learning tab); the anchor scrolls to it.
  todos: '/user/courses#todos',
  calendar: '/user/calendar',
  announcements: '/announcements',
  'subject-libs': '/subject-libs',
  rubrics: '/user/rubrics',
  admin: '/admin/users',
};

/** Which primary item the address belongs to (course pages count as "my courses"). */
export function navKeyOf(pathname: string, hash: string): NavKey | undefined {
  if (pathname.startsWith('/admin/')) return 'admin';
  if (pathname.startsWith('/subject-lib')) return 'subject-libs';
  if (pathname.startsWith('/user/rubrics')) return 'rubrics';
  if (pathname.startsWith('/user/calendar')) return 'calendar';
  if (pathname === '/announcements') return 'announcements';
  if (pathname === '/user/courses' && hash === '#todos') return 'todos';
  if (pathname.startsWith('/user/courses') || pathname.startsWith('/course/')) return 'courses';
  return undefined;
}

/**
 * The primary items this user may use: question libraries and rubrics for people who teach (or may create
 * a course), administration for organisation administrators.
 */
export function usePrimaryNavItems(user: CurrentUser, onNavigate?: () => void): MenuProps['items'] {
  const { t } = useTranslation('shared');
  const teaches = user.can_create_course || user.org_role === 'admin';
  const item = (key: NavKey, icon: ReactNode) => ({
    key,
    icon,
    label: (
      <Link to={NAV_PATHS[key]} onClick={onNavigate}>
        {t(`layout.nav.${key === 'subject-libs' ? 'subjectLibs' : key}`)}
      </Link>
    ),
  });
  return [
    item('courses', <ReadOutlined aria-hidden />),
    item('todos', <CheckSquareOutlined aria-hidden />),
    item('calendar', <CalendarOutlined aria-hidden />),
    item('announcements', <NotificationOutlined aria-hidden />),
    ...(teaches
      ? [
          item('subject-libs', <BookOutlined aria-hidden />),
          item('rubrics', <OrderedListOutlined aria-hidden />),
        ]
      : []),
    ...(user.org_role === 'admin' ? [item('admin', <SettingOutlined aria-hidden />)] : []),
  ];
}

function PrimaryNav({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const { t } = useTranslation('shared');
  const location = useLocation();
  const items = usePrimaryNavItems(user, onNavigate);
  const selected = navKeyOf(location.pathname, location.hash);
  return (
    <nav aria-label={t('layout.primaryNav')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}

function UserMenu({ user, compact }: { user: CurrentUser; compact: boolean }) {
  const { t } = useTranslation('shared');
  const { message } = App.useApp();
  const navigate = useNavigate();
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
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('layout.settings') },
    ...(user.org_role === 'admin'
      ? [{ key: 'users', icon: <TeamOutlined aria-hidden />, label: t('layout.userManagement') }]
      : []),
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('layout.logout'), danger: true },
  ];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') void navigate('/user/settings');
    if (key === 'users') void navigate('/admin/users');
    if (key === 'logout') {
      logout.mutate(undefined, {
        onError: (error) => {
          if (!isApiError(error) || error.status !== 401) void message.error(error.message);
        },
      });
    }
  };

  // autoFocus moves focus into the opened menu, so the keyboard can reach its items.
  return (
    <Dropdown menu={{ items, onClick: onMenuClick }} trigger={['click']} placement="bottomRight" autoFocus>
      {compact ? (
        // On a phone the name would crowd the bar: the icon alone, named after the user.
        <Button
          type="text"
          icon={<UserOutlined aria-hidden />}
          loading={logout.isPending}
          aria-haspopup="menu"
          aria-label={user.name}
        />
      ) : (
        <Button
          type="text"
          icon={<UserOutlined aria-hidden />}
          loading={logout.isPending}
          aria-haspopup="menu"
          style={{ minWidth: 0, maxWidth: 220 }}
        >
          <Space size={4} style={{ minWidth: 0 }}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {user.name}
            </span>
            <DownOutlined aria-hidden />
          </Space>
        </Button>
      )}
    </Dropdown>
  );
}

/**
 * The signed-in shell: a skip link, the top bar (logo, search, notifications, language, user menu), the
 * primary navigation (a side menu from 768 px, a drawer behind a menu button below) and the page in
 * <main id="main">.
 */
export function AppLayout() {
  const { t } = useTranslation('shared');
  const { token } = theme.useToken();
  const user = useAuthenticatedUser();
  const screens = Grid.useBreakpoint();
  // Before the first measurement every breakpoint is undefined: lay out for desktop, like the server did.
  const phone = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from its first opening on, so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const settled = usePageSettled();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <AlertPopupNotice />
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: phone ? 4 : 16,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: phone ? 8 : 24,
          position: 'sticky',
          top: 0,
          zIndex: 100,
        }}
      >
        {phone ? (
          <Button
            type="text"
            icon={<MenuOutlined aria-hidden />}
            aria-label={t('layout.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
        ) : null}
        <Link
          to="/user/courses"
          aria-label={t('layout.home')}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            color: token.colorText,
            flexShrink: 0,
            whiteSpace: 'nowrap',
          }}
        >
          <PortalLogo>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
              {t('app.name')}
            </Typography.Text>
          </PortalLogo>
        </Link>
        {phone ? <div style={{ flex: 1 }} /> : null}
        {!phone ? (
          <div role="search" style={{ flex: 1, minWidth: 0, display: 'flex' }}>
            {settled ? (
              <Suspense fallback={null}>
                <GlobalSearch width={260} />
              </Suspense>
            ) : null}
          </div>
        ) : null}
        {settled ? (
          <>
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
            <Suspense fallback={null}>
              <LanguageSwitcher compact={phone} />
            </Suspense>
          </>
        ) : null}
        <UserMenu user={user} compact={phone} />
      </Layout.Header>
      <Layout hasSider={!phone}>
        {phone ? (
          drawerUsed ? (
            <Suspense fallback={null}>
              <Drawer
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                placement="left"
                size={280}
                title={t('layout.menuTitle')}
                aria-label={t('layout.menuTitle')}
                styles={{ body: { padding: 0 } }}
              >
                <div role="search" style={{ padding: 16 }}>
                  <Suspense fallback={null}>
                    <GlobalSearch width="100%" onNavigate={() => setDrawerOpen(false)} />
                  </Suspense>
                </div>
                <PrimaryNav user={user} onNavigate={() => setDrawerOpen(false)} />
              </Drawer>
            </Suspense>
          ) : null
        ) : (
          <Layout.Sider
            width={SIDER_WIDTH}
            theme="light"
            style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
          >
            <PrimaryNav user={user} />
          </Layout.Sider>
        )}
        <Layout.Content
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          style={{ padding: phone ? 12 : 24, minWidth: 0, outline: 'none' }}
        >
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
