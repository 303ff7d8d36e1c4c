import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../shared/components/page-state.tsx';
import { CourseOutlineView, type CourseOutlineProps } from '../components/course-outline-view.tsx';
import { useCurrentCourse } from './use-current-course.ts';

export type { CourseOutlineProps, CourseSection } from '../components/course-outline-view.tsx';

function importEditing() {
  return import('../components/course-outline-editing.tsx');
}

// Only the teaching team edits the outline: its controls, their mutations and dialogs are fetched for
// them, not with every student's course page (decision 0014).
const EditableCourseOutline = lazy(async () => ({
  default: (await importEditing()).EditableCourseOutline,
}));

/**
 * Starts fetching the outline's edit controls, for a page that knows the viewer manages the course
 * before it can draw the outline (it waits for the activities), so both arrive together.
 */
export function preloadCourseOutlineEditing(): void {
  void importEditing();
}

/**
 * The current course's modules and syllabi, in order, with the caller's content in each section. The
 * teaching team (course.can_manage) can add, rename, reorder and delete modules and syllabi here; for
 * them the outline waits for its controls rather than showing without them and shifting as they come.
 */
export function CourseOutline(props: CourseOutlineProps) {
  const course = useCurrentCourse();
  if (!course.can_manage) return <CourseOutlineView course={course} {...props} />;
  return (
    <Suspense fallback={<LoadingState />}>
      <EditableCourseOutline course={course} {...props} />
    </Suspense>
  );
}
