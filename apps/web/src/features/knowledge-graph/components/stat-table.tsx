import type { MasteryLevel } from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Button,
  Flex,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { KNOWLEDGE_STAT_PAGE_SIZE } from '../api/knowledge-graph-keys.ts';
import { formatRate } from './stat-format.ts';

/** Every statistics row (node, student, resource, activity) is keyed by its id. */
type StatRow = { id: number };
type Rate = number | null;

const LEVEL_COLOR: Record<MasteryLevel, string> = {
  weak: 'red',
  fair: 'gold',
  mastered: 'green',
  unanswered: 'default',
};

export function MasteryLevelTag({ level }: { level: MasteryLevel }) {
  const { t } = useTranslation('knowledge-graph');
  return <Tag color={LEVEL_COLOR[level]}>{t(`stats.level.${level}`)}</Tag>;
}

/** A rate column: the row's `field` as a percentage, or a dash without one. */
export function rateColumn<Field extends string>(key: string, title: string, field: Field) {
  return { key, title, render: (_value: unknown, row: Record<Field, Rate>) => formatRate(row[field]) };
}

/** The completeness column every statistics table shows. */
export function completenessColumn(t: TFunction<'knowledge-graph'>) {
  return rateColumn('completeness', t('stats.completeness'), 'completeness_rate');
}

/** A student's mastery of a node: the rate with its level. */
export function masteryLevelColumn(t: TFunction<'knowledge-graph'>) {
  return {
    key: 'mastery',
    title: t('stats.mastery'),
    render: (_value: unknown, row: { mastery_rate: Rate; level: MasteryLevel }) => (
      <Flex gap={4} align="center" wrap>
        {formatRate(row.mastery_rate)} <MasteryLevelTag level={row.level} />
      </Flex>
    ),
  };
}

/** The row's name as a link-styled button that opens the row's own statistics. */
export function nameLinkColumn<Row extends StatRow & { name: string }>(
  title: string,
  onOpen: (row: Row) => void,
) {
  return {
    key: 'name',
    title,
    render: (_value: unknown, row: Row) => (
      <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(row)}>
        {row.name}
      </Button>
    ),
  };
}

/** One table of statistics rows, scrolling sideways inside its own named region on phones. */
export function StatTable<Row extends StatRow>({
  label,
  rows,
  columns,
  loading,
  pagination = false,
}: {
  label: string;
  rows: readonly Row[];
  columns: TableColumnsType<Row>;
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
}) {
  return (
    <ScrollableTable label={label}>
      <Table<Row>
        size="small"
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={loading}
        dataSource={rows}
        pagination={pagination}
        columns={columns}
      />
    </ScrollableTable>
  );
}

/**
 * A statistics table one server page at a time (KNOWLEDGE_STAT_PAGE_SIZE rows); the pager shows only when
 * there is more than one page.
 */
export function PagedStatTable<Row extends StatRow>({
  label,
  query,
  page,
  onPageChange,
  columns,
}: {
  label: string;
  query: Pick<UseQueryResult<{ items: Row[]; total: number }>, 'data' | 'isPending'>;
  page: number;
  onPageChange: (page: number) => void;
  columns: TableColumnsType<Row>;
}) {
  const total = query.data?.total ?? 0;
  return (
    <StatTable
      label={label}
      loading={query.isPending}
      rows={query.data?.items ?? []}
      pagination={
        total > KNOWLEDGE_STAT_PAGE_SIZE
          ? {
              current: page,
              pageSize: KNOWLEDGE_STAT_PAGE_SIZE,
              total,
              onChange: onPageChange,
              showSizeChanger: false,
            }
          : false
      }
      columns={columns}
    />
  );
}

/** A failed statistics query, with a retry. */
export function StatQueryError({
  query,
}: {
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isRefetching'>;
}) {
  return (
    <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
  );
}

/** Headline figures of a statistics view, as a wrapping list of label and value. */
export function StatFigures({
  figures,
}: {
  figures: readonly { key: string; label: string; value: ReactNode }[];
}) {
  return (
    <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 24px', margin: 0 }}>
      {figures.map((figure) => (
        <div key={figure.key} style={{ minWidth: 120 }}>
          <dt>
            <Typography.Text type="secondary">{figure.label}</Typography.Text>
          </dt>
          <dd style={{ margin: 0, fontSize: 20 }}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
