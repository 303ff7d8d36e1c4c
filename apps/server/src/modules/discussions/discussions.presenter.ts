import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import type {
  Comment,
  CommentAuthor,
  HotTopic,
  Reply,
  Topic,
} from '@lectern/contracts/discussions/discussions.schemas';
import { CourseRoleSchema } from '@lectern/contracts/courses/course-roles.schemas';
import { rolesOf } from '../courses/course-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';
import { canLike, canModify, canSeeAuthor, postOf, type Post } from './discussions.policy.ts';
import type { AuthorColumns, CommentRow, ReplyRow } from './discussions.repository.ts';

/** A stored role name as a course role; rows written by this server always hold one. */
function storedRole(value: string): CourseRole {
  const parsed = CourseRoleSchema.safeParse(value);
  return parsed.success ? parsed.data : 'student';
}

function author(id: number, columns: AuthorColumns): CommentAuthor {
  return {
    id,
    aliases: columns.authorAliases,
    name: columns.authorName,
    user_no: columns.authorUserNo,
    avatar_big_url: columns.authorAvatarBigUrl,
    course_roles: rolesOf(columns.authorRoles),
  };
}

function permissions(access: CourseAccess, post: Post) {
  const modify = canModify(access, post);
  return { can_edit: modify, can_delete: modify, can_like: canLike(access, post) };
}

/** Rows become wire shapes here and nowhere else; anonymity is applied for this viewer. */
export function presentComment(row: CommentRow, access: CourseAccess, replies: Reply[] = []): Comment {
  const post = postOf(row);
  const shownAuthor = canSeeAuthor(access, post) ? author(row.createdBy, row) : null;
  return {
    id: row.id,
    activity_id: row.activityId,
    content: row.content,
    comment_type: row.commentType,
    course_role: storedRole(row.courseRole),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: shownAuthor,
    user: shownAuthor,
    location: row.location,
    referrer_type: row.referrerType,
    referrer_id: row.referrerId,
    approval_count: row.approvalCount,
    reply_count: row.replyCount,
    anonymous: row.anonymous,
    current_user_liked: row.liked,
    title: row.title,
    last_replied_at: row.lastRepliedAt?.toISOString() ?? null,
    comment_replies: replies,
    ...permissions(access, post),
  };
}

export function presentReply(row: ReplyRow, access: CourseAccess): Reply {
  const post = postOf(row);
  let parent: Reply['parent'] = null;
  if (row.parentExists && row.parentId !== null && row.parentCreatedBy !== null) {
    const parentPost = postOf({
      createdBy: row.parentCreatedBy,
      anonymous: row.parentAnonymous ?? false,
      authorRoles: row.parentAuthorRoles,
      commentType: row.commentType,
    });
    parent = {
      id: row.parentId,
      anonymous: parentPost.anonymous,
      created_by: canSeeAuthor(access, parentPost)
        ? author(row.parentCreatedBy, {
            authorName: row.parentAuthorName ?? '',
            authorAliases: row.parentAuthorAliases,
            authorUserNo: row.parentAuthorUserNo ?? '',
            authorAvatarBigUrl: row.parentAuthorAvatarBigUrl,
            authorRoles: row.parentAuthorRoles,
          })
        : null,
    };
  }
  return {
    id: row.id,
    content: row.content,
    comment_id: row.commentId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: canSeeAuthor(access, post) ? author(row.createdBy, row) : null,
    course_role: storedRole(row.courseRole),
    approval_count: row.approvalCount,
    reply_count: row.replyCount,
    anonymous: row.anonymous,
    parent,
    parent_id: row.parentId ?? 0,
    current_user_liked: row.liked,
    ...permissions(access, post),
  };
}

export function presentTopic(row: CommentRow, access: CourseAccess): Topic {
  const post = postOf(row);
  return {
    id: row.id,
    activity_id: row.activityId,
    title: row.title ?? '',
    content: row.content,
    course_role: storedRole(row.courseRole),
    created_by: canSeeAuthor(access, post) ? author(row.createdBy, row) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    reply_count: row.replyCount,
    approval_count: row.approvalCount,
    anonymous: row.anonymous,
    last_replied_at: row.lastRepliedAt?.toISOString() ?? null,
    current_user_liked: row.liked,
    ...permissions(access, post),
  };
}

export function presentHotTopic(
  row: CommentRow & { activityTitle: string; directReplies: number },
  access: CourseAccess | null,
): HotTopic {
  const post = postOf(row);
  return {
    id: row.id,
    title: row.title ?? '',
    comments: row.replyCount,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    // A visitor of a public course (no access) sees no author: names and student numbers stay inside.
    created_by: access !== null && canSeeAuthor(access, post) ? author(row.createdBy, row) : null,
    receiver: { id: row.activityId, title: row.activityTitle },
    reply_count: row.directReplies,
  };
}
