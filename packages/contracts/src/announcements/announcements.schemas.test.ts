import { describe, expect, it } from 'vitest';
import { notificationLink } from '../notifications/notifications.schemas.ts';
import { AnnouncementInputSchema, isPublished } from './announcements.schemas.ts';

describe('AnnouncementInputSchema', () => {
  it('keeps the title as plain text and bounds it after the markup is gone', () => {
    const parsed = AnnouncementInputSchema.parse({ title: ' <b>Exam</b> moved ', content: '<p>x</p>' });
    expect(parsed.title).toBe('Exam moved');
    // 100 characters of text survive even when wrapped in markup that is stripped.
    expect(
      AnnouncementInputSchema.safeParse({ title: `<i>${'a'.repeat(100)}</i>`, content: 'x' }).success,
    ).toBe(true);
    const tooLong = AnnouncementInputSchema.safeParse({ title: 'a'.repeat(101), content: 'x' });
    expect(tooLong.error?.issues.map((i) => i.message)).toEqual(['announcements.titleTooLong']);
  });

  it('names a missing title and text by their catalogue keys', () => {
    const result = AnnouncementInputSchema.safeParse({ title: '<br>', content: '  ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'announcements.titleRequired'],
      ['content', 'announcements.contentRequired'],
    ]);
  });
});

describe('isPublished', () => {
  it('is true from the publication time on', () => {
    const now = new Date('2026-03-01T08:00:00Z');
    expect(isPublished('2026-03-01T08:00:00Z', now)).toBe(true);
    expect(isPublished('2026-03-01T08:00:01Z', now)).toBe(false);
  });
});

describe('notificationLink for announcements', () => {
  it('opens the course’s announcements, or the organisation’s', () => {
    expect(notificationLink({ type: 'announcement_published', course_id: 5, activity_id: null })).toBe(
      '/course/5/announcements',
    );
    expect(notificationLink({ type: 'announcement_published', course_id: null, activity_id: null })).toBe(
      '/announcements',
    );
  });
});
