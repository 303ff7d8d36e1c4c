import { isPublished, type Announcement } from '@lectern/contracts/announcements/announcements.schemas';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import type { ListedAnnouncement } from './announcements.repository.ts';

/** The one place an announcement row becomes wire JSON. */
export function presentAnnouncement(
  row: ListedAnnouncement,
  viewer: { now: Date; canManage: boolean; attachments: UploadReference[] },
): Announcement {
  return {
    id: row.id,
    course_id: row.courseId,
    title: row.title,
    content: row.content,
    publish_at: row.publishAt.toISOString(),
    published: isPublished(row.publishAt, viewer.now),
    pinned: row.pinned,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: { id: row.createdBy, name: row.authorName },
    attachments: viewer.attachments,
    read_at: row.readAt?.toISOString() ?? null,
    can_manage: viewer.canManage,
  };
}
