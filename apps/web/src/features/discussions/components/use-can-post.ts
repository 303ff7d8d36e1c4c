import { useCurrentCourse } from '../../courses/public/use-current-course.ts';

/**
 * Whether the viewer may write here: an instructor viewing the course as a student reads only (the
 * server refuses such writes with simulating_read_only; the forms are not offered at all).
 */
export function useCanPost(): boolean {
  return !useCurrentCourse().simulating;
}
