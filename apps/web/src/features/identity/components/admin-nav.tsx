import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const PAGES = [
  { key: 'users', path: '/admin/users' },
  { key: 'organisation', path: '/admin/organisation' },
  { key: 'meetingVendors', path: '/admin/meeting-vendors' },
  { key: 'departments', path: '/admin/departments' },
  { key: 'terms', path: '/admin/academic-years' },
  { key: 'announcements', path: '/admin/announcements' },
  { key: 'ai', path: '/admin/ai' },
  { key: 'publicListings', path: '/admin/public-listings' },
  { key: 'resourceAudit', path: '/admin/resource-audit' },
] as const;

/** Links between the administration pages, above each of them. */
export function AdminNav() {
  const { t } = useTranslation('identity');
  const { pathname } = useLocation();
  const current = PAGES.find((page) => pathname.startsWith(page.path));
  return (
    <nav aria-label={t('adminNav.label')}>
      {/* Every link stays in view, wrapping onto a second row on a narrow screen: antd's overflow menu
          would hide the last ones behind "…" while their links stayed reachable by Tab (aria-hidden-focus). */}
      <Menu
        mode="horizontal"
        disabledOverflow
        style={{ flexWrap: 'wrap' }}
        selectedKeys={current ? [current.key] : []}
        items={PAGES.map((page) => ({
          key: page.key,
          label: <Link to={page.path}>{t(`adminNav.${page.key}`)}</Link>,
        }))}
      />
    </nav>
  );
}
