import { BLUEPRINT_COURSE_TYPE } from '@lectern/contracts/courses/course-roles';
import { Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVideoQuizzes } from '../api/list-video-quizzes.ts';
import { VideoQuizManager } from '../components/video-quiz-manager.tsx';

/**
 * The panel under an online video as the statistics view of spec 001 section 2. In a blueprint course
 * (type 13) the teaching team gets one tab, Questions, with every quiz of the video and its statistics open:
 * a blueprint is a template without comments worth reading, and its quizzes are what gets copied on. Anywhere
 * else, and for anyone else, it is the comment-and-question panel the page passes in (with its quiz tab).
 */
export function VideoStatisticsView({
  activityId,
  courseId,
  courseType,
  readTime,
  panel,
}: {
  activityId: number;
  courseId: number;
  courseType: number | null | undefined;
  readTime?: () => number | null;
  panel: ReactNode;
}) {
  const { t } = useTranslation('courseware-quizzes');
  // The same query as the player's quiz layer: no request of its own.
  const list = useVideoQuizzes(activityId);
  if (courseType !== BLUEPRINT_COURSE_TYPE) return panel;
  if (list.isLoading) return <Spin />;
  if (!list.data?.can_manage) return panel;
  return (
    <Tabs
      items={[
        {
          key: 'question',
          label: t('blueprint.tab'),
          children: (
            <VideoQuizManager
              activityId={activityId}
              courseId={courseId}
              quizzes={list.data.quizzes}
              readTime={readTime}
              statisticsOpen
            />
          ),
        },
      ]}
    />
  );
}
