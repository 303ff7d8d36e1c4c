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
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { CurrentUser } from '@lectern/contracts/identity/identity.schemas';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Grid, Space, theme, type MenuProps } from 'antd';
// Layout without its Sider (antd's index attaches Sider to Layout, which keeps it in the bundle).
import Layout, { Content as LayoutContent, Header as LayoutHeader } from 'antd/es/layout/layout';
import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../features/identity/api/logout.ts';
import { AlertPopupNotice } from '../features/identity/public/alert-popup-notice.tsx';
import { PortalLogo } from '../features/identity/public/portal-logo.tsx';
import { isApiError } from '../shared/api/http-client.ts';
import { OnDemandDropdown } from '../shared/components/on-demand-dropdown.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../shared/components/skip-link.tsx';
import { usePageSettled } from '../shared/hooks/use-page-settled.ts';
import './app-layout.css';
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

type NavItem = { key: NavKey; icon: ReactNode };

/**
 * The primary items this user may use: question libraries and rubrics for people who teach (or may create
 * a course), administration for organisation administrators.
 */
export function primaryNavItems(user: CurrentUser): NavItem[] {
  const teaches = user.can_create_course || user.org_role === 'admin';
  return [
    { key: 'courses', icon: <ReadOutlined aria-hidden /> },
    { key: 'todos', icon: <CheckSquareOutlined aria-hidden /> },
    { key: 'calendar', icon: <CalendarOutlined aria-hidden /> },
    { key: 'announcements', icon: <NotificationOutlined aria-hidden /> },
    ...(teaches
      ? [
          { key: 'subject-libs' as const, icon: <BookOutlined aria-hidden /> },
          { key: 'rubrics' as const, icon: <OrderedListOutlined aria-hidden /> },
        ]
      : []),
    ...(user.org_role === 'admin' ? [{ key: 'admin' as const, icon: <SettingOutlined aria-hidden /> }] : []),
  ];
}

/**
 * A list of links drawn like antd's inline Menu (app-layout.css), not the Menu itself: links need no
 * roving focus, and rc-menu stays off the first load of every page (decision 0014). The current item
 * is marked with aria-current.
 */
function PrimaryNav({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const { t } = useTranslation('shared');
  const { token } = theme.useToken();
  const location = useLocation();
  const selected = navKeyOf(location.pathname, location.hash);
  const colours = {
    '--lectern-nav-color': token.colorText,
    '--lectern-nav-hover-bg': token.colorBgTextHover,
    '--lectern-nav-selected-bg': token.controlItemBgActive,
    '--lectern-nav-selected-color': token.colorPrimary,
    '--lectern-nav-focus': token.colorPrimaryBorder,
    '--lectern-nav-radius': `${token.borderRadiusLG}px`,
    '--lectern-nav-motion': token.motionDurationSlow,
  } as CSSProperties;
  return (
    <nav aria-label={t('layout.primaryNav')}>
      <ul className="lectern-primary-nav" style={colours}>
        {primaryNavItems(user).map(({ key, icon }) => (
          <li key={key}>
            <Link
              to={NAV_PATHS[key]}
              onClick={onNavigate}
              className="lectern-primary-nav-link"
              aria-current={key === selected ? 'page' : undefined}
            >
              {icon}
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {t(`layout.nav.${key === 'subject-libs' ? 'subjectLibs' : key}`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Whether a model is configured, for the user menu's credits item: shared/hooks/use-ai-credit.ts's status
 * query, under its key (aiStatusQueryKey) so the two share one answer, but that module (which parses with
 * zod, some 26 KB gzipped) is fetched only for people who teach and once the page has settled: zod stays
 * off every page's first load, and students never ask (decision 0014).
 */
function useShellAiStatus(teaches: boolean) {
  const settled = usePageSettled();
  return useQuery({
    queryKey: ['ai', 'status'],
    queryFn: async ({ signal }) => (await import('../shared/hooks/use-ai-credit.ts')).getAiStatus(signal),
    staleTime: Infinity,
    enabled: teaches && settled,
  });
}

function UserMenu({ user, compact }: { user: CurrentUser; compact: boolean }) {
  const { t } = useTranslation('shared');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const logout = useLogout();
  const teaches = user.can_create_course || user.org_role === 'admin';
  // Instructors' credits page; hidden like every AI entry point while no model is configured.
  const aiAvailable = useShellAiStatus(teaches).data?.available === true;

  const items: MenuProps['items'] = [
    {
      key: 'profile',
      disabled: true,
      label: (
        <Space orientation="vertical" size={0}>
          <strong style={{ color: token.colorText, fontWeight: token.fontWeightStrong }}>{user.name}</strong>
          <span style={{ color: token.colorTextDescription }}>{user.user_no}</span>
        </Space>
      ),
    },
    { type: 'divider' },
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('layout.settings') },
    ...(aiAvailable && teaches
      ? [{ key: 'aiCredits', icon: <ThunderboltOutlined aria-hidden />, label: t('layout.aiCredits') }]
      : []),
    ...(user.org_role === 'admin'
      ? [{ key: 'users', icon: <TeamOutlined aria-hidden />, label: t('layout.userManagement') }]
      : []),
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('layout.logout'), danger: true },
  ];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') void navigate('/user/settings');
    // The item is only there once the status came through that module, so it is in by now.
    if (key === 'aiCredits') {
      void import('../shared/hooks/use-ai-credit.ts').then((ai) => navigate(ai.MY_AI_CREDITS_PATH));
    }
    if (key === 'users') void navigate('/admin/users');
    if (key === 'logout') {
      logout.mutate(undefined, {
        onError: (error) => {
          if (!isApiError(error) || error.status !== 401) void message.error(error.message);
        },
      });
    }
  };

  // The menu's code comes when the button is first pointed at, focused or pressed (decision 0014).
  return (
    <OnDemandDropdown menu={{ items, onClick: onMenuClick }} placement="bottomRight">
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
    </OnDemandDropdown>
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
      <LayoutHeader
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
            <strong style={{ fontSize: 18, fontWeight: token.fontWeightStrong, whiteSpace: 'nowrap' }}>
              {t('app.name')}
            </strong>
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
      </LayoutHeader>
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
          // What Layout.Sider draws (a fixed-width aside in the light theme), without its collapsing
          // machinery: nothing here collapses, and it saves the first load some 3 KB (decision 0014).
          <aside
            style={{
              position: 'relative',
              flex: `0 0 ${SIDER_WIDTH}px`,
              width: SIDER_WIDTH,
              minWidth: SIDER_WIDTH,
              maxWidth: SIDER_WIDTH,
              background: token.colorBgContainer,
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <PrimaryNav user={user} />
          </aside>
        )}
        <LayoutContent
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          style={{ padding: phone ? 12 : 24, minWidth: 0, outline: 'none' }}
        >
          <Outlet />
        </LayoutContent>
      </Layout>
    </Layout>
  );
}
