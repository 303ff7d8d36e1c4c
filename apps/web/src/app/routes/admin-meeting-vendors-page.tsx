import { Space } from 'antd';
import { AdminNav } from '../../features/identity/components/admin-nav.tsx';
import { MeetingVendorSettingsPage } from '../../features/meetings/routes/meeting-vendor-settings-page.tsx';

/**
 * /admin/meeting-vendors: the organisation's meeting vendor credentials, under the administration pages'
 * navigation. Composed here because neither feature may reach into the other.
 */
export function AdminMeetingVendorsPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <MeetingVendorSettingsPage />
    </Space>
  );
}
