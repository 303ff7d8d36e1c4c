import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { lessonReplayPhase, playbackEnabled, submitAgain } from '@lectern/contracts/meetings/meeting-rules';
import { Alert, Button, Descriptions, Flex, Spin, Tag, Typography, type DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { useMeetingState } from '../api/get-meeting-state.ts';
import { ActivityResourcesList } from '../../activity-resources/public/activity-resources-list.tsx';
import { MeetingStatusPanel } from '../components/meeting-status-panel.tsx';
import { TrialTeachingBody } from '../components/trial-teaching-body.tsx';
import { VendorMeetingSetup, vendorOf } from '../components/vendor-meeting-setup.tsx';
import { WatchStatsModal } from '../components/watch-stats-modal.tsx';

const AUDIT_COLORS = { 1: 'processing', 2: 'success', 3: 'error' } as const;

function text(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Cloud-classroom review badge (1 auditing, 2 agree, 3 reject). */
export function MeetingAuditBadge({ auditStatus }: { auditStatus: unknown }) {
  const { t } = useTranslation('meetings');
  if (auditStatus !== 1 && auditStatus !== 2 && auditStatus !== 3) return null;
  return <Tag color={AUDIT_COLORS[auditStatus]}>{t(`audit.${auditStatus}`)}</Tag>;
}

/** The edit label: "submit again" once the cloud classroom review rejected the meeting. */
export function meetingEditLabelKey(
  cloudClassroom: boolean,
  auditStatus: unknown,
): 'audit.submitAgain' | 'audit.edit' {
  return submitAgain(cloudClassroom, auditStatus) ? 'audit.submitAgain' : 'audit.edit';
}

/**
 * The detail of a third-party meeting or live session (spec 001 "Activity detail views"): the page shows
 * title, times, creator and completion; this adds host, playback flag, the type's own fields, the
 * description and the status panel the server decides.
 */
export function MeetingActivityBody({ activity }: { activity: Activity }) {
  const { t } = useTranslation('meetings');
  const state = useMeetingState(activity.id);
  const [statsOpen, setStatsOpen] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const data = activity.data;
  const description = text(data, 'description');
  if (activity.type === 'trial_teaching') return <TrialTeachingBody activity={activity} state={state.data} />;

  const items: NonNullable<DescriptionsProps['items']> = [];
  if (state.data?.host) {
    items.push({
      key: 'host',
      label: t('detail.host'),
      children: `${state.data.host.name} (${state.data.host.user_no})`,
    });
  }
  items.push({
    key: 'playback',
    label: t('detail.playback'),
    children: playbackEnabled(data.playback) ? t('detail.yes') : t('detail.no'),
  });
  if (activity.type === 'webex_meeting' && typeof data.duration === 'number') {
    items.push({
      key: 'duration',
      label: t('detail.duration'),
      children: t('detail.minutes', { count: data.duration }),
    });
  }
  const code = text(data, 'meeting_code');
  if (code) {
    items.push({
      key: 'code',
      label: t('detail.meetingCode'),
      children: <Typography.Text copyable>{code}</Typography.Text>,
    });
  }
  if (activity.type === 'lesson_replay') {
    const start = text(data, 'lesson_start_time');
    const end = text(data, 'lesson_end_time');
    if (start)
      items.push({ key: 'lessonStart', label: t('detail.lessonStart'), children: formatDateTime(start) });
    if (end) items.push({ key: 'lessonEnd', label: t('detail.lessonEnd'), children: formatDateTime(end) });
  }

  const joinUrl = text(data, 'join_url');
  const vendor = vendorOf(activity.type);
  // Only a meeting that has none yet (no link pasted, nothing made on the vendor) is set up here.
  const needsVendorMeeting =
    vendor !== null && activity.can_edit && state.data !== undefined && !state.data.meeting_id && !joinUrl;
  const dingtalkCopy =
    activity.type === 'dingtalk_live' &&
    state.data?.status === 'expired' &&
    state.data.playback_state !== 'available';

  return (
    <Flex vertical gap={16}>
      <MeetingAuditBadge auditStatus={data.audit_status} />
      {items.length > 0 ? <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} /> : null}
      {activity.type === 'lesson_replay' ? (
        <Alert
          type="info"
          showIcon
          title={t(
            `lessonReplay.${lessonReplayPhase({ lesson_start_time: text(data, 'lesson_start_time') ?? null, lesson_end_time: text(data, 'lesson_end_time') ?? null }, openedAt)}`,
          )}
        />
      ) : null}
      {state.isPending ? <Spin /> : null}
      {state.isError ? <Alert type="error" showIcon title={state.error.message} /> : null}
      {state.data ? <MeetingStatusPanel activity={activity} state={state.data} /> : null}
      {needsVendorMeeting ? <VendorMeetingSetup activity={activity} vendor={vendor} /> : null}
      {data.meeting_vendor === 'calendar' && activity.start_time && activity.end_time ? (
        <Typography.Link href={`/api/activities/${activity.id}/meeting/invite.ics`} download>
          {t('vendor.downloadInvite')}
        </Typography.Link>
      ) : null}
      {dingtalkCopy && joinUrl ? (
        <Typography.Text copyable={{ text: joinUrl }}>{t('dingtalk.copyLink')}</Typography.Text>
      ) : null}
      {activity.type === 'dingtalk_live' && activity.can_edit ? (
        <div>
          <Button type="link" style={{ padding: 0 }} onClick={() => setStatsOpen(true)}>
            {t('dingtalk.viewStats')}
          </Button>
          {statsOpen ? (
            <WatchStatsModal activityId={activity.id} open onClose={() => setStatsOpen(false)} />
          ) : null}
        </div>
      ) : null}
      {description ? <RenderedHtml html={description} /> : null}
      <ActivityResourcesList activityId={activity.id} />
    </Flex>
  );
}
