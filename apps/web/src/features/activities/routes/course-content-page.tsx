import { Flex } from 'antd';
import { PageState } from '../../../shared/components/page-state.tsx';
import { HotTopics } from '../../discussions/public/hot-topics.tsx';
import { CourseOutline } from '../../courses/public/course-outline.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useActivities } from '../api/list-activities.ts';
import { CreateActivityButton } from '../components/create-activity-button.tsx';
import { SectionActivities } from '../components/section-activities.tsx';

/**
 * The course's content: its modules and syllabi with the activities of each. The activities are fetched
 * once for the whole course. Edit controls follow each activity's can_edit, which the server computes
 * (false for students and while an instructor views the course as a student). The course's hot forum
 * topics sit beside it.
 */
export function CourseContentPage() {
  const course = useCurrentCourse();
  const activities = useActivities(course.id);
  return (
    <Flex gap={16} wrap align="flex-start">
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        <PageState query={activities}>
          {(list) => (
            <CourseOutline
              renderSection={(section) => (
                <SectionActivities course={course} section={section} activities={list} />
              )}
              renderSectionActions={(section) => <CreateActivityButton course={course} section={section} />}
              // Deleting a module or syllabus deletes or moves the activities in it.
              onSectionsChanged={() => void activities.refetch()}
            />
          )}
        </PageState>
      </div>
      {/* Beside the outline on wide screens, under it on narrow ones; absent when there are no topics. */}
      <HotTopics courseId={course.id} style={{ flex: '0 1 320px', minWidth: 0 }} />
    </Flex>
  );
}
