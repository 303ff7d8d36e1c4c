/** Files the annotation editor opens: PDFs and pictures. */
export function isAnnotatable(file: { mime_type: string | null; type: string }): boolean {
  return file.mime_type === 'application/pdf' || file.type === 'image';
}

export type AnnotationTarget = {
  homeworkId: number;
  submissionId: number;
  /** Re-annotating a marked copy: its reference, which a save points at the newer copy. */
  referenceId?: number;
};

/**
 * `/pdf/editor` with the spec's query (uploadId, file, fileType, imgURL, attachmentUrl, rotatedAngle,
 * fileName) plus where a saved copy goes: this submission of this homework, as a marked attachment.
 */
export function annotationEditorUrl(
  file: { upload_id: number; name: string; image: boolean; preview_url: string | null; blob_url: string },
  target: AnnotationTarget,
): string {
  const { image } = file;
  const viewUrl = file.preview_url ?? file.blob_url;
  const query = new URLSearchParams({
    uploadId: String(file.upload_id),
    file: image ? '' : viewUrl,
    fileType: image ? 'image' : 'pdf',
    imgURL: image ? viewUrl : '',
    attachmentUrl: file.blob_url,
    rotatedAngle: '0',
    fileName: file.name,
    submission_id: String(target.submissionId),
    activity_id: String(target.homeworkId),
  });
  if (target.referenceId !== undefined) query.set('reference_id', String(target.referenceId));
  return `/pdf/editor?${query.toString()}`;
}
