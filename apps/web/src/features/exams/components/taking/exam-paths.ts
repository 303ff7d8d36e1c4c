/** Addresses of the exam pages, in one place so links and redirects agree. */

export function activityPath(courseId: number, activityId: number): string {
  return `/course/${courseId}/activity/${activityId}`;
}

export function examTakePath(examId: number): string {
  return `/exam/${examId}/take`;
}

export function examResultPath(examId: number, submissionId?: number): string {
  return submissionId === undefined
    ? `/exam/${examId}/result`
    : `/exam/${examId}/result?submission=${submissionId}`;
}

export function examMarkingPath(examId: number): string {
  return `/exam/${examId}/marking`;
}

export function examSubjectsPath(examId: number): string {
  return `/exam/${examId}/subjects`;
}

export function classroomSubjectsPath(examId: number): string {
  return `/course/classroom-exam/${examId}/subjects`;
}

/** The classroom exam in large type for the lecture hall's screen. */
export function classroomProjectorPath(courseId: number, examId: number): string {
  return `/course/${courseId}/classroom-exams/${examId}/projector`;
}

/** Spec 001 section 2: a retake record opens in a new tab inside the exam editor. */
export function retakeRecordSubmissionPath(examId: number, recordId: number): string {
  return `/exam/${examId}/subjects#/retake-record-submission/${recordId}`;
}
