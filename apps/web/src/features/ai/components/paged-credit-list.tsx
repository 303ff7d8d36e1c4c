import type { UseQueryResult } from '@tanstack/react-query';
import { Flex, Form, InputNumber, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../api/ai-keys.ts';
import { useOrgCredit } from '../api/get-org-credit.ts';
import { PageState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { ListSearch, pagination } from './list-toolbar.tsx';

type Frame<T> = { items: T[]; page: number; pageSize: number; total: number; start: number; end: number };

/** The search and page of an administration list; searching goes back to the first page. */
export function useListParams() {
  const [params, setParams] = useState({ page: 1, pageSize: 20, keyword: '' });
  const query: ListParams = { ...params, keyword: params.keyword || undefined };
  return {
    query,
    search: (keyword: string) => setParams((p) => ({ ...p, page: 1, keyword })),
    turn: (page: number, pageSize: number) => setParams((p) => ({ ...p, page, pageSize })),
  };
}

export interface PagedCreditListProps<T> {
  list: ReturnType<typeof useListParams>;
  result: UseQueryResult<Frame<T>>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  scrollX: number;
  searchPlaceholder: string;
  tableLabel: string;
}

/** A searchable, paged table of credits (users or courses) in the spec's paged frame. */
export function PagedCreditList<T extends object>({
  list,
  result,
  columns,
  rowKey,
  scrollX,
  searchPlaceholder,
  tableLabel,
}: PagedCreditListProps<T>) {
  const { t } = useTranslation('ai');
  return (
    <Flex vertical gap="middle">
      <ListSearch placeholder={searchPlaceholder} onSearch={list.search} />
      <PageState query={result}>
        {(data) => (
          <ScrollableTable label={tableLabel}>
            <Table<T>
              rowKey={rowKey}
              columns={columns}
              dataSource={data.items}
              scroll={{ x: scrollX }}
              locale={{ emptyText: t('list.empty') }}
              pagination={pagination(data, (range) => t('list.range', range), list.turn)}
            />
          </ScrollableTable>
        )}
      </PageState>
    </Flex>
  );
}

/** The credits to assign in an allocation dialog, with what the organisation has left to give. */
export function AssignedCreditField() {
  const { t } = useTranslation('ai');
  const org = useOrgCredit();
  return (
    <Form.Item
      name="assigned"
      label={t('users.assigned')}
      rules={[{ required: true }]}
      extra={org.data ? t('users.assignedHelp', { count: org.data.creditRemaining }) : undefined}
    >
      <InputNumber min={0} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}
