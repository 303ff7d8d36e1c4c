/** Every announcements query sits under this prefix, so a change refreshes every list it may appear in. */
export const announcementsQueryKey = ['announcements'] as const;

export const courseAnnouncementsQueryKey = (courseId: number) =>
  [...announcementsQueryKey, 'course', courseId] as const;

export const orgAnnouncementsQueryKey = [...announcementsQueryKey, 'org'] as const;
