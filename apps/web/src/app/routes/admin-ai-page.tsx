import { Space } from 'antd';
import { AiAdminPage } from '../../features/ai/routes/ai-admin-page.tsx';
import { AdminNav } from '../../features/identity/components/admin-nav.tsx';

/**
 * /admin/ai: the AI credits administration under the administration pages' navigation.
 * Composed here because neither feature may reach into the other.
 */
export function AdminAiPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <AdminNav />
      <AiAdminPage />
    </Space>
  );
}
