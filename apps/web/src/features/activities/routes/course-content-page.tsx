import { Flex, Grid } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { PageState } from '../../../shared/components/page-state.tsx';
import { CourseOutline, preloadCourseOutlineEditing } from '../../courses/public/course-outline.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useActivities } from '../api/list-activities.ts';
import { CreateActivityButton } from '../components/create-activity-button.tsx';
import { SectionActivities } from '../components/section-activities.tsx';
import { MeetingVendorButton } from '../../meetings/public/meeting-vendor-button.tsx';

// The teaching team's figures above the outline: fetched after the page is drawn, never for students.
const CourseOverviewStats = lazy(async () => ({
  default: (await import('../../course-services/public/course-overview-stats.tsx')).CourseOverviewStats,
}));

// A side panel: the outline comes first, the discussions' hot topics (and their schemas) just after.
const HotTopics = lazy(async () => ({
  default: (await import('../../discussions/public/hot-topics.tsx')).HotTopics,
}));

/**
 * The course's content: its modules and syllabi with the activities of each. The activities are fetched
 * once for the whole course. Edit controls follow each activity's can_edit, which the server computes
 * (false for students and while an instructor views the course as a student). The course's hot forum
 * topics sit beside it.
 */
export function CourseContentPage() {
  const course = useCurrentCourse();
  const activities = useActivities(course.id);
  const wide = Grid.useBreakpoint().xl ?? false;
  const manage = course.can_manage;
  // The outline of those who edit it waits for its controls; fetch them beside the activities.
  useEffect(() => {
    if (manage) preloadCourseOutlineEditing();
  }, [manage]);
  return (
    <Flex gap={16} wrap align="flex-start">
      {manage ? (
        <div style={{ flex: '1 1 100%', minWidth: 0 }}>
          <Suspense fallback={null}>
            <CourseOverviewStats courseId={course.id} />
          </Suspense>
        </div>
      ) : null}
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        <PageState query={activities}>
          {(list) => (
            <CourseOutline
              renderSection={(section) => (
                <SectionActivities course={course} section={section} activities={list} />
              )}
              renderSectionActions={(section) => (
                <>
                  <CreateActivityButton course={course} section={section} />
                  <MeetingVendorButton course={course} moduleId={section.moduleId} />
                </>
              )}
              // Deleting a module or syllabus deletes or moves the activities in it.
              onSectionsChanged={() => void activities.refetch()}
            />
          )}
        </PageState>
      </div>
      {/* Beside the outline on wide screens, across the page under it on narrow ones; absent when there
          are no topics, so the outline then takes the whole width. */}
      <Suspense fallback={null}>
        <HotTopics courseId={course.id} style={wide ? { flex: '0 0 320px' } : { flex: '1 1 100%' }} />
      </Suspense>
    </Flex>
  );
}
