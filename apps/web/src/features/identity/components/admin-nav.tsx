import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const PAGES = [
  { key: 'users', path: '/admin/users' },
  { key: 'organisation', path: '/admin/organisation' },
  { key: 'departments', path: '/admin/departments' },
  { key: 'terms', path: '/admin/academic-years' },
  { key: 'announcements', path: '/admin/announcements' },
  { key: 'ai', path: '/admin/ai' },
] as const;

/** Links between the administration pages, above each of them. */
export function AdminNav() {
  const { t } = useTranslation('identity');
  const { pathname } = useLocation();
  const current = PAGES.find((page) => pathname.startsWith(page.path));
  return (
    <nav aria-label={t('adminNav.label')}>
      <Menu
        mode="horizontal"
        selectedKeys={current ? [current.key] : []}
        items={PAGES.map((page) => ({
          key: page.key,
          label: <Link to={page.path}>{t(`adminNav.${page.key}`)}</Link>,
        }))}
      />
    </nav>
  );
}
