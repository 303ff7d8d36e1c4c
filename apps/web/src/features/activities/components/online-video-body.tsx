import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { formatMediaTime } from '@lectern/contracts/discussions/question-time';
import { Flex, Typography } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVideoAiResult, VideoAiPanel } from '../../ai/public/video-ai-panel.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { VideoQuizLayer } from '../../courseware-quizzes/public/video-quiz-layer.tsx';
import { VideoQuizTab } from '../../courseware-quizzes/public/video-quiz-tab.tsx';
import { VideoStatisticsView } from '../../courseware-quizzes/public/video-statistics-view.tsx';
import { DiscussionPanel } from '../../discussions/public/discussion-panel.tsx';

/** The length the activity declares (seconds), used until the video itself says how long it is. */
function declaredDuration(data: Record<string, unknown>): number | undefined {
  const value = data.duration;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * An online video activity: its first video file in the browser's player (the blob answers byte ranges,
 * so seeking works), the quizzes that stop it (courseware-quizzes), and the comment and question panel,
 * whose posts carry the time being watched.
 */
export function OnlineVideoBody({ activity, description }: { activity: Activity; description?: ReactNode }) {
  const { t } = useTranslation('activities');
  const course = useCurrentCourse();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState<number | undefined>(() => declaredDuration(activity.data));
  const video = [...activity.uploads]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .find((reference) => reference.type === 'video');
  const readLocation = useCallback(() => {
    const player = videoRef.current;
    return player ? formatMediaTime(player.currentTime) : null;
  }, []);
  const readTime = useCallback(() => videoRef.current?.currentTime ?? null, []);
  const generated = useVideoAiResult(activity.id, video?.id);

  return (
    <Flex vertical gap={16}>
      {!video ? (
        <Typography.Text type="secondary">{t('detail.noVideo')}</Typography.Text>
      ) : video.can_preview && video.preview_url ? (
        <video
          ref={videoRef}
          controls
          preload="metadata"
          src={video.preview_url}
          aria-label={video.name}
          onLoadedMetadata={(event) => {
            const length = event.currentTarget.duration;
            if (Number.isFinite(length) && length > 0) setDuration(length);
          }}
          style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
        >
          {generated?.captions_url ? (
            <track kind="captions" src={generated.captions_url} label={t('detail.aiCaptions')} default />
          ) : null}
          {t('detail.videoUnsupported')}
        </video>
      ) : (
        <Typography.Text type="secondary">{t('detail.videoNotAllowed')}</Typography.Text>
      )}
      {video?.can_preview && video.preview_url ? (
        <VideoQuizLayer activityId={activity.id} videoRef={videoRef} />
      ) : null}
      {video ? <VideoAiPanel activityId={activity.id} video={video} videoRef={videoRef} /> : null}
      {description}
      <VideoStatisticsView
        activityId={activity.id}
        courseId={course.id}
        courseType={course.course_type}
        readTime={readTime}
        panel={
          <DiscussionPanel
            activity={activity}
            courseType={course.course_type}
            readLocation={readLocation}
            referenceId={video?.id ?? null}
            mediaDuration={duration}
            quizTab={<VideoQuizTab activityId={activity.id} courseId={course.id} readTime={readTime} />}
          />
        }
      />
    </Flex>
  );
}
