/**
 * Query keys of the homework feature. Everything about one homework sits under `homeworkKey(id)`, so a
 * hand-in, a mark or a settings change refreshes every view of it with one invalidation.
 */
export function homeworkKey(homeworkId: number) {
  return ['homework', homeworkId] as const;
}

export function homeworkDetailKey(homeworkId: number) {
  return [...homeworkKey(homeworkId), 'detail'] as const;
}

export function studentSubmissionKey(homeworkId: number, studentId: number) {
  return [...homeworkKey(homeworkId), 'students', studentId, 'submission'] as const;
}

export function studentSubmissionListKey(homeworkId: number, studentId: number) {
  return [...homeworkKey(homeworkId), 'students', studentId, 'submission-list'] as const;
}

export function submittersKey(homeworkId: number) {
  return [...homeworkKey(homeworkId), 'submitters'] as const;
}

export function markedAttachmentsKey(homeworkId: number, submissionId: number) {
  return [...homeworkKey(homeworkId), 'submissions', submissionId, 'marked-attachments'] as const;
}

export function referenceAnswerKey(homeworkId: number) {
  return [...homeworkKey(homeworkId), 'reference-answer'] as const;
}
