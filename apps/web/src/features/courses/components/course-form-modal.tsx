import { DeleteOutlined } from '@ant-design/icons';
import { COURSE_LIMITS } from '@lectern/contracts/courses/course.limits';
import type { Course, CreateCourseRequest, Semester } from '@lectern/contracts/courses/course.schemas';
import { App, Button, Flex, Form, Input, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { ZonedDatePicker } from '../../../shared/components/zoned-date-picker.tsx';
import { useCreateCourse } from '../api/create-course.ts';
import { useDeleteCourse } from '../api/delete-course.ts';
import { useMySemesters } from '../api/list-my-semesters.ts';
import { useUpdateCourse } from '../api/update-course.ts';
import { COURSE_DATE_FORMAT, semesterLabel } from './course-format.ts';

interface CourseFormValues {
  name: string;
  display_name?: string | null;
  course_code?: string | null;
  semester_id?: number | null;
  start_date?: Dayjs | null;
  end_date?: Dayjs | null;
  credit?: string | null;
  klass?: string | null;
  compulsory: boolean;
}

/** Empty text boxes mean "no value", which the API spells as null. */
function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function toDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

function toRequest(values: CourseFormValues): CreateCourseRequest {
  return {
    name: values.name.trim(),
    display_name: blankToNull(values.display_name),
    course_code: blankToNull(values.course_code),
    semester_id: values.semester_id ?? null,
    start_date: values.start_date ? values.start_date.format(COURSE_DATE_FORMAT) : null,
    end_date: values.end_date ? values.end_date.format(COURSE_DATE_FORMAT) : null,
    credit: blankToNull(values.credit),
    klass: blankToNull(values.klass),
    compulsory: values.compulsory,
  };
}

function initialValuesOf(course: Course | undefined): Partial<CourseFormValues> {
  if (!course) return { compulsory: false };
  return {
    name: course.name,
    display_name: course.display_name,
    course_code: course.course_code,
    semester_id: course.semester_id,
    start_date: toDate(course.start_date),
    end_date: toDate(course.end_date),
    credit: course.credit,
    klass: course.klass,
    compulsory: course.compulsory,
  };
}

function semesterOptions(semesters: readonly Semester[], course: Course | undefined) {
  const options = [...semesters]
    .sort(
      (a, b) => b.academic_year.code.localeCompare(a.academic_year.code) || a.sort - b.sort || a.id - b.id,
    )
    .map((s) => ({ value: s.id, label: semesterLabel(s.academic_year, s) }));
  // An administrator editing a course they are not in may not have its semester in their own list.
  if (course?.semester && !options.some((o) => o.value === course.semester?.id)) {
    options.unshift({
      value: course.semester.id,
      label: semesterLabel(course.academic_year, course.semester),
    });
  }
  return options;
}

export interface CourseFormModalProps {
  open: boolean;
  /** The course being edited; absent when creating. */
  course?: Course;
  /** Offers deleting the course (edit only); the server still decides. */
  canDelete?: boolean;
  onClose: () => void;
  afterClose: () => void;
  onCreated?: (course: Course) => void;
}

/** Creates a course or edits its basic information. */
export function CourseFormModal({
  open,
  course,
  canDelete = false,
  onClose,
  afterClose,
  onCreated,
}: CourseFormModalProps) {
  const { t } = useTranslation('courses');
  const { message, modal } = App.useApp();
  const semesters = useMySemesters();
  const createCourse = useCreateCourse();
  const updateCourse = useUpdateCourse();
  const deleteCourse = useDeleteCourse();
  const editing = course !== undefined;

  const onSubmit = async (values: CourseFormValues) => {
    const body = toRequest(values);
    if (course) {
      await updateCourse.mutateAsync({ courseId: course.id, body });
      void message.success(t('courseForm.updated'));
    } else {
      const created = await createCourse.mutateAsync(body);
      void message.success(t('courseForm.created'));
      onCreated?.(created);
    }
  };

  const confirmDelete = () => {
    if (!course) return;
    modal.confirm({
      title: t('courseForm.deleteConfirmTitle', { name: course.display_name }),
      content: t('courseForm.deleteConfirmContent'),
      okText: t('courseForm.delete'),
      okButtonProps: { danger: true },
      cancelText: t('shared:actions.cancel'),
      onOk: async () => {
        try {
          await deleteCourse.mutateAsync(course.id);
          void message.success(t('courseForm.deleted', { name: course.display_name }));
        } catch (error) {
          void message.error(error instanceof Error ? error.message : t('shared:errors.unexpected'));
        }
      },
    });
  };

  return (
    <FormModal<CourseFormValues>
      open={open}
      title={editing ? t('courseForm.editTitle') : t('courseForm.createTitle')}
      initialValues={initialValuesOf(course)}
      onSubmit={onSubmit}
      onClose={onClose}
      afterClose={afterClose}
      footer={
        editing && canDelete
          ? (buttons, saving) => (
              <Flex justify="space-between" align="center">
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  onClick={confirmDelete}
                  disabled={saving}
                >
                  {t('courseForm.delete')}
                </Button>
                <span>{buttons}</span>
              </Flex>
            )
          : undefined
      }
    >
      <Form.Item
        name="name"
        label={t('courseForm.name')}
        rules={[
          { required: true, whitespace: true, message: t('courseForm.nameRequired') },
          { max: COURSE_LIMITS.nameMax, message: t('form.tooLong', { max: COURSE_LIMITS.nameMax }) },
        ]}
      >
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="display_name"
        label={t('courseForm.displayName')}
        extra={t('courseForm.displayNameHint')}
        rules={[{ max: COURSE_LIMITS.nameMax, message: t('form.tooLong', { max: COURSE_LIMITS.nameMax }) }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="course_code"
        label={t('courseForm.courseCode')}
        rules={[{ max: COURSE_LIMITS.codeMax, message: t('form.tooLong', { max: COURSE_LIMITS.codeMax }) }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="semester_id" label={t('courseForm.semester')}>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={semesters.isLoading}
          placeholder={t('courseForm.semesterPlaceholder')}
          notFoundContent={t('courseForm.noSemesters')}
          options={semesterOptions(semesters.data ?? [], course)}
        />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item name="start_date" label={t('courseForm.startDate')} style={{ flex: 1, minWidth: 180 }}>
          <ZonedDatePicker format={COURSE_DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="end_date"
          label={t('courseForm.endDate')}
          dependencies={['start_date']}
          style={{ flex: 1, minWidth: 180 }}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | null | undefined) => {
                const start = getFieldValue('start_date') as Dayjs | null | undefined;
                if (!value || !start || !value.isBefore(start, 'day')) return Promise.resolve();
                return Promise.reject(new Error(t('courseForm.endBeforeStart')));
              },
            }),
          ]}
        >
          <ZonedDatePicker format={COURSE_DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Flex gap="middle" wrap>
        <Form.Item name="credit" label={t('courseForm.credit')} style={{ flex: 1, minWidth: 180 }}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="klass" label={t('courseForm.klass')} style={{ flex: 1, minWidth: 180 }}>
          <Input autoComplete="off" />
        </Form.Item>
      </Flex>
      <Form.Item name="compulsory" label={t('courseForm.compulsory')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
