import type { SubjectLibDetail } from '@lectern/contracts/exams/subject-lib.schemas';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/components/form-modal.tsx';
import { useSubjectLibs } from '../../api/list-subject-libs.ts';
import { useTransferLibSubjects } from '../../api/transfer-lib-subjects.ts';

export interface TransferSubjectsModalProps {
  /** Which way the questions go; null keeps the dialog closed. */
  mode: 'move' | 'copy' | null;
  lib: SubjectLibDetail;
  subjectIds: number[];
  onClose: () => void;
  onDone: () => void;
}

/** Moves or copies the selected questions into another library (the viewer's, or the same course's). */
export function TransferSubjectsModal({
  mode,
  lib,
  subjectIds,
  onClose,
  onDone,
}: TransferSubjectsModalProps) {
  const { t } = useTranslation('exams');
  const { message } = App.useApp();
  const open = mode !== null;
  const mine = useSubjectLibs('mine', false, open);
  const course = useSubjectLibs({ courseId: lib.course_id ?? 0 }, false, open && lib.course_id !== null);
  const transfer = useTransferLibSubjects();
  const targets = (libs: typeof mine.data) =>
    (libs ?? [])
      .filter((l) => l.lib_type === 'exam' && l.id !== lib.id)
      .map((l) => ({ value: l.id, label: l.title }));

  return (
    <FormModal<{ target_lib_id: number }>
      open={open}
      title={
        mode === 'move'
          ? t('lib.moveTitle', { count: subjectIds.length })
          : t('lib.copyTitle', { count: subjectIds.length })
      }
      onClose={onClose}
      onSubmit={async (values) => {
        if (!mode) return;
        await transfer.mutateAsync({
          libId: lib.id,
          mode,
          body: { subject_ids: subjectIds, target_lib_id: values.target_lib_id },
        });
        void message.success(
          mode === 'move'
            ? t('lib.moved', { count: subjectIds.length })
            : t('lib.copied', { count: subjectIds.length }),
        );
        onDone();
      }}
    >
      <Form.Item
        name="target_lib_id"
        label={t('lib.targetLib')}
        rules={[{ required: true, message: t('lib.targetLibRequired') }]}
      >
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          loading={mine.isPending}
          placeholder={t('import.libraryPlaceholder')}
          notFoundContent={t('import.noLibraries')}
          options={[
            { label: t('libs.mine'), options: targets(mine.data) },
            ...(lib.course_id !== null ? [{ label: t('libs.course'), options: targets(course.data) }] : []),
          ].filter((group) => group.options.length > 0)}
        />
      </Form.Item>
    </FormModal>
  );
}
