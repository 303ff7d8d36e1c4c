import { PlayCircleOutlined, VideoCameraOutlined, WifiOutlined } from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { meetingStatus } from '@lectern/contracts/meetings/meeting-rules';
import type { MeetingStateResponse } from '@lectern/contracts/meetings/meetings.schemas';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type DescriptionsProps,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { CommentPanel } from '../../discussions/public/comment-panel.tsx';
import { AttachmentList } from '../../uploads/public/attachment-list.tsx';
import { useJoinMeeting } from '../api/join-meeting.ts';
import { participantsLink } from './meeting-panel.rules.ts';
import { ParticipantsModal } from './participants-modal.tsx';
import { trialTeachingView } from './trial-teaching.rules.ts';

const STATUS_COLORS = { not_started: 'default', in_progress: 'processing', expired: 'success' } as const;

function text(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export interface TrialTeachingBodyProps {
  activity: Activity;
  /** The server's view of the meeting; until it arrives the status is judged from the times. */
  state: MeetingStateResponse | undefined;
  now?: number;
}

/**
 * The trial teaching detail (spec 001 "Activity detail views"): a header of the session's facts, the
 * content panel with its status text and buttons, and tabs for the recorded videos and the comments.
 */
export function TrialTeachingBody({ activity, state, now: nowProp }: TrialTeachingBodyProps) {
  const { t } = useTranslation('meetings');
  const [openedAt] = useState(() => Date.now());
  const now = nowProp ?? openedAt;
  const join = useJoinMeeting(activity.id);
  const [participantsOpen, setParticipantsOpen] = useState(false);
  const data = activity.data;
  const status = state?.status ?? meetingStatus(activity, now);
  const view = trialTeachingView(data, status, state?.can_join ?? false);
  const meetingId = text(data, 'meeting_code') ?? state?.meeting_id ?? undefined;
  const location = text(data, 'location');
  const description = text(data, 'description');
  const participants = state && view.online ? participantsLink(state, now) : { shown: false, enabled: false };
  const videos = activity.uploads.filter((upload) => upload.type === 'video');

  const items: NonNullable<DescriptionsProps['items']> = [];
  if (state?.host) items.push({ key: 'host', label: t('trial.host'), children: state.host.name });
  if (activity.start_time || activity.end_time) {
    const range = [activity.start_time, activity.end_time]
      .map((value) => (value ? formatDateTime(value) : '…'))
      .join(' – ');
    items.push({ key: 'time', label: t('trial.time'), children: range });
  }
  items.push({
    key: 'mode',
    label: t('trial.mode'),
    children: view.online ? t('trial.online') : t('trial.offline'),
  });
  if (typeof data.member_count === 'number') {
    items.push({ key: 'members', label: t('trial.members'), children: data.member_count });
  }
  if (view.online && meetingId) {
    items.push({
      key: 'meetingId',
      label: t('trial.meetingId'),
      children: <Typography.Text copyable>{meetingId}</Typography.Text>,
    });
  }
  if (!view.online && location)
    items.push({ key: 'location', label: t('trial.location'), children: location });

  const onJoin = () => {
    join.mutate(undefined, {
      onSuccess: ({ url }) => {
        window.open(url, '_blank', 'noopener,noreferrer');
      },
    });
  };

  return (
    <Flex vertical gap={16} className="trial-teaching">
      <Flex vertical gap={8}>
        <div>
          <Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />
        {participants.shown ? (
          <div>
            <Tooltip title={participants.enabled ? undefined : t('participants.notYet')}>
              <Button
                type="link"
                style={{ padding: 0 }}
                disabled={!participants.enabled}
                onClick={() => setParticipantsOpen(true)}
              >
                {t('participants.view')}
              </Button>
            </Tooltip>
          </div>
        ) : null}
      </Flex>
      <Flex vertical gap={12} className="trial-teaching-content">
        {view.tip === 'generatingRecord' ? (
          <Alert type="info" showIcon title={t('trial.generatingRecord')} />
        ) : (
          <Typography.Text role="status">{t(`trial.${view.tip}`)}</Typography.Text>
        )}
        <Flex gap={8} wrap>
          {view.join ? (
            <Button
              type="primary"
              icon={<VideoCameraOutlined aria-hidden />}
              loading={join.isPending}
              onClick={onJoin}
            >
              {t('trial.joinMeeting')}
            </Button>
          ) : null}
          {view.liveUrl ? (
            <Button
              icon={<WifiOutlined aria-hidden />}
              href={view.liveUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('trial.joinLive')}
            </Button>
          ) : null}
          {view.replays.map((url, index) => (
            <Button
              key={url}
              icon={<PlayCircleOutlined aria-hidden />}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {view.replays.length > 1 ? t('trial.replayN', { n: index + 1 }) : t('trial.replay')}
            </Button>
          ))}
        </Flex>
        {join.isError ? <Alert type="error" showIcon title={join.error.message} /> : null}
      </Flex>
      {description ? <RenderedHtml html={description} /> : null}
      <Tabs
        items={[
          {
            key: 'resources',
            label: t('trial.tabs.resources'),
            children: <AttachmentList attachments={videos} emptyText={t('trial.noVideos')} />,
          },
          {
            key: 'comments',
            label: t('trial.tabs.comments'),
            children: <CommentPanel activityId={activity.id} />,
          },
        ]}
      />
      {participantsOpen ? (
        <ParticipantsModal activityId={activity.id} open onClose={() => setParticipantsOpen(false)} />
      ) : null}
    </Flex>
  );
}
