import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useKnowledgeStudentNodes } from '../api/get-knowledge-student-nodes.ts';
import { useKnowledgeStudentOverall } from '../api/get-knowledge-student-overall.ts';
import { formatRate } from './stat-format.ts';
import { completenessColumn, masteryLevelColumn, rateColumn, StatFigures, StatTable } from './stat-table.tsx';

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
      <StatFigures figures={figures} />
      <StatTable
        label={t('stats.byNodeTable')}
        rows={nodes.data.items}
        columns={[
          { key: 'name', title: t('stats.node'), dataIndex: 'name' },
          masteryLevelColumn(t),
          completenessColumn(t),
          rateColumn('class', t('stats.classMastery'), 'class_mastery_rate'),
        ]}
      />
    </Flex>
  );
}
