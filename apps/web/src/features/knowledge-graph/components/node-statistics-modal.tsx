import { Flex, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../shared/components/scrollable-table.tsx';
import { KNOWLEDGE_STAT_PAGE_SIZE } from '../api/knowledge-graph-keys.ts';
import { useKnowledgeNodeActivityDetail } from '../api/get-knowledge-node-activity-detail.ts';
import { useKnowledgeNodeOverview } from '../api/get-knowledge-node-overview.ts';
import { useKnowledgeNodeResourceDetail } from '../api/get-knowledge-node-resource-detail.ts';
import { useKnowledgeNodeStudentDetail } from '../api/get-knowledge-node-student-detail.ts';
import { formatRate } from './stat-format.ts';
import { MasteryLevelTag } from './student-mastery-view.tsx';

/** One node's statistics for the teaching team: the class, then by student, by resource and by activity. */
export function NodeStatisticsModal({ nodeId, onClose }: { nodeId: number | null; onClose: () => void }) {
  const { t } = useTranslation('knowledge-graph');
  return (
    <Modal
      open={nodeId !== null}
      width={900}
      title={t('stats.nodeTitle')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {nodeId !== null ? <NodeStatistics nodeId={nodeId} /> : null}
    </Modal>
  );
}

function pager(page: number, total: number, onChange: (page: number) => void) {
  return total > KNOWLEDGE_STAT_PAGE_SIZE
    ? { current: page, pageSize: KNOWLEDGE_STAT_PAGE_SIZE, total, onChange, showSizeChanger: false }
    : false;
}

function NodeStatistics({ nodeId }: { nodeId: number }) {
  const { t } = useTranslation('knowledge-graph');
  const overview = useKnowledgeNodeOverview(nodeId);
  const [studentPage, setStudentPage] = useState(1);
  const [resourcePage, setResourcePage] = useState(1);
  const [activityPage, setActivityPage] = useState(1);
  const students = useKnowledgeNodeStudentDetail(nodeId, studentPage);
  const resources = useKnowledgeNodeResourceDetail(nodeId, resourcePage);
  const activities = useKnowledgeNodeActivityDetail(nodeId, activityPage);

  if (overview.isPending) return <LoadingState />;
  if (overview.isError) {
    return (
      <ErrorState
        error={overview.error}
        onRetry={() => void overview.refetch()}
        retrying={overview.isRefetching}
      />
    );
  }
  const node = overview.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ fontSize: 18, margin: 0 }}>
        {node.name}
      </Typography.Title>
      <Typography.Text>
        {t('stats.nodeFigures', {
          mastery: formatRate(node.mastery_rate),
          completeness: formatRate(node.completeness_rate),
          answered: node.answered_student_count,
          students: node.student_count,
          visits: node.visit_count,
        })}
      </Typography.Text>
      <Typography.Text>
        {t('stats.distribution', {
          weak: node.distribution.weak,
          fair: node.distribution.fair,
          mastered: node.distribution.mastered,
          unanswered: node.distribution.unanswered,
        })}
      </Typography.Text>

      <section aria-labelledby="node-stat-students">
        <Typography.Title level={4} id="node-stat-students" style={{ fontSize: 16 }}>
          {t('stats.byStudent')}
        </Typography.Title>
        <ScrollableTable label={t('stats.byStudent')}>
          <Table
            size="small"
            rowKey="id"
            scroll={{ x: 'max-content' }}
            loading={students.isPending}
            dataSource={students.data?.items ?? []}
            pagination={pager(studentPage, students.data?.total ?? 0, setStudentPage)}
            columns={[
              { key: 'name', title: t('stats.student'), dataIndex: 'name' },
              { key: 'no', title: t('stats.userNo'), dataIndex: 'user_no' },
              {
                key: 'mastery',
                title: t('stats.mastery'),
                render: (_v, row) => (
                  <Flex gap={4} align="center" wrap>
                    {formatRate(row.mastery_rate)} <MasteryLevelTag level={row.level} />
                  </Flex>
                ),
              },
              {
                key: 'completeness',
                title: t('stats.completeness'),
                render: (_v, row) => formatRate(row.completeness_rate),
              },
            ]}
          />
        </ScrollableTable>
      </section>

      <section aria-labelledby="node-stat-resources">
        <Typography.Title level={4} id="node-stat-resources" style={{ fontSize: 16 }}>
          {t('stats.byResource')}
        </Typography.Title>
        <ScrollableTable label={t('stats.byResource')}>
          <Table
            size="small"
            rowKey="id"
            scroll={{ x: 'max-content' }}
            loading={resources.isPending}
            dataSource={resources.data?.items ?? []}
            pagination={pager(resourcePage, resources.data?.total ?? 0, setResourcePage)}
            columns={[
              { key: 'name', title: t('stats.resource'), dataIndex: 'name' },
              { key: 'visits', title: t('stats.visits'), dataIndex: 'visit_count' },
              {
                key: 'visitors',
                title: t('stats.visitors'),
                render: (_v, row) =>
                  t('stats.ofTotal', { done: row.visitor_count, total: row.student_count }),
              },
            ]}
          />
        </ScrollableTable>
      </section>

      <section aria-labelledby="node-stat-activities">
        <Typography.Title level={4} id="node-stat-activities" style={{ fontSize: 16 }}>
          {t('stats.byActivity')}
        </Typography.Title>
        <ScrollableTable label={t('stats.byActivity')}>
          <Table
            size="small"
            rowKey="id"
            scroll={{ x: 'max-content' }}
            loading={activities.isPending}
            dataSource={activities.data?.items ?? []}
            pagination={pager(activityPage, activities.data?.total ?? 0, setActivityPage)}
            columns={[
              { key: 'title', title: t('stats.activity'), dataIndex: 'title' },
              {
                key: 'completion',
                title: t('stats.completion'),
                render: (_v, row) => formatRate(row.completion_rate),
              },
              { key: 'score', title: t('stats.scoreRate'), render: (_v, row) => formatRate(row.score_rate) },
            ]}
          />
        </ScrollableTable>
      </section>
    </Flex>
  );
}
