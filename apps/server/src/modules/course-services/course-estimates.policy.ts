import { can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who may do what with course reviews. Reviews are the students' voice: only students write one, only
 * the author edits it, and the teaching team moderates by removing reviews and replies.
 */
export type EstimateViewer = { userId: number; access: CourseAccess } | null;

export function canReview(viewer: EstimateViewer): boolean {
  return (
    viewer !== null && viewer.access.roles.includes('student') && can(viewer.access, 'learner.participate')
  );
}

export function canEditEstimate(viewer: EstimateViewer, authorId: number): boolean {
  return viewer !== null && viewer.userId === authorId && can(viewer.access, 'learner.participate');
}

export function canModerate(viewer: EstimateViewer): boolean {
  return viewer !== null && can(viewer.access, 'course.manage');
}

export function canDeleteOwnOrModerate(viewer: EstimateViewer, authorId: number): boolean {
  return canEditEstimate(viewer, authorId) || canModerate(viewer);
}

export function canReply(viewer: EstimateViewer): boolean {
  return viewer !== null && can(viewer.access, 'learner.participate');
}
