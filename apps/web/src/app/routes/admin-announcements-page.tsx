import { Space } from 'antd';
import { OrgAnnouncementsPage } from '../../features/announcements/routes/org-announcements-page.tsx';
import { AdminNav } from '../../features/identity/components/admin-nav.tsx';

/**
 * /admin/announcements: the organisation's announcements under the administration pages' navigation.
 * Composed here because neither feature may reach into the other.
 */
export function AdminAnnouncementsPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <OrgAnnouncementsPage />
    </Space>
  );
}
