import type { Course } from '@lectern/contracts/courses/course.schemas';
import type { ReactNode } from 'react';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeStudentCourse } from './fixtures.ts';

export interface RenderInCourseOptions {
  /** The course as the viewer sees it; a student by default. */
  course?: Course;
  path?: string;
}

/** Renders discussion UI the way the activity page does: inside a course, with the real providers. */
export function renderInCourse(
  element: ReactNode,
  { course = makeStudentCourse(), path = '/course/42/activity/5' }: RenderInCourseOptions = {},
) {
  return renderRoutes(
    [{ path: '*', element: <CourseContext value={course}>{element}</CourseContext> }],
    path,
  );
}
