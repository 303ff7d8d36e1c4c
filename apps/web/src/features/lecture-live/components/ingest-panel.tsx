import type { LectureLiveDetail } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { Alert, Button, Descriptions, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveIngest, useRegenerateStreamKey } from '../api/get-live-ingest.ts';

/** The teaching team's encoder settings: where OBS pushes, and the secret stream key. */
export function IngestPanel({ live }: { live: LectureLiveDetail }) {
  const { t } = useTranslation('lecture-live');
  const query = useLiveIngest(live.id, live.can_manage);
  const regenerate = useRegenerateStreamKey(live.id);
  const ingest = query.data;
  if (!ingest) return null;
  return (
    <section aria-label={t('ingest.title')}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('ingest.title')}
      </Typography.Title>
      {ingest.unavailable_reason ? (
        <Alert
          type="warning"
          showIcon
          title={t(`unavailable.${ingest.unavailable_reason}`)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('ingest.serverUrl')}>
          {ingest.server_url ? (
            <Typography.Text copyable={{ tooltips: [t('ingest.copy'), t('ingest.copied')] }} code>
              {ingest.server_url}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('ingest.notRunning')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('ingest.streamKey')}>
          <Typography.Text copyable={{ tooltips: [t('ingest.copy'), t('ingest.copied')] }} code>
            {ingest.stream_key}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('ingest.state')}>
          {t(`ingest.states.${ingest.stream_state}`)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('ingest.keyHint')}
      </Typography.Paragraph>
      <Popconfirm title={t('ingest.regenerateConfirm')} onConfirm={() => regenerate.mutate()}>
        <Button loading={regenerate.isPending}>{t('ingest.regenerate')}</Button>
      </Popconfirm>
    </section>
  );
}
