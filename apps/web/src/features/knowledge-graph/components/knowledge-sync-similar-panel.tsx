import type { KnowledgeSimilarity } from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { KNOWLEDGE_SYNC_LIMITS } from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { Alert, Card, Empty, Flex, Form, Segmented, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useKnowledgeClusters } from '../api/get-knowledge-clusters.ts';
import { useKnowledgeSimilarities } from '../api/get-knowledge-similarities.ts';

export type SimilarView = 'pairs' | 'clusters';
const THRESHOLDS = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const percent = (score: number) => `${Math.round(score * 100)}%`;

/** Similar nodes of this graph, as pairs with their score or as groups, to find duplicates to merge. */
export function KnowledgeSyncSimilarPanel({
  courseId,
  active,
  initialView,
}: {
  courseId: number;
  active: boolean;
  initialView: SimilarView;
}) {
  const { t } = useTranslation('knowledge-graph');
  const [view, setView] = useState<SimilarView>(initialView);
  const [threshold, setThreshold] = useState<number>(KNOWLEDGE_SYNC_LIMITS.similarityDefaultThreshold);
  const pairs = useKnowledgeSimilarities(courseId, threshold, active && view === 'pairs');
  const clusters = useKnowledgeClusters(courseId, threshold, active && view === 'clusters');

  let body;
  const query = view === 'pairs' ? pairs : clusters;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (view === 'pairs' && pairs.data) {
    body =
      pairs.data.similarities.length === 0 ? (
        <Empty description={t('sync.similar.empty')} />
      ) : (
        <>
          {pairs.data.truncated ? (
            <Alert
              type="info"
              showIcon
              title={t('sync.similar.truncated', { count: pairs.data.similarities.length })}
            />
          ) : null}
          <Table<KnowledgeSimilarity>
            size="small"
            rowKey={(p) => `${p.source_node_id}-${p.target_node_id}`}
            pagination={pairs.data.similarities.length > 10 ? { pageSize: 10 } : false}
            dataSource={pairs.data.similarities}
            columns={[
              { key: 'first', title: t('sync.similar.columns.first'), dataIndex: 'source_name' },
              { key: 'second', title: t('sync.similar.columns.second'), dataIndex: 'target_name' },
              {
                key: 'score',
                title: t('sync.similar.columns.score'),
                width: 120,
                render: (_, p) => percent(p.score),
              },
            ]}
          />
        </>
      );
  } else if (clusters.data) {
    body =
      clusters.data.clusters.length === 0 ? (
        <Empty description={t('sync.similar.empty')} />
      ) : (
        <Flex vertical gap={8}>
          {clusters.data.clusters.map((cluster) => (
            <Card
              key={cluster.id}
              size="small"
              title={t('sync.similar.cluster', { id: cluster.id, score: percent(cluster.score) })}
            >
              <Flex wrap gap={4}>
                {cluster.nodes.map((node) => (
                  <Tag key={node.id}>{node.name}</Tag>
                ))}
              </Flex>
            </Card>
          ))}
        </Flex>
      );
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('sync.similar.hint')}
      </Typography.Paragraph>
      <Form layout="inline">
        <Form.Item label={t('sync.similar.threshold')} htmlFor="knowledge-sync-threshold">
          <Select
            id="knowledge-sync-threshold"
            style={{ width: 120 }}
            value={threshold}
            onChange={(value: number) => setThreshold(value)}
            options={THRESHOLDS.map((value) => ({ value, label: percent(value) }))}
          />
        </Form.Item>
        <Form.Item label={t('sync.similar.view')}>
          <Segmented<SimilarView>
            value={view}
            onChange={setView}
            options={[
              { value: 'pairs', label: t('sync.similar.pairs') },
              { value: 'clusters', label: t('sync.similar.clusters') },
            ]}
          />
        </Form.Item>
      </Form>
      {body}
    </Flex>
  );
}
