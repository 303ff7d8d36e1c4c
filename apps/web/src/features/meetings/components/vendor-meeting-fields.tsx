import type { Course } from '@lectern/contracts/courses/course.schemas';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';

/** What the course page gives a vendor meeting's modal (calendar or Tencent); `Values` are its form's. */
export interface VendorMeetingModalProps<Values> {
  open: boolean;
  course: Course;
  moduleId?: number | undefined;
  onClose: () => void;
  afterClose?: () => void;
  /** Values to start from (a slot picked on a timetable: its start and end). */
  initial?: Partial<Values>;
}

/**
 * The title, start and end of a meeting booked through a vendor (calendar or Tencent): all three required, the
 * end after the start. The form's fields are `title`, `start_time` and `end_time` (UTC ISO strings).
 */
export function VendorMeetingTitleAndTimeFields() {
  const { t } = useTranslation('meetings');
  return (
    <>
      <Form.Item
        name="title"
        label={t('vendor.title')}
        rules={[{ required: true, whitespace: true, message: t('vendor.titleRequired') }]}
      >
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item
        name="start_time"
        label={t('vendor.start')}
        rules={[{ required: true, message: t('vendor.startRequired') }]}
      >
        <DateTimePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="end_time"
        label={t('vendor.end')}
        dependencies={['start_time']}
        rules={[
          { required: true, message: t('vendor.endRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | null) => {
              const start = getFieldValue('start_time') as string | null;
              if (value && start && Date.parse(value) <= Date.parse(start)) {
                throw new Error(t('vendor.endBeforeStart'));
              }
            },
          }),
        ]}
      >
        <DateTimePicker style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
