import { ExportOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { ForumBoard } from '../../discussions/public/forum-board.tsx';
import { ExamActivityBody } from '../../exams/public/exam-activity-body.tsx';
import { HomeworkActivityBody } from '../../homework/public/homework-activity-body.tsx';
import { activitiesQueryKey } from '../api/list-activities.ts';
import { isWebUrl } from './activity-form.rules.ts';
import { MaterialBody } from './material-body.tsx';
import { OnlineVideoBody } from './online-video-body.tsx';

/** Loaded when a vote is opened: other activity pages do not carry the ballot and results. */
const VoteActivityBody = lazy(async () => ({
  default: (await import('../../votes/public/vote-activity-body.tsx')).VoteActivityBody,
}));
/** Loaded when an H5 courseware is opened. */
const H5CoursewareActivityBody = lazy(async () => ({
  default: (await import('../../h5-courseware/public/h5-courseware-activity-body.tsx'))
    .H5CoursewareActivityBody,
}));
/** Loaded when a third-party meeting is opened. */
const MeetingActivityBody = lazy(async () => ({
  default: (await import('../../meetings/public/meeting-activity-body.tsx')).MeetingActivityBody,
}));
/** Loaded when a lecture live is opened: the player and its status box (hls.js loads later still). */
const LectureLiveActivityBody = lazy(async () => ({
  default: (await import('../../lecture-live/public/lecture-live-activity-body.tsx')).LectureLiveActivityBody,
}));
/** Loaded when a questionnaire is opened. */
const QuestionnaireActivityBody = lazy(async () => ({
  default: (await import('../../questionnaires/public/questionnaire-activity-body.tsx'))
    .QuestionnaireActivityBody,
}));

function textOf(data: Record<string, unknown>, field: string): string | undefined {
  const value = data[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function Description({ activity }: { activity: Activity }) {
  const description = textOf(activity.data, 'description');
  return description ? <RenderedHtml html={description} /> : null;
}

function WebLinkBody({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const url = textOf(activity.data, 'url');
  return (
    <Flex vertical gap={16}>
      {url && isWebUrl(url) ? (
        <div>
          <Button
            type="primary"
            icon={<ExportOutlined aria-hidden />}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('detail.openLink')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} copyable>
            {url}
          </Typography.Paragraph>
        </div>
      ) : (
        <Typography.Text type="secondary">{t('detail.noLink')}</Typography.Text>
      )}
      <Description activity={activity} />
    </Flex>
  );
}

function MeetingBody({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const code = textOf(activity.data, 'meeting_code');
  const joinUrl = textOf(activity.data, 'join_url');
  const canJoin = activity.status === 'inProgress' && joinUrl !== undefined && isWebUrl(joinUrl);
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={16} wrap>
        {canJoin ? (
          <Button
            type="primary"
            icon={<VideoCameraOutlined aria-hidden />}
            href={joinUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('meeting.join')}
          </Button>
        ) : (
          <Typography.Text type="secondary" role="status">
            {activity.status === 'notStarted'
              ? t('meeting.notStarted')
              : activity.status === 'expired'
                ? t('meeting.ended')
                : t('meeting.noJoinUrl')}
          </Typography.Text>
        )}
        {code ? (
          <Space size={8}>
            <Typography.Text type="secondary">{t('meeting.code')}</Typography.Text>
            <Typography.Text copyable>{code}</Typography.Text>
          </Space>
        ) : null}
      </Flex>
      <Description activity={activity} />
    </Flex>
  );
}

/** Homework settings calls change the activity's `data`: the page's copy must be read again. */
function HomeworkBody({ activity }: { activity: Activity }) {
  const queryClient = useQueryClient();
  return (
    <HomeworkActivityBody
      activity={activity}
      onActivityChanged={() => void queryClient.invalidateQueries({ queryKey: activitiesQueryKey })}
    />
  );
}

/**
 * True when the body already shows the attachments (the courseware viewer, the video player, the
 * homework's own page), so the page does not list them twice.
 */
export function bodyListsAttachments(type: string): boolean {
  return type === 'material' || type === 'homework' || type === 'h5_courseware';
}

/** The part of the detail page that depends on the activity type. */
export function ActivityBody({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  if (activity.type === 'page') {
    const content = textOf(activity.data, 'content');
    return content ? (
      <RenderedHtml html={content} className="activity-page-content" />
    ) : (
      <Typography.Text type="secondary">{t('detail.noContent')}</Typography.Text>
    );
  }
  if (activity.type === 'web_link') return <WebLinkBody activity={activity} />;
  if (activity.type === 'exam' || activity.type === 'classroom_exam') {
    return <ExamActivityBody activity={activity} />;
  }
  if (activity.type === 'homework') return <HomeworkBody activity={activity} />;
  if (activity.type === 'vote') {
    return (
      <Suspense fallback={null}>
        <VoteActivityBody activity={activity} />
      </Suspense>
    );
  }
  if (activity.type === 'h5_courseware') {
    return (
      <Suspense fallback={null}>
        <H5CoursewareActivityBody activity={activity} />
      </Suspense>
    );
  }
  if (activity.type === 'questionnaire') {
    return (
      <Suspense fallback={null}>
        <QuestionnaireActivityBody activity={activity} />
      </Suspense>
    );
  }
  if (activity.type === 'lecture_live') {
    return (
      <Suspense fallback={null}>
        <LectureLiveActivityBody activity={activity} />
      </Suspense>
    );
  }
  if (activity.type !== 'lecture_live' && (MEETING_TYPES as readonly string[]).includes(activity.type)) {
    return (
      <Suspense fallback={null}>
        <MeetingActivityBody activity={activity} />
      </Suspense>
    );
  }
  if ((MEETING_TYPES as readonly string[]).includes(activity.type))
    return <MeetingBody activity={activity} />;
  if (activity.type === 'online_video') {
    return <OnlineVideoBody activity={activity} description={<Description activity={activity} />} />;
  }
  if (activity.type === 'material') {
    return <MaterialBody activity={activity} description={<Description activity={activity} />} />;
  }
  if (activity.type === 'forum') {
    return (
      <Flex vertical gap={16}>
        <Description activity={activity} />
        <ForumBoard activity={activity} />
      </Flex>
    );
  }
  return <Description activity={activity} />;
}
