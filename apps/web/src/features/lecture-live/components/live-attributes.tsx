import type { LectureLiveDetail } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';

function minutes(seconds: number | null): string {
  return seconds === null ? '' : `${Math.max(1, Math.round(seconds / 60))}′`;
}

/** The attribute table of the live page (spec 000 screen 5). */
export function LiveAttributes({ live }: { live: LectureLiveDetail }) {
  const { t } = useTranslation('lecture-live');
  const none = t('attributes.none');
  return (
    <Descriptions column={1} size="small" bordered title={t('attributes.title')}>
      <Descriptions.Item label={t('attributes.instructorNames')}>
        {live.instructor_names.length > 0 ? live.instructor_names.join(', ') : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('attributes.room')}>{live.room ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('attributes.type')}>{t('attributes.typeLecture')}</Descriptions.Item>
      <Descriptions.Item label={t('attributes.description')}>
        {live.description ? <RenderedHtml html={live.description} /> : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('attributes.streams')}>
        {live.streams.length > 0 ? live.streams.map((s) => s.label).join(', ') : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('attributes.replayVideos')}>
        {live.replay_videos.length > 0
          ? live.replay_videos.map((v) => `${v.label} ${minutes(v.duration)}`).join(', ')
          : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('attributes.controllerConfig')}>
        {t('attributes.controller', {
          volume: Math.round(live.controller_config.volume * 100),
          quality: live.controller_config.quality_label,
        })}
      </Descriptions.Item>
    </Descriptions>
  );
}
