export const teachingCalendarKey = (courseId: number) =>
  ['course-services', 'teaching-calendars', courseId] as const;
export const teachingWeeksKey = (orgId: number) => ['course-services', 'teaching-weeks', orgId] as const;
export const courseEstimatesKey = (courseId: number) => ['course-services', 'estimates', courseId] as const;
