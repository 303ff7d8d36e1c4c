import { EmptyState } from '../../shared/components/page-state.tsx';

/** Stands in for /user/courses until the courses feature registers its own page. */
export function CoursesPlaceholder() {
  return <EmptyState />;
}
