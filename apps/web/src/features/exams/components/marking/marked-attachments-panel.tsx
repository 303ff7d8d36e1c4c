import type { ExamSubmissionDetail, MarkedAttachment } from '@lectern/contracts/exams/exam-taking.schemas';
import { App, Flex, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/http-client.ts';
import { UploadField, type UploadedFile } from '../../../uploads/public/upload-field.tsx';
import { useAddMarkedAttachment } from '../../api/add-marked-attachment.ts';
import { useDeleteMarkedAttachment } from '../../api/delete-marked-attachment.ts';
import { MarkedAttachmentList } from './marked-attachment-list.tsx';

export interface MarkedAttachmentsPanelProps {
  examId: number;
  submission: ExamSubmissionDetail;
  /** Marking one question: new files are attached to it. Null attaches them to the whole submission. */
  subjectId: number | null;
  /** Viewing without the right to mark (e.g. as a student): files can be downloaded, not changed. */
  readOnly: boolean;
}

/**
 * The marker's files on a submission (addendum: the marked-attachment list beside score and comment).
 * Each file is attached as soon as its upload finishes; the list is the server's, so what shows is what
 * the student will get once scores are released.
 */
export function MarkedAttachmentsPanel({
  examId,
  submission,
  subjectId,
  readOnly,
}: MarkedAttachmentsPanelProps) {
  const { t } = useTranslation('exams');
  const { message, modal } = App.useApp();
  const labelId = useId();
  const add = useAddMarkedAttachment();
  const remove = useDeleteMarkedAttachment();
  const [uploading, setUploading] = useState<UploadedFile[]>([]);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // The field reports its whole value each time; each finished file is attached once.
  const attaching = useRef(new Set<number>());

  const attach = (file: UploadedFile) => {
    attaching.current.add(file.upload_id);
    add
      .mutateAsync({
        examId,
        submissionId: submission.id,
        body: { upload_id: file.upload_id, ...(subjectId ? { subject_id: subjectId } : {}) },
      })
      .then(() => void message.success(t('marking.attachments.added', { name: file.name })))
      .catch((error: unknown) => {
        void message.error(
          isApiError(error) ? error.message : t('marking.attachments.addFailed', { name: file.name }),
        );
      })
      // Attached (and listed above, the lists having been refetched) or refused: either way it leaves the field.
      .finally(() => {
        attaching.current.delete(file.upload_id);
        setUploading((list) => list.filter((f) => f.upload_id !== file.upload_id));
      });
  };

  const onChange = (next: UploadedFile[]) => {
    setUploading(next);
    for (const file of next) if (!attaching.current.has(file.upload_id)) attach(file);
  };

  const confirmDelete = (attachment: MarkedAttachment) =>
    modal.confirm({
      title: t('marking.attachments.confirmDelete', { name: attachment.name }),
      content: t('marking.attachments.confirmDeleteContent'),
      okText: t('marking.attachments.deleteOk'),
      okButtonProps: { danger: true },
      onOk: async () => {
        setDeletingId(attachment.id);
        try {
          const result = await remove.mutateAsync({ examId, attachmentId: attachment.id });
          void message.success(result.message);
        } catch (error) {
          void message.error(isApiError(error) ? error.message : t('marking.attachments.deleteFailed'));
        } finally {
          setDeletingId(null);
        }
      },
    });

  return (
    <Flex vertical gap={8} role="region" aria-labelledby={labelId}>
      <Typography.Text strong id={labelId}>
        {t('marking.attachments.title')}
      </Typography.Text>
      {submission.marked_attachments.length === 0 ? (
        <Typography.Text type="secondary">{t('marking.attachments.empty')}</Typography.Text>
      ) : (
        <MarkedAttachmentList
          attachments={submission.marked_attachments}
          subjects={submission.subjects}
          onDelete={readOnly ? undefined : confirmDelete}
          deletingId={deletingId}
        />
      )}
      {readOnly ? null : (
        <div aria-label={t('marking.attachments.upload')} role="group">
          <UploadField value={uploading} onChange={onChange} />
        </div>
      )}
    </Flex>
  );
}
