import { Flex, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/components/page-state.tsx';
import { useKnowledgeNodeActivityDetail } from '../api/get-knowledge-node-activity-detail.ts';
import { useKnowledgeNodeOverview } from '../api/get-knowledge-node-overview.ts';
import { useKnowledgeNodeResourceDetail } from '../api/get-knowledge-node-resource-detail.ts';
import { useKnowledgeNodeStudentDetail } from '../api/get-knowledge-node-student-detail.ts';
import { formatRate } from './stat-format.ts';
import {
  completenessColumn,
  masteryLevelColumn,
  PagedStatTable,
  rateColumn,
  StatQueryError,
} from './stat-table.tsx';

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
  if (overview.isError) return <StatQueryError query={overview} />;
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

      <StatSection id="node-stat-students" title={t('stats.byStudent')}>
        <PagedStatTable
          label={t('stats.byStudent')}
          query={students}
          page={studentPage}
          onPageChange={setStudentPage}
          columns={[
            { key: 'name', title: t('stats.student'), dataIndex: 'name' },
            { key: 'no', title: t('stats.userNo'), dataIndex: 'user_no' },
            masteryLevelColumn(t),
            completenessColumn(t),
          ]}
        />
      </StatSection>

      <StatSection id="node-stat-resources" title={t('stats.byResource')}>
        <PagedStatTable
          label={t('stats.byResource')}
          query={resources}
          page={resourcePage}
          onPageChange={setResourcePage}
          columns={[
            { key: 'name', title: t('stats.resource'), dataIndex: 'name' },
            { key: 'visits', title: t('stats.visits'), dataIndex: 'visit_count' },
            {
              key: 'visitors',
              title: t('stats.visitors'),
              render: (_v, row) => t('stats.ofTotal', { done: row.visitor_count, total: row.student_count }),
            },
          ]}
        />
      </StatSection>

      <StatSection id="node-stat-activities" title={t('stats.byActivity')}>
        <PagedStatTable
          label={t('stats.byActivity')}
          query={activities}
          page={activityPage}
          onPageChange={setActivityPage}
          columns={[
            { key: 'title', title: t('stats.activity'), dataIndex: 'title' },
            rateColumn('completion', t('stats.completion'), 'completion_rate'),
            rateColumn('score', t('stats.scoreRate'), 'score_rate'),
          ]}
        />
      </StatSection>
    </Flex>
  );
}

/** One titled part of the node's statistics. */
function StatSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={4} id={id} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
