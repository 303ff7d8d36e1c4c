import type { ExamSubmissionDetail } from '@lectern/contracts/exams/exam-taking.schemas';
import { MarkedFilesPanel } from '../../../uploads/public/marked-files-panel.tsx';
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
 * The marker's files on an exam submission, in the panel homework marking shares; each row names the
 * question its file was attached to.
 */
export function MarkedAttachmentsPanel({
  examId,
  submission,
  subjectId,
  readOnly,
}: MarkedAttachmentsPanelProps) {
  const add = useAddMarkedAttachment();
  const remove = useDeleteMarkedAttachment();
  return (
    <MarkedFilesPanel
      files={submission.marked_attachments}
      readOnly={readOnly}
      attach={(file) =>
        add.mutateAsync({
          examId,
          submissionId: submission.id,
          body: { upload_id: file.upload_id, ...(subjectId ? { subject_id: subjectId } : {}) },
        })
      }
      remove={(attachment) => remove.mutateAsync({ examId, attachmentId: attachment.id })}
      renderList={(attachments, { onDelete, deletingId }) => (
        <MarkedAttachmentList
          attachments={attachments}
          subjects={submission.subjects}
          onDelete={onDelete}
          deletingId={deletingId}
        />
      )}
    />
  );
}
