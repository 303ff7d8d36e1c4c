import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  PlayCircleOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { MeetingStateResponse } from '@lectern/contracts/meetings/meetings.schemas';
import { Alert, Button, Flex, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJoinMeeting } from '../api/join-meeting.ts';
import { BindPhoneModal } from './bind-phone-modal.tsx';
import { panelView, participantsLink } from './meeting-panel.rules.ts';
import { ParticipantsModal } from './participants-modal.tsx';

const STATUS_ICONS = {
  not_started: <ClockCircleOutlined aria-hidden style={{ fontSize: 28, color: '#8c8c8c' }} />,
  in_progress: <VideoCameraOutlined aria-hidden style={{ fontSize: 28, color: '#1677ff' }} />,
  expired: <CheckCircleOutlined aria-hidden style={{ fontSize: 28, color: '#52c41a' }} />,
} as const;

/** Types whose vendor needs the member's mobile phone to join (spec 001 §5: ClassIn). */
const PHONE_TYPES = new Set(['classin']);

/** Status icon, join or playback, the status label, the meeting id and the participants link. */
export function MeetingStatusPanel({
  activity,
  state,
  now: nowProp,
}: {
  activity: Activity;
  state: MeetingStateResponse;
  now?: number;
}) {
  const { t } = useTranslation('meetings');
  // The state refetches every minute, which re-renders this with a fresh moment.
  const [openedAt] = useState(() => Date.now());
  const now = nowProp ?? openedAt;
  const join = useJoinMeeting(activity.id);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [participantsOpen, setParticipantsOpen] = useState(false);
  const view = panelView(state);
  const participants = participantsLink(state, now);

  const onJoin = () => {
    if (PHONE_TYPES.has(activity.type) && !state.has_mobile_phone) {
      setPhoneOpen(true);
      return;
    }
    join.mutate(undefined, {
      onSuccess: ({ url }) => {
        window.open(url, '_blank', 'noopener,noreferrer');
      },
    });
  };

  return (
    <Flex vertical gap={12} className="meeting-status-panel">
      <Flex align="center" gap={16} wrap>
        <span title={t(`status.${state.status}`)}>{STATUS_ICONS[state.status]}</span>
        <Typography.Text strong>{t(`status.${state.status}`)}</Typography.Text>
        {view.kind === 'join' ? (
          <Button
            type="primary"
            icon={<VideoCameraOutlined aria-hidden />}
            loading={join.isPending}
            onClick={onJoin}
          >
            {state.is_host ? t('panel.joinAsHost') : t('panel.join')}
          </Button>
        ) : null}
        {view.kind === 'playback' && view.enabled
          ? state.replay_addresses.map((url, index) => (
              <Button
                key={url}
                icon={<PlayCircleOutlined aria-hidden />}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {state.replay_addresses.length > 1
                  ? t('panel.playbackN', { n: index + 1 })
                  : t('panel.playback')}
              </Button>
            ))
          : null}
        {view.kind === 'playback' && !view.enabled ? (
          <Space size={8}>
            <Button icon={<PlayCircleOutlined aria-hidden />} disabled>
              {t('panel.playback')}
            </Button>
            <Typography.Text type="secondary">{t('panel.generating')}</Typography.Text>
          </Space>
        ) : null}
        {view.kind === 'label' ? (
          <Typography.Text type="secondary" role="status">
            {t(`panel.${view.label}`)}
          </Typography.Text>
        ) : null}
      </Flex>
      {state.meeting_id ? (
        <Space size={8}>
          <Typography.Text type="secondary">{t('panel.meetingId')}</Typography.Text>
          <Typography.Text copyable>{state.meeting_id}</Typography.Text>
        </Space>
      ) : null}
      {join.isError ? <Alert type="error" showIcon title={join.error.message} /> : null}
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
      <BindPhoneModal open={phoneOpen} onClose={() => setPhoneOpen(false)} />
      {participantsOpen ? (
        <ParticipantsModal activityId={activity.id} open onClose={() => setParticipantsOpen(false)} />
      ) : null}
    </Flex>
  );
}
