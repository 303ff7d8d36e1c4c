import { isTeaching, type CourseRole } from '@lectern/contracts/courses/course-roles';
import type { CommentType } from '@lectern/contracts/discussions/discussions.schemas';
import { forbidden, simulatingReadOnly, type AppError } from '../../platform/errors.ts';
import { rolesOf } from '../courses/course-access.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/** A comment or reply as the rules see it. */
export type Post = Readonly<{
  createdBy: number;
  anonymous: boolean;
  /** The author's roles in the course now; none when they have left it. */
  authorRoles: readonly CourseRole[];
  /** The type of the comment the post is (or belongs to). */
  commentType: CommentType;
}>;

/** The post the rules judge, from a stored comment or reply with its author's roles as read now. */
export function postOf(row: {
  createdBy: number;
  anonymous: boolean;
  authorRoles: readonly string[] | null;
  commentType: CommentType;
}): Post {
  return {
    createdBy: row.createdBy,
    anonymous: row.anonymous,
    authorRoles: rolesOf(row.authorRoles),
    commentType: row.commentType,
  };
}

/**
 * Discussion rules on top of the course policy (spec 001 sections 5 and 6). Reading follows the
 * activity's visibility (activities.policy); every write needs a reader who is not simulating.
 */

/** Posting, replying, editing and liking: never while an instructor views the course as a student. */
export function assertCanWrite(access: CourseAccess): void {
  if (access.simulating) throw simulatingReadOnly();
  if (!can(access, 'course.read')) throw forbidden();
}

/**
 * Whether the author shows: anonymous posts hide the author from everyone (instructors included)
 * except the author, and an instructor viewing as a student, who sees who wrote it (marked anonymous).
 */
export function canSeeAuthor(access: CourseAccess, post: Post): boolean {
  return !post.anonymous || post.createdBy === access.userId || access.simulating;
}

/** The author, or the teaching team for a student's content (an author who does not teach); never simulating. */
export function canModify(access: CourseAccess, post: Post): boolean {
  if (access.simulating) return false;
  if (post.createdBy === access.userId) return true;
  return can(access, 'activity.manage') && !isTeaching(post.authorRoles);
}

export function assertCanModify(access: CourseAccess, post: Post, action: 'edit' | 'delete'): void {
  if (access.simulating) throw simulatingReadOnly();
  if (!canModify(access, post)) {
    throw forbidden(action === 'edit' ? 'discussions.cannotEdit' : 'discussions.cannotDelete');
  }
}

/** In the question panel, whoever does not hold the student role acts as an instructor (spec 001 §6). */
function isQuestionPanelInstructor(access: CourseAccess): boolean {
  return !access.roles.includes('student');
}

/** The reason a like is refused, or null when the caller may like (or unlike) the post. */
function likeRefusal(access: CourseAccess, post: Post): AppError | null {
  if (access.simulating) return simulatingReadOnly();
  if (!can(access, 'course.read')) return forbidden();
  if (post.createdBy === access.userId) return forbidden('discussions.cannotLikeOwn');
  if (post.commentType === 'question' && isQuestionPanelInstructor(access)) {
    return forbidden('discussions.instructorCannotLikeQuestion');
  }
  return null;
}

export function canLike(access: CourseAccess, post: Post): boolean {
  return likeRefusal(access, post) === null;
}

export function assertCanLike(access: CourseAccess, post: Post): void {
  const refusal = likeRefusal(access, post);
  if (refusal) throw refusal;
}

/**
 * The role a post is stored with: the one the client names if the caller holds it, otherwise their
 * first (primary) role; an organisation administrator outside the course posts as instructor.
 */
export function postingRole(access: CourseAccess, requested: CourseRole | undefined): CourseRole {
  if (requested && access.roles.includes(requested)) return requested;
  return access.roles[0] ?? 'instructor';
}
