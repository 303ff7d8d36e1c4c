import { SUBJECT_LIB_LIMITS } from '@lectern/contracts/exams/subject-lib.schemas';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../shared/components/form-modal.tsx';
import type { FolderChoice } from './lib-tree.rules.ts';

export interface LibTitleValues {
  title: string;
  parent_id?: number | null;
}

export interface LibTitleModalProps {
  open: boolean;
  title: string;
  initialTitle?: string;
  /** When given, the dialog also asks which folder the new entry goes in. */
  folders?: readonly FolderChoice[] | undefined;
  initialParentId?: number | null;
  onSubmit: (values: LibTitleValues) => Promise<unknown>;
  onClose: () => void;
}

/** Names a new library or folder (and picks its folder), or renames one. */
export function LibTitleModal({
  open,
  title,
  initialTitle,
  folders,
  initialParentId,
  onSubmit,
  onClose,
}: LibTitleModalProps) {
  const { t } = useTranslation('exams');
  return (
    <FormModal<LibTitleValues>
      open={open}
      title={title}
      initialValues={{ title: initialTitle ?? '', parent_id: initialParentId ?? null }}
      onSubmit={(values) => onSubmit({ ...values, title: values.title.trim() })}
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label={t('libs.name')}
        rules={[
          { required: true, whitespace: true, message: t('libs.nameRequired') },
          {
            max: SUBJECT_LIB_LIMITS.titleMax,
            message: t('libs.nameTooLong', { max: SUBJECT_LIB_LIMITS.titleMax }),
          },
        ]}
      >
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      {folders && (
        <Form.Item name="parent_id" label={t('libs.folder')}>
          <Select<number | null>
            options={[
              { value: null, label: t('libs.topLevel') },
              ...folders.map((f) => ({ value: f.id, label: `${'— '.repeat(f.depth)}${f.title}` })),
            ]}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
