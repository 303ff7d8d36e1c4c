import { RESOURCE_AUDIT_LIMITS } from '@lectern/contracts/course-services/resource-audit.schemas';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useTeachingCourses } from '../../courses/public/list-teaching-courses.ts';
import { UploadField, type UploadedFile } from '../../uploads/public/upload-field.tsx';
import { useShareToCourses } from '../api/share-to-courses.ts';

type Values = { files: UploadedFile[]; course_ids: number[] };

/**
 * Uploads files and shares them to this course, and, if the instructor picks them, to other courses they
 * teach (the same `POST /api/uploads/share-to-courses` the server checks course by course).
 */
export function ShareFilesModal({
  open,
  course,
  onClose,
}: {
  open: boolean;
  /** The course whose Files page this is: chosen to start with. */
  course: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('course-services');
  const { message } = App.useApp();
  const teaching = useTeachingCourses(open);
  const share = useShareToCourses();

  const listed = (teaching.data ?? []).map((c) => ({ value: c.id, label: c.display_name || c.name }));
  // This course first, even before the list has come (or if the list leaves it out).
  const options = [
    listed.find((o) => o.value === course.id) ?? { value: course.id, label: course.name },
    ...listed.filter((o) => o.value !== course.id),
  ];

  return (
    <FormModal<Values>
      open={open}
      title={t('sharedFiles.share.title')}
      initialValues={{ files: [], course_ids: [course.id] }}
      serverFieldAliases={{ upload_ids: 'files' }}
      onSubmit={async (values) => {
        const result = await share.mutateAsync({
          upload_ids: values.files.map((f) => f.upload_id),
          course_ids: values.course_ids,
        });
        void message.success(t('sharedFiles.share.done', { count: values.course_ids.length }));
        return result;
      }}
      onClose={onClose}
    >
      <Form.Item
        name="files"
        label={t('sharedFiles.share.files')}
        rules={[{ required: true, type: 'array', min: 1, message: t('sharedFiles.share.filesRequired') }]}
      >
        <UploadField maxCount={RESOURCE_AUDIT_LIMITS.shareMax} />
      </Form.Item>
      <Form.Item
        name="course_ids"
        label={t('sharedFiles.share.courses')}
        extra={t('sharedFiles.share.coursesHint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('sharedFiles.share.coursesRequired') }]}
      >
        <Select
          mode="multiple"
          options={options}
          loading={teaching.isPending}
          optionFilterProp="label"
          maxCount={RESOURCE_AUDIT_LIMITS.shareMax}
        />
      </Form.Item>
    </FormModal>
  );
}
