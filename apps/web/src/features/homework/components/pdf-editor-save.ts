import type { Upload } from '@lectern/contracts/uploads/upload.schemas';
import type { MarkedAttachmentsResponse } from '@lectern/contracts/homework/homework.schemas';
import type { AddCorrectUploadsVariables } from '../api/add-correct-uploads.ts';
import type { ReplaceReferenceUploadVariables } from '../api/replace-reference-upload.ts';

export type MarkedCopyTarget = {
  homeworkId: number;
  submissionId: number;
  /** The student's file the copy was made from. */
  originUploadId: number | null;
  /** A marked attachment already made from this file: later saves replace its upload. */
  referenceId: number | null;
};

export type MarkedCopyCalls = {
  uploadFile(file: File): Promise<Upload>;
  addCorrectUploads(variables: AddCorrectUploadsVariables): Promise<MarkedAttachmentsResponse>;
  replaceReferenceUpload(variables: ReplaceReferenceUploadVariables): Promise<void>;
};

/**
 * Keeps an annotated copy as a marked attachment of the submission. Every save is a new upload, so
 * neither the student's file nor an earlier saved copy is ever overwritten: the first save attaches the
 * copy (correct-uploads), later saves point that attachment's reference at the newer copy.
 */
export function markedCopySaver(target: MarkedCopyTarget, calls: MarkedCopyCalls) {
  let referenceId = target.referenceId;
  return async (file: File): Promise<void> => {
    const upload = await calls.uploadFile(file);
    if (referenceId !== null) {
      await calls.replaceReferenceUpload({
        homeworkId: target.homeworkId,
        referenceId,
        body: { upload_id: upload.id },
      });
      return;
    }
    const result = await calls.addCorrectUploads({
      homeworkId: target.homeworkId,
      body: {
        submission_id: target.submissionId,
        uploads: [{ upload_id: upload.id, origin_upload_id: target.originUploadId }],
      },
    });
    referenceId = result.marked_attachments.find((a) => a.upload_id === upload.id)?.reference_id ?? null;
  };
}
