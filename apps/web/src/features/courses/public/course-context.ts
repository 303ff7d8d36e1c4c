import type { Course } from '@lectern/contracts/courses/course.schemas';
import { createContext } from 'react';

/** The course of the page being shown; CourseLayout provides it to every route under /course/:courseId. */
export const CourseContext = createContext<Course | null>(null);
