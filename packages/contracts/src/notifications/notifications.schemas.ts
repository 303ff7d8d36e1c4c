import { z } from 'zod';
import { PageMetaSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * What a notification tells its reader. The wording lives in the web app (three locales), built from the
 * type and the payload, so a notification reads in whatever language the reader uses today.
 */
export const NOTIFICATION_TYPES = [
  'homework_redo',
  'homework_remind',
  'homework_make_up',
  'homework_score_published',
  'exam_score_published',
  'announcement_published',
  'lecture_live_started',
] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** Kept on the row as sent, so a renamed activity does not rewrite what the reader was told. */
export const NotificationPayloadSchema = z
  .object({
    /** The activity's title when the notification was made. */
    title: z.string(),
    course_name: z.string().optional(),
    /** A new deadline (make-up window, reminder of the end time). */
    end_time: IsoDateTimeSchema.optional(),
  })
  .meta({ id: 'NotificationPayload' });
export type NotificationPayload = z.infer<typeof NotificationPayloadSchema>;

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    type: NotificationTypeSchema,
    course_id: z.number().int().nullable(),
    activity_id: z.number().int().nullable(),
    payload: NotificationPayloadSchema,
    read_at: NullableIsoDateTimeSchema,
    created_at: IsoDateTimeSchema,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = PageQuerySchema;
export type NotificationsQuery = z.input<typeof NotificationsQuerySchema>;

export const NotificationsResponseSchema = PageMetaSchema.extend({
  notifications: z.array(NotificationSchema),
  unread_count: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

export const UnreadCountResponseSchema = z.object({ unread_count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponseSchema>;

/** The page to open for a notification: the activity it is about, or the announcements it belongs to. */
export function notificationLink(
  notification: Pick<Notification, 'type' | 'course_id' | 'activity_id'>,
): string | null {
  if (notification.type === 'announcement_published') {
    return notification.course_id === null
      ? '/announcements'
      : `/course/${notification.course_id}/announcements`;
  }
  if (notification.course_id === null || notification.activity_id === null) return null;
  return `/course/${notification.course_id}/activity/${notification.activity_id}`;
}
