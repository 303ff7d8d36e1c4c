import { ACTIVITY_LIMITS, type Activity } from '@lectern/contracts/activities/activity.schemas';
import { CREATABLE_ACTIVITY_TYPES } from '@lectern/contracts/activities/activity-types';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { App, Form, Input, Select, Switch, type FormRule } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../../shared/components/date-time-picker.tsx';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { RichTextInput } from '../../../shared/components/rich-text/rich-text-input.tsx';
import { ExamSettingsFields } from '../../exams/public/exam-settings-fields.tsx';
import {
  EXAM_SETTING_FIELDS,
  examSettingsFormValues,
  isExamActivityType,
} from '../../exams/public/exam-settings-form.ts';
import { HomeworkSettingsFields } from '../../homework/public/homework-settings-fields.tsx';
import {
  HOMEWORK_SETTING_FIELDS,
  homeworkSettingsFormValues,
} from '../../homework/public/homework-settings-form.ts';
import { UploadField } from '../../uploads/public/upload-field.tsx';
import {
  ActivityKnowledgeNodesFormItem,
  useLinkNewActivityToKnowledgeNodes,
} from '../../knowledge-graph/public/activity-knowledge-nodes-field.tsx';
import { useMeetingFormModal } from '../../meetings/public/use-meeting-form-modal.tsx';
import { VOTE_FIELD_ALIASES, voteSettingsFormValues } from '../../votes/public/vote-settings-form.ts';
import { useCreateActivity } from '../api/create-activity.ts';
import { useUpdateActivity } from '../api/update-activity.ts';
import {
  attachmentAccept,
  dataFieldsFor,
  formValuesFromActivity,
  isWebUrl,
  takesAttachments,
  toCreateRequest,
  toUpdateRequest,
  type ActivityFormValues,
  type DataField,
} from './activity-form.rules.ts';
import { activityTypeName } from './activity-display.ts';
import { CompletionCriteriaInput } from './completion-criteria-input.tsx';
import { isCompletionComplete, type CompletionValue } from './completion-criteria-input.rules.ts';

/** The completion criterion's two wire fields share one input; exam settings travel inside `data`. */
const SERVER_FIELD_ALIASES = {
  completion_criterion_key: 'completion',
  completion_criterion_value: 'completion',
  ...Object.fromEntries(EXAM_SETTING_FIELDS.map((field) => [`data.${field}`, `exam.${field}`])),
};

/** The vote's inputs load only when the vote type is picked. */
const VoteSettingsFields = lazy(async () => ({
  default: (await import('../../votes/public/vote-settings-fields.tsx')).VoteSettingsFields,
}));

/** The questionnaire's inputs load only when the questionnaire type is picked. */
const QuestionnaireSettingsFields = lazy(async () => ({
  default: (await import('../../questionnaires/public/questionnaire-settings-fields.tsx'))
    .QuestionnaireSettingsFields,
}));

/** Homework settings travel inside `data` too, under some of the exam settings' names. */
const HOMEWORK_FIELD_ALIASES = {
  ...SERVER_FIELD_ALIASES,
  ...Object.fromEntries(HOMEWORK_SETTING_FIELDS.map((field) => [`data.${field}`, `homework.${field}`])),
};

export interface ActivityPlacement {
  moduleId: number;
  syllabusId: number | null;
}

export interface ActivityFormModalProps {
  open: boolean;
  course: Course;
  /** The activity being edited; absent when creating. */
  activity?: Activity;
  /** Where a new activity goes unless the user picks another place. */
  preset?: ActivityPlacement;
  onClose: () => void;
  afterClose?: () => void;
  onSaved?: (activity: Activity) => void;
}

function sortedModules(course: Course) {
  return [...course.modules].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

export function ActivityFormModal({
  open,
  course,
  activity,
  preset,
  onClose,
  afterClose,
  onSaved,
}: ActivityFormModalProps) {
  const { t } = useTranslation('activities');
  const { message } = App.useApp();
  const [form] = Form.useForm<ActivityFormValues>();
  const createActivity = useCreateActivity();
  const updateActivity = useUpdateActivity();
  const linkKnowledgeNodes = useLinkNewActivityToKnowledgeNodes();
  const editing = activity !== undefined;

  const modules = sortedModules(course);
  const moduleId = Form.useWatch('module_id', form);
  const type = Form.useWatch('type', form);
  const published = Form.useWatch('published', form) as boolean | undefined;
  const meetingForm = useMeetingFormModal({
    type: activity?.type ?? type,
    open,
    course,
    activity,
    draft: () => form.getFieldsValue(true),
    completionInput: (kind) => <CompletionCriteriaInput activityType={kind} courseId={course.id} />,
    create: (body) => createActivity.mutateAsync({ courseId: course.id, body }),
    update: (id, body) => updateActivity.mutateAsync({ id, body }),
    onClose,
    afterClose,
    onSaved,
  });
  const syllabuses = [...(modules.find((m) => m.id === moduleId)?.syllabuses ?? [])].sort(
    (a, b) => a.sort - b.sort || a.id - b.id,
  );

  const initialValues: ActivityFormValues = activity
    ? formValuesFromActivity(activity)
    : {
        module_id: preset?.moduleId ?? modules[0]?.id,
        syllabus_id: preset?.syllabusId ?? null,
        // No type is preselected (left out): an unnoticed default created the wrong kind of activity.
        published: false,
        start_time: null,
        end_time: null,
        uploads: [],
        exam: examSettingsFormValues(),
        homework: homeworkSettingsFormValues(),
        vote: voteSettingsFormValues(),
      };

  if (meetingForm) return meetingForm;
  const typeOptions: string[] = [...CREATABLE_ACTIVITY_TYPES];
  if (activity && !typeOptions.includes(activity.type)) typeOptions.push(activity.type);

  const onValuesChange = (changed: Partial<ActivityFormValues>) => {
    // A syllabus belongs to one module, and criteria belong to one type.
    if ('module_id' in changed) form.setFieldValue('syllabus_id', null);
    if ('type' in changed) form.setFieldValue('completion', undefined);
  };

  const onSubmit = async (values: ActivityFormValues) => {
    const saved = activity
      ? await updateActivity.mutateAsync({ id: activity.id, body: toUpdateRequest(values, activity) })
      : await createActivity.mutateAsync({ courseId: course.id, body: toCreateRequest(values) });
    // Nodes picked for a new activity can only be linked once it exists (issue 17).
    if (!activity) await linkKnowledgeNodes(saved.id, values);
    void message.success(
      editing ? t('form.updated') : values.published ? t('form.created') : t('form.createdDraft'),
    );
    onSaved?.(saved);
  };

  const endTimeRules: FormRule[] = [
    ({ getFieldValue }) => ({
      validator: async (_rule, end: string | null | undefined) => {
        const start = getFieldValue('start_time') as string | null | undefined;
        if (start && end && Date.parse(end) <= Date.parse(start)) throw new Error(t('form.endBeforeStart'));
      },
    }),
  ];

  const webUrlRule: FormRule = {
    validator: async (_rule, value: string | undefined) => {
      if (value?.trim() && !isWebUrl(value.trim())) throw new Error(t('form.urlInvalid'));
    },
  };

  const completionRules: FormRule[] = [
    {
      validator: async (_rule, value: CompletionValue | undefined) => {
        if (value && !isCompletionComplete(value)) throw new Error(t('completion.valueRequired'));
      },
    },
  ];

  const dataFieldItem = (field: DataField) => {
    switch (field) {
      case 'content':
        return (
          <Form.Item key={field} name={['data', 'content']} label={t('form.content')}>
            <RichTextInput minRows={6} pictures />
          </Form.Item>
        );
      case 'url':
        return (
          <Form.Item
            key={field}
            name={['data', 'url']}
            label={t('form.url')}
            rules={[{ required: true, whitespace: true, message: t('form.urlRequired') }, webUrlRule]}
          >
            <Input type="url" inputMode="url" placeholder={t('form.urlPlaceholder')} autoComplete="off" />
          </Form.Item>
        );
      case 'meeting_code':
        return (
          <Form.Item key={field} name={['data', 'meeting_code']} label={t('form.meetingCode')}>
            <Input autoComplete="off" maxLength={128} />
          </Form.Item>
        );
      case 'join_url':
        return (
          <Form.Item key={field} name={['data', 'join_url']} label={t('form.joinUrl')} rules={[webUrlRule]}>
            <Input type="url" inputMode="url" placeholder={t('form.urlPlaceholder')} autoComplete="off" />
          </Form.Item>
        );
      case 'description':
        return (
          <Form.Item key={field} name={['data', 'description']} label={t('form.description')}>
            <RichTextInput minRows={3} pictures />
          </Form.Item>
        );
    }
  };

  return (
    <FormModal<ActivityFormValues>
      open={open}
      width={720}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      form={form}
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onSubmit={onSubmit}
      serverFieldAliases={
        type === 'homework'
          ? HOMEWORK_FIELD_ALIASES
          : type === 'vote'
            ? { ...SERVER_FIELD_ALIASES, ...VOTE_FIELD_ALIASES }
            : SERVER_FIELD_ALIASES
      }
      onClose={onClose}
      afterClose={afterClose}
    >
      <Form.Item
        name="module_id"
        label={t('form.module')}
        rules={[{ required: true, message: t('form.moduleRequired') }]}
      >
        <Select<number>
          placeholder={t('form.modulePlaceholder')}
          options={modules.map((module) => ({ value: module.id, label: module.name }))}
          notFoundContent={t('form.noModules')}
        />
      </Form.Item>
      <Form.Item name="syllabus_id" label={t('form.syllabus')}>
        <Select<number | null>
          allowClear
          placeholder={t('form.syllabusPlaceholder')}
          disabled={syllabuses.length === 0}
          options={syllabuses.map((syllabus) => ({ value: syllabus.id, label: syllabus.summary }))}
        />
      </Form.Item>
      <Form.Item
        name="type"
        label={t('form.type')}
        rules={[{ required: true, message: t('form.typeRequired') }]}
        extra={editing ? t('form.typeLocked') : undefined}
      >
        <Select<string>
          disabled={editing}
          placeholder={t('form.typePlaceholder')}
          // Not virtual: the virtual list's hidden accessibility copy reads each option's raw value
          // ("online_video") instead of its name.
          virtual={false}
          showSearch={{ optionFilterProp: 'label' }}
          options={typeOptions.map((option) => ({ value: option, label: activityTypeName(t, option) }))}
        />
      </Form.Item>
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
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item name="start_time" label={t('form.startTime')}>
        <DateTimePicker style={{ width: '100%' }} placeholder={t('form.startTimePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="end_time"
        label={t('form.endTime')}
        dependencies={['start_time']}
        rules={endTimeRules}
        extra={t('form.endTimeHint')}
      >
        <DateTimePicker style={{ width: '100%' }} placeholder={t('form.endTimePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="published"
        label={t('form.published')}
        valuePropName="checked"
        extra={published ? undefined : t('form.draftHint')}
      >
        <Switch checkedChildren={t('form.publishedOn')} unCheckedChildren={t('form.publishedOff')} />
      </Form.Item>
      {dataFieldsFor(type).map(dataFieldItem)}
      {isExamActivityType(type) && type ? <ExamSettingsFields courseId={course.id} type={type} /> : null}
      {type === 'homework' ? <HomeworkSettingsFields courseId={course.id} /> : null}
      {type === 'vote' ? (
        <Suspense fallback={null}>
          <VoteSettingsFields />
        </Suspense>
      ) : null}
      {type === 'questionnaire' ? (
        <Suspense fallback={null}>
          <QuestionnaireSettingsFields />
        </Suspense>
      ) : null}
      {takesAttachments(type) ? (
        <Form.Item name="uploads" label={t('form.attachments')}>
          <UploadField
            accept={attachmentAccept(type)}
            parentType={activity ? 'learning_activity' : undefined}
            parentId={activity?.id}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="completion" label={t('completion.label')} rules={completionRules}>
        <CompletionCriteriaInput activityType={type} courseId={course.id} />
      </Form.Item>
      <ActivityKnowledgeNodesFormItem courseId={course.id} activityId={activity?.id ?? 0} />
    </FormModal>
  );
}
