import type { MasteryLevel } from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { useKnowledgeStudentNodes } from '../api/get-knowledge-student-nodes.ts';
import { useKnowledgeStudentOverall } from '../api/get-knowledge-student-overall.ts';
import { formatRate } from './stat-format.ts';

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

/**
 * One student's mastery and completeness over the graph, node by node, beside the class: a student's own
 * view, and what the teaching team opens from the statistics.
 */
export function StudentMasteryView({ courseId, studentId }: { courseId: number; studentId: number }) {
  const { t } = useTranslation('knowledge-graph');
  const overall = useKnowledgeStudentOverall(courseId, studentId);
  const nodes = useKnowledgeStudentNodes(courseId, studentId);

  if (overall.isPending || nodes.isPending) return <LoadingState />;
  if (overall.isError || nodes.isError) {
    const error = overall.error ?? nodes.error;
    return (
      <ErrorState
        error={error}
        onRetry={() => {
          void overall.refetch();
          void nodes.refetch();
        }}
        retrying={overall.isRefetching || nodes.isRefetching}
      />
    );
  }
  const summary = overall.data;
  const figures = [
    { key: 'mastery', label: t('stats.myMastery'), value: formatRate(summary.mastery_rate) },
    { key: 'classMastery', label: t('stats.classMastery'), value: formatRate(summary.class_mastery_rate) },
    { key: 'completeness', label: t('stats.myCompleteness'), value: formatRate(summary.completeness_rate) },
    {
      key: 'classCompleteness',
      label: t('stats.classCompleteness'),
      value: formatRate(summary.class_completeness_rate),
    },
    {
      key: 'activities',
      label: t('stats.completedActivities'),
      value: t('stats.ofTotal', { done: summary.completed_activity_count, total: summary.activity_count }),
    },
    { key: 'weak', label: t('stats.weakNodes'), value: String(summary.weak_node_count) },
    { key: 'mastered', label: t('stats.masteredNodes'), value: String(summary.mastered_node_count) },
  ];

  return (
    <Flex vertical gap={16}>
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
      <ScrollableTable label={t('stats.byNodeTable')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={nodes.data.items}
          columns={[
            { key: 'name', title: t('stats.node'), dataIndex: 'name' },
            {
              key: 'mastery',
              title: t('stats.mastery'),
              render: (_value, row) => (
                <Flex gap={4} align="center" wrap>
                  {formatRate(row.mastery_rate)} <MasteryLevelTag level={row.level} />
                </Flex>
              ),
            },
            {
              key: 'completeness',
              title: t('stats.completeness'),
              render: (_value, row) => formatRate(row.completeness_rate),
            },
            {
              key: 'class',
              title: t('stats.classMastery'),
              render: (_value, row) => formatRate(row.class_mastery_rate),
            },
          ]}
        />
      </ScrollableTable>
    </Flex>
  );
}
