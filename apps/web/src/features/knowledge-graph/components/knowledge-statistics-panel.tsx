import { Button, Flex, Modal, Segmented, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { KNOWLEDGE_STAT_PAGE_SIZE } from '../api/knowledge-graph-keys.ts';
import { useKnowledgeStatSummary } from '../api/get-knowledge-stat-summary.ts';
import { useKnowledgeStudentsDimension } from '../api/get-knowledge-students-dimension.ts';
import { MasteryBarChart } from './mastery-bar-chart.tsx';
import { NodeStatisticsModal } from './node-statistics-modal.tsx';
import { formatRate } from './stat-format.ts';
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
  if (summary.isError) {
    return (
      <ErrorState
        error={summary.error}
        onRetry={() => void summary.refetch()}
        retrying={summary.isRefetching}
      />
    );
  }
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
        <ScrollableTable label={t('stats.byNode')}>
          <Table
            size="small"
            rowKey="id"
            scroll={{ x: 'max-content' }}
            dataSource={data.nodes}
            pagination={
              data.nodes.length > KNOWLEDGE_STAT_PAGE_SIZE
                ? { pageSize: KNOWLEDGE_STAT_PAGE_SIZE, showSizeChanger: false }
                : false
            }
            columns={[
              {
                key: 'name',
                title: t('stats.node'),
                render: (_v, row) => (
                  <Button type="link" style={{ padding: 0 }} onClick={() => setNodeId(row.id)}>
                    {row.name}
                  </Button>
                ),
              },
              {
                key: 'mastery',
                title: t('stats.mastery'),
                render: (_v, row) => formatRate(row.mastery_rate),
              },
              {
                key: 'completeness',
                title: t('stats.completeness'),
                render: (_v, row) => formatRate(row.completeness_rate),
              },
              { key: 'weak', title: t('stats.weakStudents'), dataIndex: 'weak_student_count' },
              { key: 'activities', title: t('stats.activities'), dataIndex: 'activity_count' },
              { key: 'resources', title: t('stats.resources'), dataIndex: 'resource_count' },
              { key: 'questions', title: t('stats.questions'), dataIndex: 'question_count' },
            ]}
          />
        </ScrollableTable>
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
  if (students.isError) {
    return (
      <ErrorState
        error={students.error}
        onRetry={() => void students.refetch()}
        retrying={students.isRefetching}
      />
    );
  }
  const total = students.data?.total ?? 0;
  return (
    <ScrollableTable label={t('stats.byStudent')}>
      <Table
        size="small"
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={students.isPending}
        dataSource={students.data?.items ?? []}
        pagination={
          total > KNOWLEDGE_STAT_PAGE_SIZE
            ? {
                current: page,
                pageSize: KNOWLEDGE_STAT_PAGE_SIZE,
                total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        columns={[
          {
            key: 'name',
            title: t('stats.student'),
            render: (_v, row) => (
              <Button
                type="link"
                style={{ padding: 0 }}
                onClick={() => onOpen({ id: row.id, name: row.name })}
              >
                {row.name}
              </Button>
            ),
          },
          { key: 'no', title: t('stats.userNo'), dataIndex: 'user_no' },
          { key: 'mastery', title: t('stats.mastery'), render: (_v, row) => formatRate(row.mastery_rate) },
          {
            key: 'completeness',
            title: t('stats.completeness'),
            render: (_v, row) => formatRate(row.completeness_rate),
          },
          { key: 'weak', title: t('stats.weakNodes'), dataIndex: 'weak_node_count' },
          { key: 'mastered', title: t('stats.masteredNodes'), dataIndex: 'mastered_node_count' },
        ]}
      />
    </ScrollableTable>
  );
}
