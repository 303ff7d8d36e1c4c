import { Space } from 'antd';
import { AdminNav } from '../../features/identity/components/admin-nav.tsx';
import { PublicListingsAdminPage } from '../../features/public-listings/routes/public-listings-admin-page.tsx';

/**
 * /admin/public-listings: classifications and curriculums under the administration pages' navigation.
 * Composed here because neither feature may reach into the other.
 */
export function AdminPublicListingsPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <PublicListingsAdminPage />
    </Space>
  );
}
