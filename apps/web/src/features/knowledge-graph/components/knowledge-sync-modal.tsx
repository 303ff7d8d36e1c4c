import { Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKnowledgeSyncStatus } from '../api/get-knowledge-sync-status.ts';
import { KnowledgeSyncDiffPanel } from './knowledge-sync-diff-panel.tsx';
import { KnowledgeSyncSimilarPanel, type SimilarView } from './knowledge-sync-similar-panel.tsx';
import { KnowledgeSyncSourcePanel } from './knowledge-sync-source-panel.tsx';

export type KnowledgeSyncTab = 'source' | 'diff' | 'similar';

/**
 * Graph management for the teaching team: the graph's source and sync state, the differences from the source
 * applied one by one or all at once, replacing the graph, and similar nodes that may be duplicates.
 */
export function KnowledgeSyncModal({
  courseId,
  initialTab = 'source',
  initialSimilarView = 'pairs',
  onClose,
}: {
  courseId: number;
  initialTab?: KnowledgeSyncTab;
  initialSimilarView?: SimilarView;
  onClose: () => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const [tab, setTab] = useState<KnowledgeSyncTab>(initialTab);
  const status = useKnowledgeSyncStatus(courseId);
  const hasSource = status.data?.source != null;
  return (
    <Modal open title={t('sync.title')} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as KnowledgeSyncTab)}
        items={[
          {
            key: 'source',
            label: t('sync.tabs.source'),
            children: <KnowledgeSyncSourcePanel courseId={courseId} status={status} />,
          },
          {
            key: 'diff',
            label: t('sync.tabs.diff'),
            children: (
              <KnowledgeSyncDiffPanel courseId={courseId} hasSource={hasSource} active={tab === 'diff'} />
            ),
          },
          {
            key: 'similar',
            label: t('sync.tabs.similar'),
            children: (
              <KnowledgeSyncSimilarPanel
                courseId={courseId}
                active={tab === 'similar'}
                initialView={initialSimilarView}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
