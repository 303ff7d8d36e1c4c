import { weightShare } from '@lectern/contracts/gradebook/gradebook.rules';
import type { GradebookRow, GradeScoreItem } from '@lectern/contracts/gradebook/gradebook.schemas';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WeightInput } from './weight-input.tsx';

export interface GradebookTableProps {
  courseId: number;
  items: GradeScoreItem[];
  rows: GradebookRow[];
  /** Instructors set weights; others see them. */
  canEditWeights: boolean;
}

function ItemHeader({
  courseId,
  item,
  share,
  canEditWeights,
}: {
  courseId: number;
  item: GradeScoreItem;
  share: number | null;
  canEditWeights: boolean;
}) {
  const { t } = useTranslation('gradebook');
  // antd renders every column title a second time, in an aria-hidden row it measures column widths with.
  // A link or a field in there is focusable yet hidden from screen readers (axe: aria-hidden-focus), so
  // that copy is plain text of the same width.
  const ref = useRef<HTMLDivElement>(null);
  const [measureCopy, setMeasureCopy] = useState(false);
  useLayoutEffect(() => setMeasureCopy(ref.current?.closest('[aria-hidden="true"]') != null), []);
  return (
    <Flex ref={ref} vertical gap={4} style={{ minWidth: 140, fontWeight: 400 }}>
      {measureCopy ? (
        <span style={{ fontWeight: 600 }}>{item.title}</span>
      ) : (
        <Link to={`/course/${courseId}/activity/${item.id}`} style={{ fontWeight: 600 }} title={item.title}>
          {item.title}
        </Link>
      )}
      <Flex wrap gap={4}>
        <Tag style={{ marginInlineEnd: 0 }}>{t(`types.${item.type}`)}</Tag>
        {!item.activity_published ? (
          <Tag color="default" style={{ marginInlineEnd: 0 }}>
            {t('table.draft')}
          </Tag>
        ) : !item.published ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {t('table.notReleased')}
          </Tag>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('table.outOf', { max: item.max_score })}
      </Typography.Text>
      <Flex align="center" gap={4} wrap>
        {canEditWeights && measureCopy ? (
          <span style={{ display: 'inline-block', width: 88 }} />
        ) : canEditWeights ? (
          <WeightInput key={item.weight} courseId={courseId} item={item} />
        ) : (
          <Typography.Text style={{ fontSize: 12 }}>
            {t('table.weight')} {item.weight}
          </Typography.Text>
        )}
        {share !== null ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('table.share', { share })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}

function Score({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation('gradebook');
  if (value === null || value === undefined) {
    return (
      <Typography.Text type="secondary" aria-label={t('table.noScore')}>
        —
      </Typography.Text>
    );
  }
  return <span>{value}</span>;
}

/**
 * Students × items for the teaching team. The student column stays put while the items scroll sideways
 * inside the table's own box, so the page itself never scrolls horizontally.
 */
export function GradebookTable({ courseId, items, rows, canEditWeights }: GradebookTableProps) {
  const { t } = useTranslation('gradebook');
  const counted = items.filter((item) => item.activity_published);

  const columns: TableColumnsType<GradebookRow> = [
    {
      key: 'student',
      title: t('table.student'),
      fixed: 'left',
      width: 160,
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text strong ellipsis={{ tooltip: row.student.name }} style={{ maxWidth: 144 }}>
            {row.student.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.student.user_no}
          </Typography.Text>
        </Flex>
      ),
    },
    ...items.map((item, index) => ({
      key: `item-${item.id}`,
      title: (
        <ItemHeader
          courseId={courseId}
          item={item}
          share={item.activity_published ? weightShare(item.weight, counted) : null}
          canEditWeights={canEditWeights}
        />
      ),
      align: 'right' as const,
      render: (_: unknown, row: GradebookRow) => <Score value={row.scores[index]?.score} />,
    })),
    {
      key: 'total',
      title: (
        <Typography.Text strong title={t('table.totalHint')}>
          {t('table.total')}
        </Typography.Text>
      ),
      align: 'right',
      width: 120,
      render: (_, row) => (row.total === null ? <Score value={null} /> : <strong>{`${row.total}%`}</strong>),
    },
  ];

  return (
    <Table<GradebookRow>
      aria-label={t('table.caption')}
      rowKey={(row) => row.student.id}
      columns={columns}
      dataSource={rows}
      size="small"
      bordered
      scroll={{ x: 'max-content' }}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: t('noStudents') }}
    />
  );
}
