import type { SnapshotTreeNode } from '@lectern/contracts/knowledge-graph/knowledge-publish.schemas';
import { Button, Empty, Modal, Timeline, Tree, Typography, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useKnowledgeSnapshot } from '../api/get-knowledge-snapshot.ts';
import { useKnowledgeTimeline } from '../api/get-knowledge-timeline.ts';
import { BloomDot } from './bloom-legend.tsx';
import { formatRate } from './stat-format.ts';

/** The graph's snapshots, newest first (each publish takes one); any opens read-only. */
export function SnapshotTimeline({ courseId }: { courseId: number }) {
  const { t } = useTranslation('knowledge-graph');
  const timeline = useKnowledgeTimeline(courseId);
  const [openId, setOpenId] = useState<number | null>(null);

  if (timeline.isPending) return <LoadingState />;
  if (timeline.isError) {
    return (
      <ErrorState
        error={timeline.error}
        onRetry={() => void timeline.refetch()}
        retrying={timeline.isRefetching}
      />
    );
  }
  if (timeline.data.items.length === 0) return <Empty description={t('timeline.empty')} />;
  return (
    <>
      <Timeline
        items={timeline.data.items.map((item) => ({
          key: item.id,
          content: (
            <div>
              <Typography.Text strong>{formatDateTime(item.created_at)}</Typography.Text>{' '}
              <Typography.Text type="secondary">{t(`timeline.trigger.${item.trigger}`)}</Typography.Text>
              <div>{t('timeline.counts', { nodes: item.node_count, relations: item.relation_count })}</div>
              <div>
                {t('timeline.rates', {
                  completeness: formatRate(item.completeness_rate),
                  mastery: formatRate(item.mastery_rate),
                })}
              </div>
              <Button
                size="small"
                onClick={() => setOpenId(item.id)}
                aria-label={t('timeline.openNamed', { time: formatDateTime(item.created_at) })}
              >
                {t('timeline.open')}
              </Button>
            </div>
          ),
        }))}
      />
      <Modal
        open={openId !== null}
        title={t('timeline.snapshotTitle')}
        footer={null}
        onCancel={() => setOpenId(null)}
        destroyOnHidden
      >
        {openId !== null ? <SnapshotView courseId={courseId} snapshotId={openId} /> : null}
      </Modal>
    </>
  );
}

function toTreeData(
  nodes: readonly SnapshotTreeNode[],
  rates: Map<number, number>,
  label: (rate: string) => string,
): TreeDataNode[] {
  return nodes.map((node) => {
    const rate = rates.get(node.id);
    return {
      key: node.id,
      title: (
        <span>
          <BloomDot level={node.bloom_level} /> {node.name}
          {rate === undefined ? null : (
            <Typography.Text type="secondary"> · {label(formatRate(rate))}</Typography.Text>
          )}
        </span>
      ),
      children: toTreeData(node.children, rates, label),
    };
  });
}

function SnapshotView({ courseId, snapshotId }: { courseId: number; snapshotId: number }) {
  const { t } = useTranslation('knowledge-graph');
  const snapshot = useKnowledgeSnapshot(courseId, snapshotId);
  if (snapshot.isPending) return <LoadingState />;
  if (snapshot.isError) {
    return (
      <ErrorState
        error={snapshot.error}
        onRetry={() => void snapshot.refetch()}
        retrying={snapshot.isRefetching}
      />
    );
  }
  const data = snapshot.data;
  const mastery = new Map(data.mastery.map((item) => [item.knowledge_node_id, item.rate]));
  return (
    <div>
      <Typography.Paragraph>
        {formatDateTime(data.created_at)} ·{' '}
        {t('timeline.rates', {
          completeness: formatRate(data.completeness_rate),
          mastery: formatRate(data.mastery_rate),
        })}
      </Typography.Paragraph>
      {data.tree.length === 0 ? (
        <Empty description={t('page.empty')} />
      ) : (
        <Tree
          selectable={false}
          defaultExpandAll
          treeData={toTreeData(data.tree, mastery, (rate) => t('timeline.nodeMastery', { rate }))}
        />
      )}
    </div>
  );
}
