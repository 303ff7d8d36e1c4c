import type { Notification } from '@lectern/contracts/notifications/notifications.schemas';
import type { NotificationRow } from './notifications.repository.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    course_id: row.courseId,
    activity_id: row.activityId,
    payload: row.payload,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
