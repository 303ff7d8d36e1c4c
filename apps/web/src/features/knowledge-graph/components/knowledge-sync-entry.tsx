import { SyncOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { KnowledgeSyncModal, type KnowledgeSyncTab } from './knowledge-sync-modal.tsx';

/** `?knowledge_sync=` opens the panel on a tab: the address `embed/cluster-graph` gives ends in `=clusters`. */
const SYNC_PARAM = 'knowledge_sync';

/** The "source & sync" button of the graph page's instructor actions, with its dialog. */
export function KnowledgeSyncEntry({ courseId }: { courseId: number }) {
  const { t } = useTranslation('knowledge-graph');
  const [params, setParams] = useSearchParams();
  const requested = params.get(SYNC_PARAM);
  const [open, setOpen] = useState(requested !== null);
  const initialTab: KnowledgeSyncTab = requested === 'clusters' ? 'similar' : 'source';
  const close = () => {
    setOpen(false);
    if (requested !== null) {
      const next = new URLSearchParams(params);
      next.delete(SYNC_PARAM);
      setParams(next, { replace: true });
    }
  };
  return (
    <>
      <Button icon={<SyncOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('sync.open')}
      </Button>
      {open ? (
        <KnowledgeSyncModal
          courseId={courseId}
          initialTab={initialTab}
          initialSimilarView={requested === 'clusters' ? 'clusters' : 'pairs'}
          onClose={close}
        />
      ) : null}
    </>
  );
}
