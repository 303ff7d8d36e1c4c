import type { Announcement } from '@lectern/contracts/announcements/announcements.schemas';

export function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 1,
    course_id: 42,
    title: 'Welcome to the course',
    content: '<p>Read the <strong>syllabus</strong> first.</p>',
    publish_at: '2025-03-01T08:00:00.000Z',
    published: true,
    pinned: false,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
    created_by: { id: 7, name: 'Li Wei' },
    attachments: [],
    read_at: null,
    can_manage: false,
    ...overrides,
  };
}
