import type { Course } from '@lectern/contracts/courses/course.schemas';
import { use } from 'react';
import { CourseContext } from './course-context.ts';

/** The course of the current page, as the viewer sees it (roles, can_manage, simulating, outline); throws outside CourseLayout. */
export function useCurrentCourse(): Course {
  const course = use(CourseContext);
  if (!course)
    throw new Error('useCurrentCourse must be used under CourseLayout (or a CourseContext provider)');
  return course;
}
