import { PageState } from '../../../shared/components/page-state.tsx';
import { CourseOutline } from '../../courses/public/course-outline.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useActivities } from '../api/list-activities.ts';
import { CreateActivityButton } from '../components/create-activity-button.tsx';
import { SectionActivities } from '../components/section-activities.tsx';

/**
 * The course's content: its modules and syllabi with the activities of each. The activities are fetched
 * once for the whole course. Edit controls follow each activity's can_edit, which the server computes
 * (false for students and while an instructor views the course as a student).
 */
export function CourseContentPage() {
  const course = useCurrentCourse();
  const activities = useActivities(course.id);
  return (
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
  );
}
