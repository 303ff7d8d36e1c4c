/** Every course-combining query sits under this prefix. */
export const courseCombiningQueryKey = ['course-combining'] as const;

export const combinableCoursesKey = (keyword: string) =>
  [...courseCombiningQueryKey, 'combinable', keyword] as const;
export const coursesToMergeKey = (courseId: number) =>
  [...courseCombiningQueryKey, 'to-merge', courseId] as const;
export const courseSubCoursesKey = (courseId: number) =>
  [...courseCombiningQueryKey, 'course-sub-courses', courseId] as const;
