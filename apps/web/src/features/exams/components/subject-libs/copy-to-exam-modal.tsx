import type { ExamType } from '@lectern/contracts/exams/exam.schemas';
import type { SubjectLibDetail } from '@lectern/contracts/exams/subject-lib.schemas';
import { App, Checkbox, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/components/form-modal.tsx';
import { useCopyLibSubjectsToExam } from '../../api/copy-lib-subjects-to-exam.ts';
import { useCourseExams } from '../../api/list-course-exams.ts';
import { useTeachingCourses } from '../../../courses/public/list-teaching-courses.ts';

interface CopyToExamValues {
  course_id: number;
  exam_type: ExamType;
  exam_id: number;
  is_makeup_exam: boolean;
}

export interface CopyToExamModalProps {
  open: boolean;
  lib: SubjectLibDetail;
  subjectIds: number[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * Copies the selected questions to the end of an exam's (or classroom exam's) paper through
 * `POST /api/subject-libs/{libId}/copy?examId=`. A course library copies into its own course's exams; a
 * personal one into any course the viewer teaches.
 */
export function CopyToExamModal({ open, lib, subjectIds, onClose, onDone }: CopyToExamModalProps) {
  const { t } = useTranslation('exams');
  const { message } = App.useApp();
  const [form] = Form.useForm<CopyToExamValues>();
  const courseId = Form.useWatch('course_id', form) ?? lib.course_id ?? undefined;
  const examType = Form.useWatch('exam_type', form) ?? 'exam';
  const examId = Form.useWatch('exam_id', form);
  const courses = useTeachingCourses(open && lib.course_id === null);
  const exams = useCourseExams(open ? courseId : undefined, examType);
  const copy = useCopyLibSubjectsToExam();
  const exam = exams.data?.find((e) => e.id === examId);

  return (
    <FormModal<CopyToExamValues>
      open={open}
      form={form}
      title={t('lib.copyToExamTitle', { count: subjectIds.length })}
      initialValues={{ course_id: lib.course_id ?? undefined, exam_type: 'exam', is_makeup_exam: false }}
      onValuesChange={(changed: Partial<CopyToExamValues>) => {
        if ('course_id' in changed || 'exam_type' in changed)
          form.setFieldsValue({ exam_id: undefined, is_makeup_exam: false });
      }}
      // A target the server refuses (points over the total, a locked paper) is reported on the query name.
      serverFieldAliases={{ examId: 'exam_id', classroomId: 'exam_id', subject_ids: 'exam_id' }}
      onClose={onClose}
      onSubmit={async (values) => {
        const copied = await copy.mutateAsync({
          libId: lib.id,
          target: {
            kind: values.exam_type === 'exam' ? 'exam' : 'classroom',
            id: values.exam_id,
            isMakeup: values.exam_type === 'exam' && values.is_makeup_exam,
          },
          subjectIds,
        });
        void message.success(t('import.copied', { count: copied.length }));
        onDone();
      }}
    >
      {lib.course_id === null && (
        <Form.Item
          name="course_id"
          label={t('lib.course')}
          rules={[{ required: true, message: t('lib.courseRequired') }]}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            loading={courses.isPending}
            options={(courses.data ?? []).map((c) => ({
              value: c.id,
              label: c.display_name ?? c.name ?? String(c.id),
            }))}
          />
        </Form.Item>
      )}
      <Form.Item name="exam_type" label={t('lib.examType')}>
        <Radio.Group
          options={[
            { value: 'exam', label: t('lib.examTypeExam') },
            { value: 'classroom_exam', label: t('lib.examTypeClassroom') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="exam_id"
        label={t('lib.exam')}
        rules={[{ required: true, message: t('lib.examRequired') }]}
      >
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          disabled={courseId === undefined}
          loading={exams.isFetching}
          notFoundContent={t('lib.noExams')}
          options={(exams.data ?? []).map((e) => ({ value: e.id, label: e.title }))}
        />
      </Form.Item>
      {examType === 'exam' && exam?.has_make_up_user && (
        <Form.Item name="is_makeup_exam" valuePropName="checked">
          <Checkbox>{t('lib.toMakeupPaper')}</Checkbox>
        </Form.Item>
      )}
    </FormModal>
  );
}
