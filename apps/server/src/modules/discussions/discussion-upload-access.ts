import { hasDiscussion } from '@lectern/contracts/discussions/discussion-rules';
import { eq, inArray } from 'drizzle-orm';
import { commentReplies, comments } from '../../db/schema/discussions.ts';
import type { Database, Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess } from '../activities/activity-access.ts';

/**
 * Who may see the pictures inside posts, for the uploads slice: whoever reads the post, i.e. whoever
 * sees its activity (the forum, or the courseware of a question-panel question) in a course they are in.
 */
export function discussionUploadAccess(db: Database) {
  const activities = activityAccess(db);

  return {
    async readableAmong(
      actor: Actor,
      ids: { comments: readonly number[]; replies: readonly number[] },
      tx: Executor = db,
    ): Promise<{ comments: Set<number>; replies: Set<number> }> {
      const result = { comments: new Set<number>(), replies: new Set<number>() };
      if (ids.comments.length === 0 && ids.replies.length === 0) return result;
      const commentRows =
        ids.comments.length === 0
          ? []
          : await tx
              .select({ id: comments.id, activityId: comments.activityId })
              .from(comments)
              .where(inArray(comments.id, [...new Set(ids.comments)]));
      const replyRows =
        ids.replies.length === 0
          ? []
          : await tx
              .select({ id: commentReplies.id, activityId: comments.activityId })
              .from(commentReplies)
              .innerJoin(comments, eq(comments.id, commentReplies.commentId))
              .where(inArray(commentReplies.id, [...new Set(ids.replies)]));
      const visible = await activities.visibleAmong(
        actor,
        [...commentRows, ...replyRows].map((r) => r.activityId),
        tx,
      );
      const readable = (activityId: number) => {
        const found = visible.get(activityId);
        return found !== undefined && hasDiscussion(found.activity.type);
      };
      for (const r of commentRows) if (readable(r.activityId)) result.comments.add(r.id);
      for (const r of replyRows) if (readable(r.activityId)) result.replies.add(r.id);
      return result;
    },
  };
}
