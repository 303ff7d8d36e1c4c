import type { RetakeRecord } from '@lectern/contracts/exams/marking.schemas';
import { Flex, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/components/date-time.ts';
import { ErrorState } from '../../../../shared/components/page-state.tsx';
import { useRetakeRecords } from '../../api/list-retake-records.ts';
import { retakeRecordSubmissionPath } from '../taking/exam-paths.ts';

/** Spec 001 section 9: ten records a page, and a pager only when there are more than ten. */
export const RETAKE_PAGE_SIZE = 10;

function openInNewTab(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The exam's retake records: who was let retake, by whom and when. Each row opens the submission the
 * retake followed in a new tab (`/exam/{examId}/subjects#/retake-record-submission/{recordId}`).
 */
export function RetakeRecords({ examId }: { examId: number }) {
  const { t } = useTranslation('exams');
  const switchId = useId();
  const [page, setPage] = useState(1);
  const [includeMakeUp, setIncludeMakeUp] = useState(true);
  const query = useRetakeRecords(examId, { page, pageSize: RETAKE_PAGE_SIZE, includeMakeUp });

  if (query.isError && !query.data) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }

  const total = query.data?.total ?? 0;
  const columns: TableColumnsType<RetakeRecord> = [
    {
      key: 'name',
      title: t('retakes.student'),
      render: (_, record) => (
        <a
          href={retakeRecordSubmissionPath(examId, record.id)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => event.stopPropagation()}
        >
          {record.examinee.name}
        </a>
      ),
    },
    { key: 'userNo', title: t('retakes.userNo'), render: (_, record) => record.examinee.user_no },
    {
      key: 'examType',
      title: t('retakes.examType'),
      render: (_, record) =>
        record.exam_type === 'makeup' ? <Tag color="purple">{t('retakes.makeup')}</Tag> : t('retakes.main'),
    },
    {
      key: 'markStatus',
      title: t('retakes.markStatus'),
      render: (_, record) => t(`marking.status.${record.examinee.mark_status}`),
    },
    {
      key: 'submitTime',
      title: t('retakes.submitTime'),
      render: (_, record) => formatDateTime(record.submit_time) || '—',
    },
    {
      key: 'operator',
      title: t('retakes.operator'),
      render: (_, record) => record.retake_operator?.name ?? '—',
    },
    {
      key: 'operateTime',
      title: t('retakes.operateTime'),
      render: (_, record) => formatDateTime(record.retake_operate_time),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={8}>
        <Switch
          id={switchId}
          size="small"
          checked={includeMakeUp}
          onChange={(checked) => {
            setIncludeMakeUp(checked);
            setPage(1);
          }}
        />
        <label htmlFor={switchId}>{t('retakes.includeMakeUp')}</label>
      </Flex>
      <Table<RetakeRecord>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.items ?? []}
        locale={{ emptyText: t('retakes.empty') }}
        onRow={(record) => ({
          onClick: () => openInNewTab(retakeRecordSubmissionPath(examId, record.id)),
          style: { cursor: 'pointer' },
        })}
        pagination={
          total > RETAKE_PAGE_SIZE
            ? {
                current: page,
                pageSize: RETAKE_PAGE_SIZE,
                total,
                showSizeChanger: false,
                onChange: setPage,
              }
            : false
        }
      />
      {total > 0 ? (
        <Typography.Text type="secondary">{t('retakes.total', { count: total })}</Typography.Text>
      ) : null}
    </Flex>
  );
}
