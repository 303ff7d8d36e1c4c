import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { LectureLiveDetail } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { shownLectureLiveStatus } from '@lectern/contracts/lecture-live/lecture-live-status';
import { Alert, Flex, Result } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../shared/components/page-state.tsx';
import { useLectureLive } from '../api/get-lecture-live.ts';
import { sendPlayerVisit } from '../api/send-player-visit.ts';
import { HlsPlayer } from '../components/hls-player.tsx';
import { IngestPanel } from '../components/ingest-panel.tsx';
import { LiveAttributes } from '../components/live-attributes.tsx';
import { LiveStatusBox } from '../components/live-status-box.tsx';
import { PlayerSettingsPanel } from '../components/player-settings-panel.tsx';
import { ViewingStatsPanel } from '../components/viewing-stats-panel.tsx';

function Forbidden({ what }: { what: 'live' | 'record' }) {
  const { t } = useTranslation('lecture-live');
  return <Result status="warning" title={what === 'live' ? t('forbidden.live') : t('forbidden.record')} />;
}

/** The player for whatever the status offers, or the forbidden view when the caller may not watch it. */
function Player({ live }: { live: LectureLiveDetail }) {
  const { t } = useTranslation('lecture-live');
  const status = shownLectureLiveStatus(live.status, live.replay_videos.length);
  const beat = useCallback(
    (mode: 'live' | 'replay') => () => {
      // A lost beat costs ten seconds of statistics; it is not worth troubling the viewer.
      sendPlayerVisit(live.id, mode).catch(() => {});
    },
    [live.id],
  );
  if (status === 'live_in_progress') {
    if (!live.view_live) return <Forbidden what="live" />;
    const stream = live.streams[0];
    return stream ? (
      <HlsPlayer
        src={stream.url}
        live
        volume={live.controller_config.volume}
        autoplay={live.controller_config.autoplay}
        label={t('player.live')}
        onPlayingBeat={beat('live')}
      />
    ) : null;
  }
  if (status === 'replay_unpublished') {
    if (!live.view_record) return <Forbidden what="record" />;
    const video = live.replay_videos[0];
    return video ? (
      <HlsPlayer
        src={video.url}
        live={false}
        volume={live.controller_config.volume}
        autoplay={live.controller_config.autoplay}
        label={t('player.replay', { label: video.label })}
        onPlayingBeat={beat('replay')}
      />
    ) : null;
  }
  return null;
}

function LectureLiveView({ live }: { live: LectureLiveDetail }) {
  const { t } = useTranslation('lecture-live');
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      {live.unavailable_reason === 'ffmpeg_missing' ? (
        <Alert type="warning" showIcon title={t('unavailable.ffmpeg_missing')} />
      ) : null}
      <Player live={live} />
      <LiveStatusBox live={live} />
      <LiveAttributes live={live} />
      {live.can_manage ? <PlayerSettingsPanel live={live} /> : null}
      {live.can_manage ? <IngestPanel live={live} /> : null}
      {live.can_manage ? <ViewingStatsPanel live={live} /> : null}
    </Flex>
  );
}

/** The detail page of a lecture_live activity (spec 000 screen 5): player, status box, attribute table. */
export function LectureLiveActivityBody({ activity }: { activity: Activity }) {
  const query = useLectureLive(activity.id);
  return <PageState query={query}>{(live) => <LectureLiveView live={live} />}</PageState>;
}
