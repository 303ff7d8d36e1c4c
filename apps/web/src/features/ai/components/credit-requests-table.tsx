import type { CreditRequest } from '@lectern/contracts/ai/ai.schemas';
import { App, Button, Form, Input, InputNumber, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, PICKER_DATE_TIME_FORMAT } from '../../../shared/components/date-time.ts';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { PageState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { useApproveCreditRequest } from '../api/approve-credit-request.ts';
import { useCreditRequests } from '../api/list-credit-requests.ts';
import { useMyCreditRequests } from '../api/list-my-credit-requests.ts';
import { useRefuseCreditRequest } from '../api/refuse-credit-request.ts';
import { pagination } from './list-toolbar.tsx';

const STATUS_COLOURS = { pending: 'processing', approved: 'success', refused: 'error' } as const;

type Decision = { kind: 'approve' | 'refuse'; request: CreditRequest };

/** Credit requests: every request with approval for administrators, or the user's own (`mine`). */
export function CreditRequestsTable({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation('ai');
  const { message } = App.useApp();
  const [params, setParams] = useState({ page: 1, pageSize: 20 });
  const all = useCreditRequests(params, !mine);
  const own = useMyCreditRequests(params, mine);
  const requests = mine ? own : all;
  const approve = useApproveCreditRequest();
  const refuse = useRefuseCreditRequest();
  const [decision, setDecision] = useState<Decision | null>(null);

  const columns: TableColumnsType<CreditRequest> = [
    ...(mine
      ? []
      : [
          {
            title: t('requests.user'),
            key: 'user',
            width: 160,
            render: (_: unknown, r: CreditRequest) => `${r.user.name} (${r.user.user_no})`,
          },
        ]),
    {
      title: t('requests.target'),
      key: 'target',
      width: 160,
      render: (_: unknown, r: CreditRequest) => (r.course ? r.course.name : t('requests.targetUser')),
    },
    { title: t('requests.applied'), dataIndex: 'applied_credits', width: 100 },
    { title: t('requests.approved'), dataIndex: 'approved_credits', width: 100 },
    { title: t('requests.reason'), dataIndex: 'reason', width: 200 },
    {
      title: t('requests.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: CreditRequest['status']) => (
        <Tag color={STATUS_COLOURS[status]}>{t(`requests.statuses.${status}`)}</Tag>
      ),
    },
    {
      title: t('requests.createdAt'),
      dataIndex: 'created_at',
      width: 150,
      render: (at: string) => formatDateTime(at, PICKER_DATE_TIME_FORMAT),
    },
    {
      title: t('requests.auditor'),
      dataIndex: 'auditor',
      width: 120,
      render: (auditor: CreditRequest['auditor']) => auditor?.name ?? '',
    },
    { title: t('requests.remark'), dataIndex: 'remark', width: 160 },
    ...(mine
      ? []
      : [
          {
            title: t('users.actions'),
            key: 'actions',
            width: 150,
            fixed: 'right' as const,
            render: (_: unknown, request: CreditRequest) =>
              request.status === 'pending' ? (
                <Space size={0}>
                  <Button
                    type="link"
                    onClick={() => setDecision({ kind: 'approve', request })}
                    aria-label={t('requests.approveTitle', { name: request.user.name })}
                  >
                    {t('requests.approve')}
                  </Button>
                  <Button
                    type="link"
                    danger
                    onClick={() => setDecision({ kind: 'refuse', request })}
                    aria-label={t('requests.refuseTitle', { name: request.user.name })}
                  >
                    {t('requests.refuse')}
                  </Button>
                </Space>
              ) : null,
          },
        ]),
  ];

  return (
    <>
      <PageState query={requests}>
        {(data) => (
          <ScrollableTable label={mine ? t('mine.historyLabel') : t('requests.tableLabel')}>
            <Table<CreditRequest>
              rowKey="id"
              columns={columns}
              dataSource={data.items}
              scroll={{ x: mine ? 930 : 1240 }}
              locale={{ emptyText: t('requests.empty') }}
              pagination={pagination(
                data,
                (range) => t('list.range', range),
                (page, pageSize) => setParams({ page, pageSize }),
              )}
            />
          </ScrollableTable>
        )}
      </PageState>
      {decision?.kind === 'approve' ? (
        <FormModal<{ approved_credits: number; remark?: string }>
          open
          title={t('requests.approveTitle', { name: decision.request.user.name })}
          initialValues={{ approved_credits: decision.request.applied_credits }}
          onClose={() => setDecision(null)}
          onSubmit={async (values) => {
            await approve.mutateAsync({ id: decision.request.id, ...values });
            void message.success(t('requests.approvedToast'));
          }}
        >
          <Form.Item
            name="approved_credits"
            label={t('requests.approvedCredits')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label={t('requests.remark')}>
            <Input.TextArea maxLength={1000} autoSize={{ minRows: 2 }} />
          </Form.Item>
        </FormModal>
      ) : null}
      {decision?.kind === 'refuse' ? (
        <FormModal<{ remark?: string }>
          open
          title={t('requests.refuseTitle', { name: decision.request.user.name })}
          onClose={() => setDecision(null)}
          onSubmit={async (values) => {
            await refuse.mutateAsync({ id: decision.request.id, remark: values.remark || undefined });
            void message.success(t('requests.refusedToast'));
          }}
        >
          <Form.Item name="remark" label={t('requests.remark')}>
            <Input.TextArea maxLength={1000} autoSize={{ minRows: 2 }} />
          </Form.Item>
        </FormModal>
      ) : null}
    </>
  );
}
