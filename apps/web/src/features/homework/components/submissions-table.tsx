import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { formatDuplicateRate } from '@lectern/contracts/homework/duplicate-check.rules';
import { HOMEWORK_STATUS_VALUES, type HomeworkStatus } from '@lectern/contracts/homework/homework.rules';
import type { HomeworkDetail, HomeworkSubmitter } from '@lectern/contracts/homework/homework.schemas';
import {
  App,
  Button,
  Flex,
  Input,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useDuplicateRates } from '../api/get-duplicate-rates.ts';
import { useSubmitters } from '../api/list-submitters.ts';
import { MarkingDialog } from './marking-dialog.tsx';
import {
  filterSubmitters,
  NO_FILTER,
  scoreText,
  statusKey,
  submissionCounts,
  type MarkStatusFilter,
  type SubmittersFilter,
} from './marking-rules.ts';
import { SubmitterActions } from './submissions-table-actions.tsx';

/** The duplicate-rate endpoint takes at most this many ids at once. */
const RATE_IDS_MAX = 500;

const STATUS_COLORS: Record<HomeworkStatus, string> = {
  1: 'green',
  2: 'blue',
  3: 'default',
  4: 'gold',
  5: 'orange',
};

/** `/zip/uploads?upload_ids=1,2,3&timezone=<the browser's zone>`: one zip of the files. */
export function zipDownloadUrl(uploadIds: readonly number[], timeZone: string): string {
  return buildUrl('/zip/uploads', { upload_ids: uploadIds.join(','), timezone: timeZone });
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The files of the listed submitters' latest hand-ins, as the marking list carries them: one zip. */
export function latestUploadIds(submitters: readonly HomeworkSubmitter[]): number[] {
  return [...new Set(submitters.flatMap((s) => s.latest_upload_ids))];
}

function SubmissionsFilters({
  filter,
  onFilter,
  keyword,
  onKeyword,
}: {
  filter: SubmittersFilter;
  onFilter: (filter: SubmittersFilter) => void;
  keyword: string;
  onKeyword: (keyword: string) => void;
}) {
  const { t } = useTranslation('homework');
  return (
    <Flex gap={12} wrap align="center">
      <Radio.Group
        aria-label={t('marking.markStatus.label')}
        optionType="button"
        value={filter.markStatus}
        onChange={(event) => onFilter({ ...filter, markStatus: event.target.value as MarkStatusFilter })}
        options={(['all', 'unmarked', 'marked'] as const).map((value) => ({
          value,
          label: t(`marking.markStatus.${value}`),
        }))}
      />
      <Select<HomeworkStatus[]>
        mode="multiple"
        maxTagCount={2}
        allowClear
        aria-label={t('marking.dialog.submissionStatus')}
        placeholder={t('marking.dialog.submissionStatusPlaceholder')}
        value={[...filter.statuses]}
        onChange={(statuses) => onFilter({ ...filter, statuses })}
        options={HOMEWORK_STATUS_VALUES.map((status) => ({
          value: status,
          label: t(`marking.status.${statusKey(status)}`),
        }))}
        style={{ minWidth: 220 }}
      />
      <Input.Search
        allowClear
        aria-label={t('marking.panel.search')}
        placeholder={t('marking.panel.search')}
        value={keyword}
        onChange={(event) => onKeyword(event.target.value)}
        style={{ width: 220 }}
      />
    </Flex>
  );
}

export interface HomeworkSubmissionsPanelProps {
  /** The homework as `GET /api/homework/{id}` answers it (rights, group or not, title, description). */
  homework: HomeworkDetail;
}

/**
 * The teaching team's list of students (or groups) of one homework: where each stands, their score and
 * duplicate rate, actions with confirmations, download of every file, and the marking dialog.
 */
export function HomeworkSubmissionsPanel({ homework }: HomeworkSubmissionsPanelProps) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const course = useCurrentCourse();
  const titleId = useId();
  const simulating = course.simulating || homework.is_simulating;
  const canAct = homework.permissions.allow_setting && !simulating;
  const submitters = useSubmitters(homework.id);
  const [filter, setFilter] = useState<SubmittersFilter>(NO_FILTER);
  const [keyword, setKeyword] = useState('');
  const [marking, setMarking] = useState<{ open: boolean; submitterId: number | null }>({
    open: false,
    submitterId: null,
  });

  const all = useMemo(() => submitters.data?.submitters ?? [], [submitters.data]);
  const rows = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    return filterSubmitters(all, filter).filter(
      (s) =>
        !needle || s.name.toLowerCase().includes(needle) || (s.user_no ?? '').toLowerCase().includes(needle),
    );
  }, [all, filter, keyword]);
  const rateIds = useMemo(
    () =>
      all
        .filter((s) => s.submission_count > 0)
        .map((s) => s.id)
        .slice(0, RATE_IDS_MAX),
    [all],
  );
  const rates = useDuplicateRates(homework.id, rateIds, homework.duplicate_check_enabled);
  const rateByTarget = useMemo(
    () => new Map((rates.data?.rates ?? []).map((r) => [r.target_id, r.rate])),
    [rates.data],
  );
  const rateOf = (id: number) => rateByTarget.get(id) ?? null;
  const counts = submissionCounts(all);

  const downloadAll = () => {
    const uploadIds = latestUploadIds(rows);
    if (uploadIds.length === 0) {
      void message.info(t('marking.panel.noFiles'));
      return;
    }
    window.location.assign(zipDownloadUrl(uploadIds, browserTimeZone()));
  };

  const columns: TableProps<HomeworkSubmitter>['columns'] = [
    {
      key: 'name',
      title: homework.is_group ? t('marking.columns.group') : t('marking.columns.name'),
      fixed: 'start',
      width: 180,
      render: (_, s) => (
        <Flex vertical>
          <Typography.Text strong>{s.name}</Typography.Text>
          {s.user_no ? <Typography.Text type="secondary">{s.user_no}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('marking.columns.status'),
      width: 150,
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLORS[s.status]}>{t(`marking.status.${statusKey(s.status)}`)}</Tag>
          {s.make_up_end_time ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('marking.panel.makeUpUntil', { time: formatDateTime(s.make_up_end_time) })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { key: 'versions', title: t('marking.columns.versions'), width: 90, dataIndex: 'submission_count' },
    {
      key: 'submittedAt',
      title: t('marking.columns.submittedAt'),
      width: 170,
      render: (_, s) => (s.submitted_at ? formatDateTime(s.submitted_at) : '--'),
    },
    {
      key: 'score',
      title: t('marking.columns.score'),
      width: 90,
      render: (_, s) => scoreText(s.final_score ?? s.score),
    },
    {
      key: 'recommend',
      title: t('marking.columns.recommend'),
      width: 110,
      render: (_, s) => (s.recommend === 1 ? <Tag color="purple">{t('marking.recommended')}</Tag> : null),
    },
    {
      key: 'duplicateRate',
      title: t('marking.columns.duplicateRate'),
      width: 120,
      render: (_, s) => {
        const rate = rateOf(s.id);
        return rate === null ? '--' : `${formatDuplicateRate(rate)}%`;
      },
    },
    {
      key: 'actions',
      title: t('marking.columns.actions'),
      fixed: 'end',
      width: 140,
      render: (_, s) => (
        <Space size={4}>
          <Button
            size="small"
            type="primary"
            ghost
            icon={<EditOutlined aria-hidden />}
            aria-label={t('marking.panel.markNamed', { name: s.name })}
            onClick={() => setMarking({ open: true, submitterId: s.id })}
          >
            {t('marking.panel.mark')}
          </Button>
          <SubmitterActions homeworkId={homework.id} submitter={s} disabled={!canAct} />
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby={titleId}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Space size={12} wrap>
          <Typography.Title level={5} id={titleId} style={{ margin: 0 }}>
            {t('marking.panel.title')}
          </Typography.Title>
          {submitters.data ? (
            <Typography.Text type="secondary" data-testid="submission-counts">
              {t('marking.panel.counts', counts)}
            </Typography.Text>
          ) : null}
        </Space>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={!submitters.data || counts.submitted === 0}
          title={t('marking.panel.downloadAllHint')}
          onClick={downloadAll}
        >
          {t('marking.panel.downloadAll')}
        </Button>
      </Flex>
      <SubmissionsFilters filter={filter} onFilter={setFilter} keyword={keyword} onKeyword={setKeyword} />
      {submitters.isError ? (
        <ErrorState error={submitters.error} onRetry={() => void submitters.refetch()} />
      ) : (
        <div style={{ marginTop: 12, maxWidth: '100%', overflow: 'hidden' }}>
          <Table<HomeworkSubmitter>
            size="small"
            rowKey={(s) => `${s.kind}-${s.id}`}
            loading={submitters.isPending}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 1050 }}
            locale={{ emptyText: t('marking.panel.empty') }}
            pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
            aria-label={t('marking.panel.listLabel')}
          />
        </div>
      )}
      <MarkingDialog
        homework={homework}
        open={marking.open}
        submitterId={marking.submitterId}
        simulating={simulating}
        onClose={() => setMarking((state) => ({ ...state, open: false }))}
      />
    </section>
  );
}
