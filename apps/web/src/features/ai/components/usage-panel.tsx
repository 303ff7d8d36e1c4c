import type { AiUsageByFeature, AiUserUsage } from '@lectern/contracts/ai/ai.schemas';
import { DatePicker, Flex, Form, Table, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { useUsageByFeature, type UsageWindow } from '../api/get-usage-by-feature.ts';
import { useUsageByUser } from '../api/get-usage-by-user.ts';
import { ListSearch, pagination } from './list-toolbar.tsx';

type FeatureRow = AiUsageByFeature['items'][number];

/** Whole days: from the first day's start to the end of the last. */
function windowOf(range: [Dayjs | null, Dayjs | null] | null): UsageWindow {
  const [from, to] = range ?? [null, null];
  return {
    from: from?.startOf('day').toISOString(),
    to: to?.add(1, 'day').startOf('day').toISOString(),
  };
}

/** What the organisation's AI calls cost, by feature and by user, over a chosen period. */
export function UsagePanel() {
  const { t } = useTranslation('ai');
  const [window, setWindow] = useState<UsageWindow>({});
  const [params, setParams] = useState({ page: 1, pageSize: 20, keyword: '' });
  const byFeature = useUsageByFeature(window);
  const byUser = useUsageByUser({ ...params, keyword: params.keyword || undefined, ...window });

  const numbers = [
    { title: t('usage.calls'), dataIndex: 'calls', width: 90 },
    { title: t('usage.promptTokens'), dataIndex: 'promptTokens', width: 130 },
    { title: t('usage.completionTokens'), dataIndex: 'completionTokens', width: 140 },
    { title: t('usage.credits'), dataIndex: 'credits', width: 90 },
  ];
  const featureColumns: TableColumnsType<FeatureRow> = [
    {
      title: t('usage.feature'),
      dataIndex: 'feature',
      width: 180,
      render: (feature: string) => t(`usage.features.${feature}`, { defaultValue: feature }),
    },
    ...numbers,
  ];
  const userColumns: TableColumnsType<AiUserUsage> = [
    { title: t('users.userNo'), dataIndex: 'userNo', width: 120 },
    { title: t('users.userName'), dataIndex: 'userName', width: 140 },
    { title: t('users.department'), dataIndex: 'department', width: 140 },
    ...numbers,
  ];

  return (
    <Flex vertical gap="middle">
      <Form.Item label={t('usage.period')} htmlFor="ai-usage-period" style={{ marginBottom: 0 }}>
        <DatePicker.RangePicker
          id={{ start: 'ai-usage-period' }}
          allowEmpty={[true, true]}
          onChange={(range) => {
            setWindow(windowOf(range));
            setParams((p) => ({ ...p, page: 1 }));
          }}
        />
      </Form.Item>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('usage.byFeature')}
      </Typography.Title>
      <PageState query={byFeature}>
        {(data) => (
          <ScrollableTable label={t('usage.featureLabel')}>
            <Table<FeatureRow>
              rowKey="feature"
              columns={featureColumns}
              dataSource={data.items}
              pagination={false}
              scroll={{ x: 630 }}
              locale={{ emptyText: t('usage.empty') }}
            />
          </ScrollableTable>
        )}
      </PageState>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {t('usage.byUser')}
      </Typography.Title>
      <ListSearch
        placeholder={t('list.userSearchPlaceholder')}
        onSearch={(keyword) => setParams((p) => ({ ...p, page: 1, keyword }))}
      />
      <PageState query={byUser}>
        {(data) => (
          <ScrollableTable label={t('usage.userLabel')}>
            <Table<AiUserUsage>
              rowKey="userId"
              columns={userColumns}
              dataSource={data.items}
              scroll={{ x: 850 }}
              locale={{ emptyText: t('usage.empty') }}
              pagination={pagination(
                data,
                (range) => t('list.range', range),
                (page, pageSize) => setParams((p) => ({ ...p, page, pageSize })),
              )}
            />
          </ScrollableTable>
        )}
      </PageState>
    </Flex>
  );
}
