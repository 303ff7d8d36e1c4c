import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import type { CalendarMeetingRequest } from '@lectern/contracts/meetings/meetings.schemas';
import { App, Form, Input, Select, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useCreateCalendarMeeting } from '../api/create-calendar-meeting.ts';
import { VendorMeetingTitleAndTimeFields, type VendorMeetingModalProps } from './vendor-meeting-fields.tsx';

export type CalendarMeetingValues = {
  module_id: number;
  type: string;
  title: string;
  start_time: string | null;
  end_time: string | null;
  join_url?: string;
  location?: string;
  description?: string;
  published: boolean;
};

/** Lecture lives have their own slice; every other meeting type may be booked into calendars. */
const CALENDAR_TYPES = MEETING_TYPES.filter((type) => type !== 'lecture_live');

export function toCalendarRequest(values: CalendarMeetingValues, courseId: number): CalendarMeetingRequest {
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const joinUrl = optional(values.join_url);
  const location = optional(values.location);
  const description = optional(values.description);
  return {
    course_id: courseId,
    module_id: values.module_id,
    type: values.type,
    title: values.title.trim(),
    start_time: values.start_time ?? '',
    end_time: values.end_time ?? '',
    ...(joinUrl ? { join_url: joinUrl } : {}),
    ...(location ? { location } : {}),
    ...(description ? { description } : {}),
    published: values.published,
  };
}

export type CalendarMeetingModalProps = VendorMeetingModalProps<CalendarMeetingValues>;

/**
 * A meeting booked into the course members' calendars (`POST /api/calendar-meeting`): the activity, and
 * an iCalendar invitation the server stores on its CalDAV server when it has one; either way the
 * invitation file is offered on the activity.
 */
export function CalendarMeetingModal({ course, moduleId, initial, ...modal }: CalendarMeetingModalProps) {
  const { t } = useTranslation('meetings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const create = useCreateCalendarMeeting();
  const modules = [...course.modules].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return (
    <FormModal<CalendarMeetingValues>
      {...modal}
      width={720}
      title={t('vendor.calendarTitle')}
      initialValues={{
        module_id: moduleId ?? modules[0]?.id,
        type: 'google_meeting',
        published: true,
        ...initial,
      }}
      serverFieldAliases={{ 'data.join_url': 'join_url' }}
      onSubmit={async (values) => {
        const result = await create.mutateAsync(toCalendarRequest(values, course.id));
        await queryClient.invalidateQueries();
        void message.success(
          t(result.caldav === 'stored' ? 'vendor.calendarStored' : 'vendor.calendarFileOnly', {
            count: result.attendee_count,
          }),
        );
      }}
    >
      <Form.Item
        name="module_id"
        label={t('vendor.module')}
        rules={[{ required: true, message: t('vendor.moduleRequired') }]}
      >
        <Select options={modules.map((m) => ({ value: m.id, label: m.name }))} />
      </Form.Item>
      <Form.Item name="type" label={t('vendor.type')}>
        <Select options={CALENDAR_TYPES.map((type) => ({ value: type, label: t(`vendor.types.${type}`) }))} />
      </Form.Item>
      <VendorMeetingTitleAndTimeFields />
      <Form.Item
        name="join_url"
        label={t('vendor.joinUrl')}
        rules={[{ type: 'url', message: t('vendor.joinUrlInvalid') }]}
      >
        <Input maxLength={2000} placeholder="https://" />
      </Form.Item>
      <Form.Item name="location" label={t('vendor.location')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('vendor.description')}>
        <Input.TextArea rows={3} maxLength={20_000} />
      </Form.Item>
      <Form.Item name="published" label={t('vendor.published')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
