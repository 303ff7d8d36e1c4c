import { BulbOutlined, EditOutlined } from '@ant-design/icons';
import type { HomeworkDetail, ReferenceAnswer } from '@lectern/contracts/homework/homework.schemas';
import { App, Button, Flex, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { AttachmentList } from '../../uploads/public/attachment-list.tsx';
import { UploadField, type UploadedFile } from '../../uploads/public/upload-field.tsx';
import { useReferenceAnswer } from '../api/get-reference-answer.ts';
import { useUpdateReferenceAnswer } from '../api/update-reference-answer.ts';
import { CommentEditor, isBlankHtml } from './comment-editor.tsx';

/** Addendum section 2: the reference-answer modal is 440 wide. */
export const REFERENCE_ANSWER_MODAL_WIDTH = 440;
/** The editing dialog is as wide as the description's (600), which holds the same editor. */
const REFERENCE_ANSWER_EDIT_WIDTH = 600;

function hasAnswer(answer: ReferenceAnswer): boolean {
  return !isBlankHtml(answer.reference_answer) || answer.uploads.length > 0;
}

/** The answer's text and files, or a line saying there is none. */
function ReferenceAnswerContent({ answer }: { answer: ReferenceAnswer }) {
  const { t } = useTranslation('homework');
  if (!hasAnswer(answer)) {
    return <Typography.Text type="secondary">{t('referenceAnswer.empty')}</Typography.Text>;
  }
  return (
    <Flex vertical gap={12}>
      {isBlankHtml(answer.reference_answer) ? null : <RenderedHtml html={answer.reference_answer} />}
      <AttachmentList attachments={answer.uploads} />
    </Flex>
  );
}

/** The marking dialog's "reference answer" button and its 440-wide modal (read only). */
export function ReferenceAnswerButton({ homework }: { homework: HomeworkDetail }) {
  const { t } = useTranslation('homework');
  const [open, setOpen] = useState(false);
  const answer = useReferenceAnswer(homework.id, open);
  return (
    <>
      <Button size="small" icon={<BulbOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('referenceAnswer.button')}
      </Button>
      <Modal
        open={open}
        width={REFERENCE_ANSWER_MODAL_WIDTH}
        title={t('referenceAnswer.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {answer.isPending ? (
          <LoadingState />
        ) : answer.isError ? (
          <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />
        ) : (
          <ReferenceAnswerContent answer={answer.data} />
        )}
      </Modal>
    </>
  );
}

interface ReferenceAnswerValues {
  reference_answer: string;
  files: UploadedFile[];
}

/**
 * The homework page's reference-answer setting: what the instructor set, and a dialog to change the text
 * (the homework's rich-text input) and the files. Students never see it.
 */
export function ReferenceAnswerSetting({ detail }: { detail: HomeworkDetail }) {
  const { t } = useTranslation('homework');
  const { message } = App.useApp();
  const answer = useReferenceAnswer(detail.id);
  const update = useUpdateReferenceAnswer();
  const [editing, setEditing] = useState(false);

  if (answer.isPending) return <LoadingState />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
  const current = answer.data;
  return (
    <Flex vertical gap={12} align="flex-start">
      <ReferenceAnswerContent answer={current} />
      {detail.permissions.allow_edit && !detail.is_simulating ? (
        <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
          {t('referenceAnswer.edit')}
        </Button>
      ) : null}
      <FormModal<ReferenceAnswerValues>
        open={editing}
        width={REFERENCE_ANSWER_EDIT_WIDTH}
        title={t('referenceAnswer.editTitle')}
        initialValues={{
          reference_answer: current.reference_answer,
          files: current.uploads.map((u) => ({ upload_id: u.upload_id, name: u.name, size: u.size })),
        }}
        serverFieldAliases={{ upload_ids: 'files' }}
        onSubmit={async (values) => {
          await update.mutateAsync({
            homeworkId: detail.id,
            body: {
              reference_answer: values.reference_answer ?? '',
              upload_ids: (values.files ?? []).map((f) => f.upload_id),
            },
          });
          void message.success(t('referenceAnswer.saved'));
        }}
        onClose={() => setEditing(false)}
      >
        <Form.Item
          name="reference_answer"
          label={t('referenceAnswer.label')}
          extra={t('referenceAnswer.hint')}
        >
          <CommentEditor placeholder={t('referenceAnswer.placeholder')} />
        </Form.Item>
        <Form.Item name="files" label={t('referenceAnswer.files')}>
          <UploadField />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
