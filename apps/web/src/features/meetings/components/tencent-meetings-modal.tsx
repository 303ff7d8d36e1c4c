import type { Course } from '@lectern/contracts/courses/course.schemas';
import type { TencentActivitiesRequest } from '@lectern/contracts/meetings/meetings.schemas';
import { Alert, App, Form, InputNumber, Radio, Select, Spin, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useVendorAuth } from '../api/check-vendor-auth.ts';
import { useCreateTencentActivities } from '../api/create-tencent-activities.ts';
import { useTeachingCourses } from '../../courses/public/list-teaching-courses.ts';
import { TencentBindingForm } from './vendor-meeting-setup.tsx';
import { VendorMeetingTitleAndTimeFields, type VendorMeetingModalProps } from './vendor-meeting-fields.tsx';

export type TencentMeetingsValues = {
  courses: number[];
  title: string;
  start_time: string | null;
  end_time: string | null;
  tencent_meeting_type: 'meeting' | 'recurring_meeting';
  recurring_type: 0 | 1 | 2 | 3 | 4;
  until_count: number;
  playback: boolean;
  published: boolean;
};

/** The form's values as the vendor path takes them; the module is this course's chosen one. */
export function toTencentRequest(
  values: TencentMeetingsValues,
  course: Course,
  moduleId: number | undefined,
): TencentActivitiesRequest {
  return {
    courses: values.courses,
    ...(moduleId === undefined ? {} : { modules: [{ course_id: course.id, module_id: moduleId }] }),
    title: values.title.trim(),
    start_time: values.start_time ?? '',
    end_time: values.end_time ?? '',
    tencent_meeting_type: values.tencent_meeting_type,
    ...(values.tencent_meeting_type === 'recurring_meeting'
      ? { recurring_rule: { recurring_type: values.recurring_type, until_count: values.until_count } }
      : {}),
    playback: values.playback,
    published: values.published,
  };
}

const RECURRING_TYPES = [0, 1, 2, 3, 4] as const;

export type TencentMeetingsModalProps = VendorMeetingModalProps<TencentMeetingsValues>;

/**
 * One Tencent meeting for several courses (`POST /api/courses/tencent-meeting/activities`): created on
 * Tencent under the instructor's bound userid, with an activity in each chosen course. Before the form,
 * what the server says about Tencent: not connected, or the caller's userid still to bind.
 */
export function TencentMeetingsModal({ course, moduleId, initial, ...modal }: TencentMeetingsModalProps) {
  const { t } = useTranslation('meetings');
  const { message } = App.useApp();
  const location = useLocation();
  const queryClient = useQueryClient();
  const auth = useVendorAuth('tencent', `${location.pathname}${location.search}`, modal.open);
  const ready = auth.data?.configured === true && auth.data.authorized;
  const courses = useTeachingCourses(modal.open && ready);
  const create = useCreateTencentActivities();
  const [form] = Form.useForm<TencentMeetingsValues>();
  const type = Form.useWatch('tencent_meeting_type', form);
  const options = [
    { value: course.id, label: course.name },
    ...(courses.data ?? []).filter((c) => c.id !== course.id).map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    <FormModal<TencentMeetingsValues>
      {...modal}
      form={form}
      width={720}
      title={t('vendor.tencentTitle')}
      initialValues={{
        courses: [course.id],
        tencent_meeting_type: 'meeting',
        recurring_type: 2,
        until_count: 8,
        playback: true,
        published: true,
        ...initial,
      }}
      serverFieldAliases={{ recurring_rule: 'until_count', modules: 'courses' }}
      footer={(buttons) => (ready ? buttons : null)}
      onSubmit={async (values) => {
        const result = await create.mutateAsync(toTencentRequest(values, course, moduleId));
        // The new activities belong to the courses' outlines: every cached list may be stale.
        await queryClient.invalidateQueries();
        void message.success(t('vendor.tencentCreated', { count: result.activities.length }));
      }}
    >
      {auth.isPending ? <Spin /> : null}
      {auth.isError ? <Alert type="error" showIcon title={auth.error.message} /> : null}
      {auth.data && !auth.data.configured ? (
        <Alert type="info" showIcon title={auth.data.message ?? t('vendor.notConfigured')} />
      ) : null}
      {auth.data?.configured && !auth.data.authorized ? (
        <>
          <Alert
            type="info"
            showIcon
            title={auth.data.message ?? t('vendor.tencentBindHint')}
            style={{ marginBottom: 16 }}
          />
          <TencentBindingForm />
        </>
      ) : null}
      {ready ? (
        <>
          <Form.Item
            name="courses"
            label={t('vendor.courses')}
            rules={[{ required: true, message: t('vendor.coursesRequired') }]}
          >
            <Select mode="multiple" options={options} loading={courses.isPending} optionFilterProp="label" />
          </Form.Item>
          <VendorMeetingTitleAndTimeFields />
          <Form.Item name="tencent_meeting_type" label={t('vendor.meetingKind')}>
            <Radio.Group
              options={[
                { value: 'meeting', label: t('vendor.oneOff') },
                { value: 'recurring_meeting', label: t('vendor.recurring') },
              ]}
            />
          </Form.Item>
          {type === 'recurring_meeting' ? (
            <>
              <Form.Item name="recurring_type" label={t('vendor.repeat')}>
                <Select
                  options={RECURRING_TYPES.map((value) => ({
                    value,
                    label: t(`vendor.recurringType.${value}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name="until_count" label={t('vendor.occurrences')}>
                <InputNumber min={2} max={50} precision={0} />
              </Form.Item>
            </>
          ) : null}
          <Form.Item name="playback" label={t('vendor.cloudRecord')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="published" label={t('vendor.published')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      ) : null}
    </FormModal>
  );
}
