import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { InstructorRollcalls } from '../components/instructor-rollcalls.tsx';
import { StudentRollcalls } from '../components/student-rollcalls.tsx';
import { useRollcallPush } from '../components/use-rollcall-push.ts';

/** /course/:courseId/rollcalls: the teaching team runs roll calls here; students check in. */
export function CourseRollcallsPage() {
  const course = useCurrentCourse();
  useRollcallPush(course.id);
  // can_manage is off while simulating a student: the page then shows what students see.
  return course.can_manage ? (
    <InstructorRollcalls courseId={course.id} />
  ) : (
    <StudentRollcalls courseId={course.id} />
  );
}
