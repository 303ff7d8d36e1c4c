import type { Notification } from '@lectern/contracts/notifications/notifications.schemas';
import type { TFunction } from 'i18next';
import { formatDateTime, PICKER_DATE_TIME_FORMAT } from '../../../shared/components/date-time.ts';

/** The sentence a notification says, in the reader's language today (the server stores only facts). */
export function notificationMessage(t: TFunction<'notifications'>, notification: Notification): string {
  const { title, end_time: endTime } = notification.payload;
  const withDeadline = endTime !== undefined;
  const values = { title, endTime: withDeadline ? formatDateTime(endTime, PICKER_DATE_TIME_FORMAT) : '' };
  switch (notification.type) {
    case 'homework_redo':
      return t('message.homework_redo', values);
    case 'homework_remind':
      return withDeadline
        ? t('message.homework_remind_deadline', values)
        : t('message.homework_remind', values);
    case 'homework_make_up':
      return withDeadline
        ? t('message.homework_make_up_deadline', values)
        : t('message.homework_make_up', values);
    case 'homework_score_published':
      return t('message.homework_score_published', values);
    case 'exam_score_published':
      return t('message.exam_score_published', values);
    case 'announcement_published':
      return t('message.announcement_published', values);
    case 'lecture_live_started':
      return t('message.lecture_live_started', values);
  }
}
