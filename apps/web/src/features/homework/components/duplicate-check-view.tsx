import type {
  DuplicatePair,
  DuplicateSubmitter,
  ThirdPartyCheck,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import {
  DUPLICATE_VIEW_THRESHOLD_DEFAULT,
  formatDuplicateRate,
} from '@lectern/contracts/homework/duplicate-check.rules';
import { Alert, Button, Empty, Flex, InputNumber, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDuplicatePairs } from '../api/list-duplicate-pairs.ts';
import { useThirdPartyChecks } from '../api/list-third-party-checks.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { DuplicateCheckPairDialog } from './duplicate-check-pair.tsx';

const PAGE_SIZE = 20;

export interface DuplicateCheckViewProps {
  homeworkId: number;
  /** Where the pairs list starts (addendum: 20 in the check view). */
  threshold?: number;
}

function Submitter({ submitter }: { submitter: DuplicateSubmitter }) {
  return (
    <span>
      {submitter.name}
      {submitter.user_no ? <Typography.Text type="secondary"> ({submitter.user_no})</Typography.Text> : null}
    </span>
  );
}

function InPlatformTab({ homeworkId, initialThreshold }: { homeworkId: number; initialThreshold: number }) {
  const { t } = useTranslation('homework');
  const [threshold, setThreshold] = useState(initialThreshold);
  const [page, setPage] = useState(1);
  const [openPair, setOpenPair] = useState<number | null>(null);
  const pairs = useDuplicatePairs(homeworkId, { threshold, page, page_size: PAGE_SIZE });
  const summary = pairs.data?.summary;

  const columns: ColumnsType<DuplicatePair> = [
    {
      key: 'a',
      title: t('duplicate.columns.a'),
      render: (_, pair) => <Submitter submitter={pair.a} />,
    },
    {
      key: 'b',
      title: t('duplicate.columns.b'),
      render: (_, pair) => <Submitter submitter={pair.b} />,
    },
    {
      key: 'rate',
      title: t('duplicate.columns.rate'),
      align: 'right',
      render: (_, pair) => (
        <span
          title={t('duplicate.sideRates', {
            a: formatDuplicateRate(pair.a.rate),
            b: formatDuplicateRate(pair.b.rate),
          })}
        >
          {formatDuplicateRate(pair.rate)}
          {pair.rate === null ? '' : '%'}
        </span>
      ),
    },
    {
      key: 'action',
      title: t('duplicate.columns.action'),
      render: (_, pair) => (
        <Button
          size="small"
          onClick={() => setOpenPair(pair.id)}
          aria-label={t('duplicate.compareWho', { a: pair.a.name, b: pair.b.name })}
        >
          {t('duplicate.compare')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('duplicate.checkableNote')}</Typography.Text>
      <Flex wrap gap={12} align="center">
        <label htmlFor={`duplicate-threshold-${homeworkId}`}>{t('duplicate.threshold')}</label>
        <InputNumber<number>
          id={`duplicate-threshold-${homeworkId}`}
          min={0}
          max={100}
          precision={2}
          suffix="%"
          style={{ width: 120 }}
          value={threshold}
          onChange={(next) => {
            if (next === null) return;
            setThreshold(Math.min(100, Math.max(0, next)));
            setPage(1);
          }}
        />
        {summary ? (
          <Typography.Text>
            {t('duplicate.summary', {
              checked: summary.checked,
              pending: summary.pending,
              notCheckable: summary.not_checkable,
              failed: summary.failed,
            })}
          </Typography.Text>
        ) : null}
      </Flex>
      {pairs.isError ? <ApiErrorAlert error={pairs.error} /> : null}
      <Table<DuplicatePair>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={pairs.data?.items ?? []}
        loading={pairs.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('duplicate.noPairs', { threshold })} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: pairs.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      <DuplicateCheckPairDialog homeworkId={homeworkId} pairId={openPair} onClose={() => setOpenPair(null)} />
    </Flex>
  );
}

const STATUS_COLOURS: Record<ThirdPartyCheck['status'], string> = {
  queued: 'default',
  submitted: 'processing',
  done: 'success',
  failed: 'error',
};

function ThirdPartyTab({ homeworkId }: { homeworkId: number }) {
  const { t } = useTranslation('homework');
  const checks = useThirdPartyChecks(homeworkId, true);
  if (checks.isError) return <ApiErrorAlert error={checks.error} />;
  if (checks.isPending) return <Table loading dataSource={[]} columns={[]} />;
  if (!checks.data.configured) {
    return <Alert type="info" showIcon title={t('duplicate.third.notConfigured')} />;
  }
  const columns: ColumnsType<ThirdPartyCheck> = [
    {
      key: 'submitter',
      title: t('duplicate.third.columns.submitter'),
      render: (_, row) => <Submitter submitter={row.submitter} />,
    },
    { key: 'file', title: t('duplicate.third.columns.file'), dataIndex: 'file_name' },
    {
      key: 'status',
      title: t('duplicate.third.columns.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLOURS[row.status]}>{t(`duplicate.third.status.${row.status}`)}</Tag>
      ),
    },
    {
      key: 'similarity',
      title: t('duplicate.third.columns.similarity'),
      align: 'right',
      render: (_, row) => `${formatDuplicateRate(row.similarity)}${row.similarity === null ? '' : '%'}`,
    },
    {
      key: 'report',
      title: t('duplicate.third.columns.report'),
      render: (_, row) =>
        row.report_url ? (
          <a href={row.report_url} target="_blank" rel="noopener noreferrer">
            {t('duplicate.third.openReport')}
          </a>
        ) : (
          '--'
        ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {t('duplicate.third.provider', { name: checks.data.provider ?? '' })}
      </Typography.Text>
      <Table<ThirdPartyCheck>
        rowKey={(row) => `${row.submission_id}-${row.upload_id}`}
        size="small"
        columns={columns}
        dataSource={checks.data.items}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('duplicate.third.empty')} /> }}
        pagination={false}
      />
    </Flex>
  );
}

/**
 * The duplicate check of one homework (addendum section 2): the platform's own check, pairs at or above a
 * threshold with their shared passages side by side, and the external checker's results when one is set up.
 */
export function DuplicateCheckView({
  homeworkId,
  threshold = DUPLICATE_VIEW_THRESHOLD_DEFAULT,
}: DuplicateCheckViewProps) {
  const { t } = useTranslation('homework');
  const [tab, setTab] = useState('platform');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        {
          key: 'platform',
          label: t('duplicate.tabs.platform'),
          children: <InPlatformTab homeworkId={homeworkId} initialThreshold={threshold} />,
        },
        {
          key: 'third-party',
          label: t('duplicate.tabs.thirdParty'),
          children: <ThirdPartyTab homeworkId={homeworkId} />,
        },
      ]}
    />
  );
}
