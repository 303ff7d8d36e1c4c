import { Alert, Flex, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAiStatus } from '../../../shared/hooks/use-ai-credit.ts';
import { AiConfigForm } from '../components/ai-config-form.tsx';
import { CourseCreditsTable } from '../components/course-credits-table.tsx';
import { CreditRequestsTable } from '../components/credit-requests-table.tsx';
import { OrgCreditSummary } from '../components/org-credit-summary.tsx';
import { UsagePanel } from '../components/usage-panel.tsx';
import { UserCreditsTable } from '../components/user-credits-table.tsx';

const TABS = ['overview', 'users', 'courses', 'requests', 'usage', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * The organisation administrator's AI credits: balances, allocation to users and courses, request
 * approvals, usage by feature and user, and settings. The open tab lives in the address (`?tab=`).
 */
export function AiAdminPage() {
  const { t } = useTranslation('ai');
  const status = useAiStatus();
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((key) => key === search.get('tab')) ?? 'overview';
  const panels: Record<Tab, ReactNode> = {
    overview: <OrgCreditSummary />,
    users: <UserCreditsTable />,
    courses: <CourseCreditsTable />,
    requests: <CreditRequestsTable />,
    usage: <UsagePanel />,
    settings: <AiConfigForm />,
  };
  return (
    <Flex vertical gap="middle" style={{ minWidth: 0 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('admin.title')}
      </Typography.Title>
      {status.data && !status.data.available ? (
        <Alert type="info" showIcon title={t('admin.unavailable')} />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((key) => ({ key, label: t(`admin.tabs.${key}`), children: panels[key] }))}
      />
    </Flex>
  );
}
