import { ACTIVITY_LIMITS, type Activity } from '@lectern/contracts/activities/activity.schemas';
import type {
  CreateActivityRequest,
  UpdateActivityRequest,
} from '@lectern/contracts/activities/activity.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import {
  DINGTALK_COVER_EXTENSIONS,
  DINGTALK_MODAL_WIDTH,
  lockedMeetingFields,
  trialTeachingEditable,
  type MeetingFormType,
} from '@lectern/contracts/meetings/meeting-rules';
import {
  Alert,
  App,
  Button,
  Col,
  ConfigProvider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  type FormRule,
} from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { RichTextInput } from '../../../shared/components/rich-text/rich-text-input.tsx';
import { UploadField } from '../../uploads/public/upload-field.tsx';
import { useHosts } from '../api/list-hosts.ts';
import {
  meetingFormValues,
  toMeetingCreateRequest,
  toMeetingUpdateRequest,
  type MeetingCover,
  type MeetingFormDraft,
  type MeetingFormValues,
} from './meeting-form.rules.ts';

/** Wire field paths → the inputs that show them. */
const SERVER_FIELD_ALIASES = {
  completion_criterion_key: 'completion',
  completion_criterion_value: 'completion',
  'data.host': 'instructor_id',
  'data.host_user_id': 'instructor_id',
  'data.instructor_id': 'instructor_id',
  'data.playback': 'playback',
  'data.cover_id': 'cover',
  'data.description': 'description',
  'data.lesson_start_time': 'lesson_start_time',
  'data.lesson_end_time': 'lesson_end_time',
  'data.teaching_model': 'teaching_model',
  'data.member_count': 'member_count',
  'data.meeting_code': 'meeting_code',
  'data.join_url': 'join_url',
  'data.location': 'location',
  'data.enable_live': 'enable_live',
  'data.live_config': 'live_addr',
  'data.live_config.live_addr': 'live_addr',
  'data.record_type': 'cloud_record',
  'data.meeting_host_user_id': 'meeting_host_user_id',
};

const COVER_ACCEPT = DINGTALK_COVER_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const GENERIC_WIDTH = 720;

export interface MeetingFormModalProps {
  type: MeetingFormType;
  open: boolean;
  course: Course;
  /** The activity being edited; absent when creating. */
  activity?: Activity;
  /** What was typed in the generic activity form before this type was picked. */
  draft?: MeetingFormDraft;
  /** The completion criteria input (its value is `{ key, value }`), owned by the activities feature. */
  completionInput: ReactElement;
  create: (body: CreateActivityRequest) => Promise<Activity>;
  update: (id: number, body: UpdateActivityRequest) => Promise<Activity>;
  onClose: () => void;
  afterClose?: (() => void) | undefined;
  onSaved?: ((activity: Activity) => void) | undefined;
  /** When the locks are judged; the server judges them again on save. */
  now?: number;
}

function sortedModules(course: Course) {
  return [...course.modules].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * The Dingtalk live (width 900), ClassIn, lesson replay and trial teaching forms (spec 001 §2, §5): the
 * inputs the server will refuse to change are disabled and say why, so a user never fills in what cannot
 * be saved; a trial teaching that has started is shown read-only.
 */
export function MeetingFormModal({
  type,
  open,
  course,
  activity,
  draft = {},
  completionInput,
  create,
  update,
  onClose,
  afterClose,
  onSaved,
  now,
}: MeetingFormModalProps) {
  const { t } = useTranslation('meetings');
  const { message } = App.useApp();
  const [form] = Form.useForm<MeetingFormValues>();
  const [openedAt] = useState(() => now ?? Date.now());
  const editing = activity !== undefined;
  const takesHost = type === 'dingtalk_live' || type === 'classin';
  const trial = type === 'trial_teaching';
  const hosts = useHosts(course.id, type, takesHost || trial);
  const locked = lockedMeetingFields(type, activity ?? null, openedAt);
  const editable = !trial || trialTeachingEditable(activity ?? null, openedAt);
  const teachingModel = Form.useWatch('teaching_model', form);
  const enableLive = Form.useWatch('enable_live', form);
  const lockedHint =
    type === 'dingtalk_live'
      ? t('form.lockedAfterStart')
      : type === 'classin'
        ? t('form.lockedOnUpdate')
        : t('form.lessonLocked');

  const modules = sortedModules(course);
  const moduleId = Form.useWatch('module_id', form);
  const syllabuses = [...(modules.find((m) => m.id === moduleId)?.syllabuses ?? [])].sort(
    (a, b) => a.sort - b.sort || a.id - b.id,
  );
  const [initialValues] = useState(() => meetingFormValues(type, activity, draft, t('form.currentCover')));

  const hostName = (id: number | undefined) => hosts.data?.find((host) => host.id === id)?.name;
  const hostOptions = (hosts.data ?? []).map((host) => ({
    value: host.id,
    label: `${host.name} (${host.user_no})`,
  }));
  const webUrlRule: FormRule = {
    validator: async (_rule, value: string | undefined) => {
      if (!value?.trim()) return;
      let protocol = '';
      try {
        protocol = new URL(value.trim()).protocol;
      } catch {
        // Not a URL at all.
      }
      if (protocol !== 'http:' && protocol !== 'https:') throw new Error(t('form.urlInvalid'));
    },
  };

  const onSubmit = async (submitted: MeetingFormValues) => {
    // A locked host is sent exactly as stored, or the server would see a change it refuses.
    const storedInstructor = activity?.data.instructor_id;
    const values: MeetingFormValues = locked.has('host')
      ? {
          ...submitted,
          instructor_id: typeof storedInstructor === 'number' ? storedInstructor : undefined,
        }
      : submitted;
    const name = locked.has('host') ? undefined : hostName(values.instructor_id);
    const saved = activity
      ? await update(activity.id, toMeetingUpdateRequest(type, values, name, activity))
      : await create(toMeetingCreateRequest(type, values, name));
    void message.success(editing ? t('form.updated') : t('form.created'));
    onSaved?.(saved);
  };

  const required = (key: string): FormRule => ({ required: true, message: t(key) });
  const endRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, end: string | null | undefined) => {
      const start = getFieldValue('start_time') as string | null | undefined;
      if (start && end && Date.parse(end) <= Date.parse(start)) throw new Error(t('form.endBeforeStart'));
    },
  });
  const lessonEndRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, end: string | null | undefined) => {
      const start = getFieldValue('lesson_start_time') as string | null | undefined;
      if (start && end && Date.parse(end) <= Date.parse(start)) throw new Error(t('form.endBeforeStart'));
    },
  });
  const coverRule: FormRule = {
    validator: async (_rule, files: MeetingCover[] | undefined) => {
      const extensions: readonly string[] = DINGTALK_COVER_EXTENSIONS;
      const wrong = (files ?? [])
        .filter((file) => file.size > 0)
        .find((file) => {
          const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
          return !extensions.includes(extension);
        });
      if (wrong) throw new Error(t('form.coverType'));
    },
  };
  const timesRequired = takesHost;

  return (
    <FormModal<MeetingFormValues>
      open={open}
      width={type === 'dingtalk_live' ? DINGTALK_MODAL_WIDTH : GENERIC_WIDTH}
      title={t(editing ? `form.editTitle.${type}` : `form.createTitle.${type}`)}
      form={form}
      initialValues={initialValues}
      onValuesChange={(changed: Partial<MeetingFormValues>) => {
        // A syllabus belongs to one module.
        if ('module_id' in changed) form.setFieldValue('syllabus_id', null);
      }}
      onSubmit={onSubmit}
      serverFieldAliases={SERVER_FIELD_ALIASES}
      onClose={onClose}
      afterClose={afterClose}
      footer={(buttons) => (editable ? buttons : <Button onClick={onClose}>{t('common.close')}</Button>)}
    >
      {editable ? null : (
        <Alert type="warning" showIcon title={t('form.trialStarted')} style={{ marginBottom: 16 }} />
      )}
      <ConfigProvider componentDisabled={editable ? undefined : true}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="module_id" label={t('form.module')} rules={[required('form.moduleRequired')]}>
              <Select<number>
                placeholder={t('form.modulePlaceholder')}
                options={modules.map((module) => ({ value: module.id, label: module.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="syllabus_id" label={t('form.syllabus')}>
              <Select<number | null>
                allowClear
                placeholder={t('form.syllabusPlaceholder')}
                disabled={syllabuses.length === 0}
                options={syllabuses.map((syllabus) => ({ value: syllabus.id, label: syllabus.summary }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="title"
          label={t('form.title')}
          rules={[
            { required: true, whitespace: true, message: t('form.titleRequired') },
            {
              max: ACTIVITY_LIMITS.titleMax,
              message: t('form.titleTooLong', { max: ACTIVITY_LIMITS.titleMax }),
            },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="start_time"
              label={t('form.startTime')}
              rules={timesRequired && !locked.has('start_time') ? [required('form.startRequired')] : []}
              extra={locked.has('start_time') ? lockedHint : undefined}
            >
              <DateTimePicker style={{ width: '100%' }} disabled={locked.has('start_time')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="end_time"
              label={t('form.endTime')}
              dependencies={['start_time']}
              rules={
                locked.has('end_time')
                  ? []
                  : timesRequired
                    ? [required('form.endRequired'), endRule]
                    : [endRule]
              }
              extra={locked.has('end_time') ? lockedHint : undefined}
            >
              <DateTimePicker style={{ width: '100%' }} disabled={locked.has('end_time')} />
            </Form.Item>
          </Col>
        </Row>
        {type === 'lesson_replay' ? (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="lesson_start_time"
                label={t('form.lessonStart')}
                extra={locked.has('lesson_start_time') ? lockedHint : undefined}
              >
                <DateTimePicker style={{ width: '100%' }} disabled={locked.has('lesson_start_time')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="lesson_end_time"
                label={t('form.lessonEnd')}
                dependencies={['lesson_start_time']}
                rules={locked.has('lesson_end_time') ? [] : [lessonEndRule]}
                extra={locked.has('lesson_end_time') ? lockedHint : undefined}
              >
                <DateTimePicker style={{ width: '100%' }} disabled={locked.has('lesson_end_time')} />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
        {takesHost ? (
          <Form.Item
            name="instructor_id"
            label={type === 'classin' ? t('form.instructor') : t('form.host')}
            rules={
              locked.has('host')
                ? []
                : [required(type === 'classin' ? 'form.instructorRequired' : 'form.hostRequired')]
            }
            extra={locked.has('host') ? lockedHint : type === 'classin' ? t('form.hostPhoneHint') : undefined}
          >
            <Select<number>
              disabled={locked.has('host')}
              loading={hosts.isPending}
              placeholder={type === 'classin' ? t('form.instructorPlaceholder') : t('form.hostPlaceholder')}
              notFoundContent={type === 'classin' ? t('form.noPhoneHosts') : t('form.noHosts')}
              options={hostOptions}
            />
          </Form.Item>
        ) : null}
        {trial ? (
          <>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="teaching_model" label={t('form.teachingModel')}>
                  <Radio.Group
                    options={[
                      { value: 'online', label: t('trial.online') },
                      { value: 'offline', label: t('trial.offline') },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="member_count" label={t('form.memberCount')}>
                  <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="meeting_host_user_id" label={t('form.trialHost')}>
              <Select<number>
                allowClear
                loading={hosts.isPending}
                placeholder={t('form.hostPlaceholder')}
                notFoundContent={t('form.noHosts')}
                options={hostOptions}
              />
            </Form.Item>
            {teachingModel === 'offline' ? (
              <Form.Item name="location" label={t('form.location')}>
                <Input autoComplete="off" maxLength={200} />
              </Form.Item>
            ) : (
              <>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item name="meeting_code" label={t('form.meetingCode')}>
                      <Input autoComplete="off" maxLength={128} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="join_url" label={t('form.joinUrl')} rules={[webUrlRule]}>
                      <Input type="url" inputMode="url" autoComplete="off" />
                    </Form.Item>
                  </Col>
                </Row>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item name="cloud_record" label={t('form.cloudRecord')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="enable_live" label={t('form.enableLive')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </Col>
                </Row>
                {enableLive ? (
                  <Form.Item name="live_addr" label={t('form.liveAddr')} rules={[webUrlRule]}>
                    <Input type="url" inputMode="url" autoComplete="off" />
                  </Form.Item>
                ) : null}
              </>
            )}
          </>
        ) : null}
        {type === 'classin' ? (
          <Form.Item
            name="playback"
            label={t('form.playback')}
            extra={locked.has('playback') ? lockedHint : undefined}
          >
            <Radio.Group
              disabled={locked.has('playback')}
              options={[
                { value: 1, label: t('form.playbackOn') },
                { value: 0, label: t('form.playbackOff') },
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="description" label={t('form.description')}>
          <RichTextInput minRows={3} />
        </Form.Item>
        {type === 'dingtalk_live' ? (
          <Form.Item name="cover" label={t('form.cover')} rules={[coverRule]} extra={t('form.coverHint')}>
            <UploadField accept={COVER_ACCEPT} maxCount={1} />
          </Form.Item>
        ) : null}
        <Form.Item name="published" label={t('form.published')} valuePropName="checked">
          <Switch checkedChildren={t('form.publishedOn')} unCheckedChildren={t('form.publishedOff')} />
        </Form.Item>
        <Form.Item name="completion" label={t('form.completion')}>
          {completionInput}
        </Form.Item>
      </ConfigProvider>
    </FormModal>
  );
}
