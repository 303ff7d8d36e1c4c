import {
  ASK_QUESTION_LIMITS,
  ASK_QUESTION_TYPES,
  askQuestionTitle,
  maxSelectNum,
  type AskQuestion,
  type AskQuestionBody,
  type AskQuestionType,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { Alert, App, Button, Checkbox, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useCreateAskQuestion } from '../api/create-ask-question.ts';
import { useGroupSets } from '../api/list-group-sets.ts';
import { useModules } from '../api/list-modules.ts';
import { useStudents } from '../api/list-students.ts';
import { useUpdateAskQuestion } from '../api/update-ask-question.ts';

type Values = {
  module_id?: number;
  syllabus_id?: number | null;
  question?: string;
  type: AskQuestionType;
  select_num?: number | null;
  group_set_id?: number | null;
  avoid_recent: boolean;
};

/**
 * Spec 000 screen 1: asks a question (no `askQuestion`) or edits one. Once the question has an end time its
 * fields are locked. The limits depend on the course: 1 to min(students, 10), and a group set with groups.
 */
export function AskQuestionModal({
  courseId,
  askQuestion,
  open,
  onClose,
  afterClose,
}: {
  courseId: number;
  askQuestion?: AskQuestion;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { t } = useTranslation('ask-questions');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const moduleId = Form.useWatch('module_id', form);
  const modules = useModules(courseId, open);
  const students = useStudents(courseId, open);
  const groupSets = useGroupSets(courseId, open);
  const create = useCreateAskQuestion(courseId);
  const update = useUpdateAskQuestion();
  const locked = askQuestion?.end_time != null;

  const studentCount = students.data?.length ?? 0;
  const noStudents = students.isSuccess && studentCount === 0;
  const numberOptions = Array.from({ length: maxSelectNum(studentCount) }, (_, i) => ({
    value: i + 1,
    label: String(i + 1),
  }));
  const syllabi = modules.data?.find((m) => m.id === moduleId)?.syllabuses ?? [];

  const submit = async (values: Values) => {
    const body: AskQuestionBody = {
      module_id: values.module_id ?? 0,
      syllabus_id: values.syllabus_id ?? null,
      type: values.type,
      question: values.question ?? '',
      // The spec's title is the moment of asking; an edit keeps the original moment.
      title: askQuestion?.title ?? askQuestionTitle(new Date()),
      select_num: values.type === 'select_student' ? (values.select_num ?? null) : null,
      group_set_id: values.type === 'select_group' ? (values.group_set_id ?? null) : null,
      avoid_recent: values.avoid_recent,
    };
    if (askQuestion) {
      await update.mutateAsync({ id: askQuestion.id, body });
      void message.success(t('modal.edited'));
    } else {
      await create.mutateAsync(body);
      void message.success(t('modal.created'));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={askQuestion ? t('modal.editTitle') : t('modal.createTitle')}
      form={form}
      initialValues={
        askQuestion
          ? {
              module_id: askQuestion.module_id,
              syllabus_id: askQuestion.syllabus_id,
              question: askQuestion.data.question,
              type: askQuestion.type,
              select_num: askQuestion.data.select_num,
              group_set_id: askQuestion.data.group_set_id,
              avoid_recent: askQuestion.avoid_recent,
            }
          : { type: 'select_student', avoid_recent: true }
      }
      onValuesChange={(changed: Partial<Values>) => {
        if ('module_id' in changed) form.setFieldValue('syllabus_id', null);
      }}
      onSubmit={submit}
      onClose={onClose}
      afterClose={afterClose}
      footer={locked ? () => <Button onClick={onClose}>{t('modal.close')}</Button> : undefined}
    >
      {locked ? <Alert type="info" showIcon title={t('modal.locked')} style={{ marginBottom: 16 }} /> : null}
      <fieldset disabled={locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Form.Item
          name="module_id"
          label={t('modal.module')}
          rules={[{ required: true, message: t('tips.moduleRequired') }]}
        >
          <Select
            disabled={locked}
            loading={modules.isPending}
            placeholder={t('modal.modulePlaceholder')}
            options={(modules.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          />
        </Form.Item>
        <Form.Item name="syllabus_id" label={t('modal.syllabus')}>
          <Select
            allowClear
            disabled={locked || syllabi.length === 0}
            placeholder={t('modal.syllabusPlaceholder')}
            options={syllabi.map((s) => ({ value: s.id, label: s.summary }))}
          />
        </Form.Item>
        <Form.Item
          name="question"
          label={t('modal.question')}
          rules={[{ max: ASK_QUESTION_LIMITS.questionMax, message: t('tips.questionTooLong') }]}
        >
          <Input.TextArea
            disabled={locked}
            rows={3}
            showCount
            maxLength={ASK_QUESTION_LIMITS.questionMax}
            placeholder={t('modal.questionPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="type" label={t('modal.type')}>
          <Radio.Group disabled={locked}>
            {ASK_QUESTION_TYPES.map((kind) => (
              <Radio key={kind} value={kind}>
                {t(`type.${kind}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {type === 'select_group' ? (
          <Form.Item
            name="group_set_id"
            label={t('modal.groupSet')}
            rules={[
              { required: true, message: t('tips.groupSetRequired') },
              {
                validator: async (_rule, value: number | null | undefined) => {
                  const set = groupSets.data?.find((s) => s.id === value);
                  if (value != null && set && (set.groups?.length ?? 0) === 0) {
                    throw new Error(t('tips.groupSetEmpty'));
                  }
                },
              },
            ]}
          >
            <Select
              disabled={locked}
              loading={groupSets.isPending}
              placeholder={t('modal.groupSetPlaceholder')}
              options={(groupSets.data ?? []).map((s) => ({ value: s.id, label: s.name ?? String(s.id) }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="select_num"
            label={t('modal.selectNum')}
            rules={[{ required: true, message: t('tips.selectNumRequired') }]}
          >
            <Select
              disabled={locked || noStudents}
              loading={students.isPending}
              placeholder={noStudents ? t('modal.noStudents') : t('modal.selectNumPlaceholder')}
              options={numberOptions}
            />
          </Form.Item>
        )}
        <Form.Item name="avoid_recent" valuePropName="checked" extra={t('modal.avoidRecentHelp')}>
          <Checkbox disabled={locked}>{t('modal.avoidRecent')}</Checkbox>
        </Form.Item>
      </fieldset>
    </FormModal>
  );
}
