import { Space } from 'antd';
import { AdminNav } from '../../features/identity/components/admin-nav.tsx';
import { ResourceAuditAdminPage } from '../../features/course-services/routes/resource-audit-admin-page.tsx';

/**
 * /admin/resource-audit: the review of the files courses use, under the administration pages'
 * navigation. Composed here because neither feature may reach into the other.
 */
export function AdminResourceAuditPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <ResourceAuditAdminPage />
    </Space>
  );
}
