import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { useUpdateHomeworkDescription } from '../api/update-homework-description.ts';
import { CommentEditor } from './comment-editor.tsx';

/** Spec 000 addendum section 2: the description dialog is 600 wide. */
export const DESCRIPTION_DIALOG_WIDTH = 600;

export interface DescriptionDialogProps {
  open: boolean;
  detail: HomeworkDetail;
  onClose: () => void;
  onChanged?: () => void;
}

/** Edits the homework's description alone (PATCH /api/homeworks/{id}/description). */
export function DescriptionDialog({ open, detail, onClose, onChanged }: DescriptionDialogProps) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const update = useUpdateHomeworkDescription();
  return (
    <FormModal<{ description: string }>
      open={open}
      width={DESCRIPTION_DIALOG_WIDTH}
      title={t('description.title')}
      initialValues={{ description: detail.description }}
      onSubmit={async (values) => {
        await update.mutateAsync({ homeworkId: detail.id, body: { description: values.description ?? '' } });
        void message.success(t('description.saved'));
        onChanged?.();
      }}
      onClose={onClose}
    >
      <Form.Item name="description" label={t('description.label')} extra={t('form.commentHint')}>
        <CommentEditor placeholder={t('description.placeholder')} pictures />
      </Form.Item>
    </FormModal>
  );
}
