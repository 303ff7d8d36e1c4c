import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { InstructorAskQuestions } from '../components/instructor-ask-questions.tsx';
import { StudentAskQuestions } from '../components/student-ask-questions.tsx';
import { useAskQuestionPush } from '../components/use-ask-question-push.ts';

/** /course/:courseId/ask-questions: the teaching team asks and draws here; students see if they were picked. */
export function CourseAskQuestionsPage() {
  const course = useCurrentCourse();
  useAskQuestionPush(course.id);
  // can_manage is off while simulating a student: the page then shows what students see.
  return course.can_manage ? (
    <InstructorAskQuestions courseId={course.id} />
  ) : (
    <StudentAskQuestions courseId={course.id} />
  );
}
