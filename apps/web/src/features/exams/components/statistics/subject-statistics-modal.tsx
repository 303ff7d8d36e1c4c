import type { SubjectType } from '@lectern/contracts/exams/subject.schemas';
import {
  STATISTICS_OPTION_TABS,
  type StatisticsRow,
  type SubjectStatistics,
} from '@lectern/contracts/exams/exam-statistics.schemas';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Input, Modal, Radio, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../../shared/components/page-state.tsx';
import { htmlToText, RenderedHtml } from '../../../../shared/components/rendered-html.tsx';
import { ScrollableTable } from '../../../../shared/components/scrollable-table.tsx';
import { usePushEvents } from '../../../../shared/hooks/use-push-events.ts';
import type { StatisticsFilter } from '../../api/get-subject-statistics.ts';

/**
 * Where a question's statistics come from. Exams and classroom exams use `subjectStatisticsSource`;
 * another owner of questions (questionnaires) passes its own loader with the same response shape.
 */
export interface StatisticsSource {
  /** The cache key of this question's statistics; filters are appended. */
  queryKey: readonly unknown[];
  load(filter: StatisticsFilter, signal?: AbortSignal): Promise<SubjectStatistics>;
  /** Refetch when the push stream says this exam's answers changed (classroom questions in class). */
  live?: { courseId: number; examId: number } | undefined;
}

/** At most one refetch per this long however fast answers arrive; the last burst still gets one. */
export const LIVE_REFETCH_MS = 1000;

const PAGE_SIZE = 10;

const letter = (index: number) => String.fromCharCode(65 + index);

type TabKey = 'all' | 'unsubmitted' | 'more' | `option-${number}`;

function useLiveRefetch(source: StatisticsSource): void {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refetch = () => {
    last.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: source.queryKey });
  };
  usePushEvents({
    onEvent: (event) => {
      const live = source.live;
      if (!live || event.course_id !== live.courseId || event.type !== 'exam.answers_changed') return;
      if (event.data.exam_id !== live.examId || timer.current) return;
      const wait = last.current + LIVE_REFETCH_MS - Date.now();
      if (wait <= 0) refetch();
      else
        timer.current = setTimeout(() => {
          timer.current = null;
          refetch();
        }, wait);
    },
    onResync: () => {
      if (source.live) refetch();
    },
  });
}

function accuracyColor(rate: number): string {
  if (rate >= 0.8) return 'success';
  if (rate >= 0.6) return 'warning';
  return 'error';
}

export interface SubjectStatisticsModalProps {
  open: boolean;
  onClose: () => void;
  source: StatisticsSource;
}

/**
 * Spec 000 screen 2: question type, accuracy, the question, one tab per option (the first four, the rest
 * under "more"), the unsubmitted students, a search box and a paged table of students.
 */
export function SubjectStatisticsModal({ open, onClose, source }: SubjectStatisticsModalProps) {
  const { t } = useTranslation('exams');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('statistics.title')}
      width={{ xs: '100%', md: 720, lg: 880 }}
      destroyOnHidden
    >
      {open && <StatisticsBody source={source} />}
    </Modal>
  );
}

function StatisticsBody({ source }: { source: StatisticsSource }) {
  const { t, i18n } = useTranslation('exams');
  const [tab, setTab] = useState<TabKey>('all');
  const [moreOption, setMoreOption] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  useLiveRefetch(source);

  const optionId = tab.startsWith('option-')
    ? Number(tab.slice('option-'.length))
    : tab === 'more'
      ? moreOption
      : null;
  const filter: StatisticsFilter = {
    tab:
      tab === 'unsubmitted'
        ? { kind: 'unsubmitted' }
        : optionId !== null
          ? { kind: 'option', optionId }
          : { kind: 'all' },
    keyword,
    page,
    pageSize: PAGE_SIZE,
  };
  const query = useQuery({
    queryKey: [...source.queryKey, filter] as const,
    queryFn: ({ signal }) => source.load(filter, signal),
    placeholderData: keepPreviousData,
  });

  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.data)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  const data = query.data;
  const { summary, options } = data;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const letters = new Map(options.map((o, i) => [o.id, letter(i)]));
  const shown = options.slice(0, STATISTICS_OPTION_TABS);
  const rest = options.slice(STATISTICS_OPTION_TABS);

  const optionLabel = (o: (typeof options)[number]) =>
    t(o.isAnswer ? 'statistics.optionCorrect' : 'statistics.option', {
      letter: letters.get(o.id),
      count: o.chosenCount,
    });

  const answerOf = (row: StatisticsRow): string => {
    if (row.unsubmitted) return t('statistics.noAnswer');
    if (row.answerOptionIds.length > 0)
      return row.answerOptionIds.map((id) => letters.get(id) ?? '?').join(', ');
    if (row.answers.length > 0)
      return [...row.answers]
        .sort((a, b) => a.sort - b.sort)
        .map((a) => a.content)
        .join(' / ');
    return row.answer ? htmlToText(row.answer) : t('statistics.noAnswer');
  };

  const columns: TableColumnsType<StatisticsRow> = [
    { key: 'userNo', dataIndex: 'userNo', title: t('statistics.userNo') },
    { key: 'name', dataIndex: 'name', title: t('statistics.name') },
    { key: 'klass', dataIndex: 'klass', title: t('statistics.klass'), render: (k: string | null) => k ?? '' },
    { key: 'answer', title: t('statistics.answer'), render: (_: unknown, row) => answerOf(row) },
    {
      key: 'result',
      title: t('statistics.result'),
      render: (_: unknown, row) =>
        row.isAnswerRight === null ? (
          <Tag>{t('statistics.notSubmitted')}</Tag>
        ) : row.isAnswerRight ? (
          <Tag color="success">{t('statistics.right')}</Tag>
        ) : (
          <Tag color="error">{t('statistics.wrong')}</Tag>
        ),
    },
  ];

  const table = (
    <ScrollableTable label={t('statistics.table')}>
      <Table<StatisticsRow>
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={data.items}
        loading={query.isFetching && query.isPlaceholderData}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('statistics.empty') }}
        pagination={{
          current: data.page,
          pageSize: data.page_size,
          total: data.total,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </ScrollableTable>
  );

  const changeTab = (key: string) => {
    setTab(key as TabKey);
    setPage(1);
    if (key === 'more' && moreOption === null && rest[0]) setMoreOption(rest[0].id);
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Tag color="blue">{t(`types.${data.subject.type as SubjectType}`)}</Tag>
        <Tag color={accuracyColor(summary.correctRate)}>
          {t('statistics.accuracy', { rate: percent.format(summary.correctRate) })}
        </Tag>
        <Typography.Text type="secondary">
          {t('statistics.summary', {
            submitted: summary.submitterCount,
            students: summary.studentsCount,
            correct: summary.correctCount,
            wrong: summary.wrongCount,
          })}
        </Typography.Text>
        {source.live && <Typography.Text type="secondary">{t('statistics.live')}</Typography.Text>}
      </Flex>
      <section aria-label={t('statistics.question')}>
        <RenderedHtml html={data.subject.description} />
      </section>
      <Input.Search
        aria-label={t('statistics.search')}
        placeholder={t('statistics.searchPlaceholder')}
        allowClear
        style={{ maxWidth: 320 }}
        onSearch={(value) => {
          setKeyword(value);
          setPage(1);
        }}
      />
      <Tabs
        aria-label={t('statistics.tabs')}
        activeKey={tab}
        onChange={changeTab}
        items={[
          { key: 'all', label: t('statistics.all', { count: summary.studentsCount }), children: table },
          ...shown.map((o) => ({ key: `option-${o.id}`, label: optionLabel(o), children: table })),
          ...(rest.length > 0
            ? [
                {
                  key: 'more',
                  label: t('statistics.more'),
                  children: (
                    <Flex vertical gap={12}>
                      <Radio.Group
                        aria-label={t('statistics.moreOptions')}
                        optionType="button"
                        value={moreOption}
                        onChange={(event) => {
                          setMoreOption(event.target.value as number);
                          setPage(1);
                        }}
                        options={rest.map((o) => ({ value: o.id, label: optionLabel(o) }))}
                      />
                      {table}
                    </Flex>
                  ),
                },
              ]
            : []),
          {
            key: 'unsubmitted',
            label: t('statistics.unsubmitted', { count: summary.studentsCount - summary.submitterCount }),
            children: table,
          },
        ]}
      />
    </Flex>
  );
}
