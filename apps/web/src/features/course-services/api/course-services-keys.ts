export const teachingCalendarKey = (courseId: number) =>
  ['course-services', 'teaching-calendars', courseId] as const;
export const teachingWeeksKey = (orgId: number) => ['course-services', 'teaching-weeks', orgId] as const;
export const courseEstimatesKey = (courseId: number) => ['course-services', 'estimates', courseId] as const;
/** Registration state as the caller sees it: signed in (`member`) or as a visitor (`visitor`). */
export const registrationStateKey = (courseId: number, as: 'member' | 'visitor') =>
  ['course-services', 'registration-state', courseId, as] as const;
export const downloadPrintKey = (courseId: number, type: 'download' | 'print') =>
  ['course-services', 'download-print', courseId, type] as const;
/** Everything of the resource review: the course list, each course's files (a verdict changes both). */
export const resourceAuditKey = ['course-services', 'resource-audit'] as const;
export const studentStatsKey = ['course-services', 'student-stats'] as const;
export const extensionAppsKey = (courseId: number, as: 'member' | 'visitor') =>
  ['course-services', 'extension-apps', courseId, as] as const;
/** Every course's shared files (a share may name several courses). */
export const allSharedFilesKey = ['course-services', 'shared-files'] as const;
/** A course's shared files, every page (the download rule changes what each offers). */
export const sharedFilesKey = (courseId: number) => [...allSharedFilesKey, courseId] as const;
export const courseOverviewStatsKey = (courseId: number) =>
  ['course-services', 'overview-stats', courseId] as const;
