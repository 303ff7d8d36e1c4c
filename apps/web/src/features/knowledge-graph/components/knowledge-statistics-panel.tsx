import { Button, Flex, Modal, Segmented, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/components/page-state.tsx';
import { KNOWLEDGE_STAT_PAGE_SIZE } from '../api/knowledge-graph-keys.ts';
import { useKnowledgeStatSummary } from '../api/get-knowledge-stat-summary.ts';
import { useKnowledgeStudentsDimension } from '../api/get-knowledge-students-dimension.ts';
import { MasteryBarChart } from './mastery-bar-chart.tsx';
import { NodeStatisticsModal } from './node-statistics-modal.tsx';
import { formatRate } from './stat-format.ts';
import {
  completenessColumn,
  nameLinkColumn,
  PagedStatTable,
  rateColumn,
  StatFigures,
  StatQueryError,
  StatTable,
} from './stat-table.tsx';
import { StudentMasteryView } from './student-mastery-view.tsx';

/**
 * The teaching team's statistics of the graph: the class by node (with a chart and the typical weak nodes),
 * by student; a node opens its detail by student, resource and activity, a student their own view.
 */
export function KnowledgeStatisticsPanel({ courseId }: { courseId: number }) {
  const { t } = useTranslation('knowledge-graph');
  const summary = useKnowledgeStatSummary(courseId);
  const [view, setView] = useState<'nodes' | 'students'>('nodes');
  const [nodeId, setNodeId] = useState<number | null>(null);
  const [student, setStudent] = useState<{ id: number; name: string } | null>(null);
  const chartItems = useMemo(
    () =>
      (summary.data?.nodes ?? []).map((node) => ({
        name: node.name,
        mastery: node.mastery_rate,
        completeness: node.completeness_rate,
      })),
    [summary.data],
  );

  if (summary.isPending) return <LoadingState />;
  if (summary.isError) return <StatQueryError query={summary} />;
  const data = summary.data;
  const figures = [
    { key: 'students', label: t('stats.students'), value: String(data.student_count) },
    { key: 'nodes', label: t('stats.nodes'), value: String(data.node_count) },
    { key: 'mastery', label: t('stats.classMastery'), value: formatRate(data.mastery_rate) },
    { key: 'completeness', label: t('stats.classCompleteness'), value: formatRate(data.completeness_rate) },
    { key: 'mastered', label: t('stats.masteredNodes'), value: String(data.mastered_node_count) },
    { key: 'weak', label: t('stats.weakNodes'), value: String(data.weak_node_count) },
  ];

  return (
    <Flex vertical gap={16}>
      <StatFigures figures={figures} />
      {data.weak_nodes.length > 0 ? (
        <section aria-labelledby="knowledge-weak-nodes">
          <Typography.Title level={3} id="knowledge-weak-nodes" style={{ fontSize: 16 }}>
            {t('stats.typicalWeak')}
          </Typography.Title>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {data.weak_nodes.map((node) => (
              <li key={node.id}>
                <Button type="link" style={{ padding: 0 }} onClick={() => setNodeId(node.id)}>
                  {t('stats.weakNode', { name: node.name, mastery: formatRate(node.mastery_rate) })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {chartItems.length > 0 ? <MasteryBarChart items={chartItems} title={t('stats.chartTitle')} /> : null}
      <Segmented<'nodes' | 'students'>
        aria-label={t('stats.dimension')}
        value={view}
        onChange={setView}
        options={[
          { value: 'nodes', label: t('stats.byNode') },
          { value: 'students', label: t('stats.byStudent') },
        ]}
      />
      {view === 'nodes' ? (
        <StatTable
          label={t('stats.byNode')}
          rows={data.nodes}
          pagination={
            data.nodes.length > KNOWLEDGE_STAT_PAGE_SIZE
              ? { pageSize: KNOWLEDGE_STAT_PAGE_SIZE, showSizeChanger: false }
              : false
          }
          columns={[
            nameLinkColumn(t('stats.node'), (row) => setNodeId(row.id)),
            rateColumn('mastery', t('stats.mastery'), 'mastery_rate'),
            completenessColumn(t),
            { key: 'weak', title: t('stats.weakStudents'), dataIndex: 'weak_student_count' },
            { key: 'activities', title: t('stats.activities'), dataIndex: 'activity_count' },
            { key: 'resources', title: t('stats.resources'), dataIndex: 'resource_count' },
            { key: 'questions', title: t('stats.questions'), dataIndex: 'question_count' },
          ]}
        />
      ) : (
        <StudentsTable courseId={courseId} onOpen={setStudent} />
      )}
      <NodeStatisticsModal nodeId={nodeId} onClose={() => setNodeId(null)} />
      <Modal
        open={student !== null}
        width={900}
        title={student ? t('stats.studentTitle', { name: student.name }) : ''}
        footer={null}
        onCancel={() => setStudent(null)}
        destroyOnHidden
      >
        {student ? <StudentMasteryView courseId={courseId} studentId={student.id} /> : null}
      </Modal>
    </Flex>
  );
}

function StudentsTable({
  courseId,
  onOpen,
}: {
  courseId: number;
  onOpen: (student: { id: number; name: string }) => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const [page, setPage] = useState(1);
  const students = useKnowledgeStudentsDimension(courseId, page);
  if (students.isError) return <StatQueryError query={students} />;
  return (
    <PagedStatTable
      label={t('stats.byStudent')}
      query={students}
      page={page}
      onPageChange={setPage}
      columns={[
        nameLinkColumn(t('stats.student'), (row) => onOpen({ id: row.id, name: row.name })),
        { key: 'no', title: t('stats.userNo'), dataIndex: 'user_no' },
        rateColumn('mastery', t('stats.mastery'), 'mastery_rate'),
        completenessColumn(t),
        { key: 'weak', title: t('stats.weakNodes'), dataIndex: 'weak_node_count' },
        { key: 'mastered', title: t('stats.masteredNodes'), dataIndex: 'mastered_node_count' },
      ]}
    />
  );
}
