import {
  TEACHING_ENTRY_TYPES,
  type SaveTeachingEntryRequest,
  type TeachingEntry,
  type TeachingWeek,
} from '@lectern/contracts/course-services/teaching-calendar.schemas';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';

type Values = Omit<SaveTeachingEntryRequest, 'hours'> & { hours: number | null };

/** Adds or edits one entry of the teaching schedule (the teaching team only). */
export function TeachingEntryFormModal({
  open,
  entry,
  weeks,
  onSubmit,
  onClose,
}: {
  open: boolean;
  entry: TeachingEntry | null;
  weeks: readonly TeachingWeek[];
  onSubmit: (body: SaveTeachingEntryRequest) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('course-services');
  const [form] = Form.useForm<Values>();
  const initialValues: Partial<Values> = entry
    ? {
        teachingWeekId: entry.teachingWeekId,
        type: entry.type,
        content: entry.content,
        hours: entry.hours,
        instructor: entry.instructor,
        location: entry.location,
        teachingDate: entry.teachingDate,
        teachingTime: entry.teachingTime,
        timeRange: entry.timeRange,
      }
    : { type: 'theory', hours: 2, teachingWeekId: weeks[0]?.id, teachingDate: weeks[0]?.start_date };

  return (
    <FormModal<Values>
      open={open}
      form={form}
      title={entry ? t('calendar.edit') : t('calendar.add')}
      initialValues={initialValues}
      onValuesChange={(changed: Partial<Values>) => {
        // Choosing a week moves the date into it, so the two never disagree by accident.
        if (changed.teachingWeekId !== undefined) {
          const week = weeks.find((w) => w.id === changed.teachingWeekId);
          if (week) form.setFieldValue('teachingDate', week.start_date);
        }
      }}
      onSubmit={(values) => onSubmit({ ...values, hours: values.hours ?? 0 })}
      onClose={onClose}
    >
      <Form.Item name="teachingWeekId" label={t('calendar.week')} rules={[{ required: true }]}>
        <Select
          options={weeks.map((w) => ({ value: w.id, label: `${w.name} (${w.start_date} – ${w.end_date})` }))}
        />
      </Form.Item>
      <Form.Item name="teachingDate" label={t('calendar.date')} rules={[{ required: true }]}>
        <Input type="date" />
      </Form.Item>
      <Form.Item name="type" label={t('calendar.type')} rules={[{ required: true }]}>
        <Select options={TEACHING_ENTRY_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('calendar.content')}
        rules={[{ required: true, message: t('calendar.contentRequired') }]}
      >
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="hours" label={t('calendar.hours')} rules={[{ required: true }]}>
        <InputNumber min={0.5} max={24} step={0.5} />
      </Form.Item>
      <Form.Item name="timeRange" label={t('calendar.timeRange')} extra={t('calendar.timeRangeHint')}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="teachingTime" label={t('calendar.periods')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="instructor" label={t('calendar.instructor')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="location" label={t('calendar.location')}>
        <Input maxLength={100} />
      </Form.Item>
    </FormModal>
  );
}
