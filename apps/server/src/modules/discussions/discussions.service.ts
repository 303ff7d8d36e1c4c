import type { z } from 'zod';
import { hasDiscussion, takesTopics } from '@lectern/contracts/discussions/discussion-rules';
import {
  DISCUSSION_LIMITS,
  type Comment,
  type CommentFiltersQuerySchema,
  type CommentPageCountQuerySchema,
  type CommentsQuerySchema,
  type CommentsResponse,
  type CommentType,
  type CreateCommentRequestSchema,
  type CreateReplyRequestSchema,
  type OperateRequestSchema,
  type OperateResponse,
  type RepliesQuerySchema,
  type RepliesResponse,
  type Reply,
  type TopicDetailResponse,
  type TopicsQuerySchema,
  type TopicsResponse,
  type UpdateCommentRequestSchema,
  type UpdateReplyRequestSchema,
} from '@lectern/contracts/discussions/discussions.schemas';
import {
  formatQuestionTime,
  isPageLocation,
  parseQuestionTime,
  validateQuestionTime,
} from '@lectern/contracts/discussions/question-time';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { DISCUSSION_IMAGE_PARENT, DISCUSSION_REPLY_IMAGE_PARENT } from '../../db/schema/uploads.ts';
import { AppError, invalid, notFound, type Message } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import { activityAccess, visibleAccess, type ActivityWithAccess } from '../activities/activity-access.ts';
import { courseAccess } from '../courses/course-access.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';
import { syncHtmlImages } from '../uploads/html-images.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { assertCanLike, assertCanModify, assertCanWrite, postingRole, postOf } from './discussions.policy.ts';
import { presentComment, presentHotTopic, presentReply, presentTopic } from './discussions.presenter.ts';
import {
  discussionsRepository,
  type CommentCursor,
  type CommentFilter,
  type CommentRow,
  type ListOrder,
  type ReplyRow,
} from './discussions.repository.ts';

type CommentsQuery = z.output<typeof CommentsQuerySchema>;
type FiltersQuery = z.output<typeof CommentFiltersQuerySchema>;
type PageCountQuery = z.output<typeof CommentPageCountQuerySchema>;
type CreateComment = z.output<typeof CreateCommentRequestSchema>;
type UpdateComment = z.output<typeof UpdateCommentRequestSchema>;
type RepliesQuery = z.output<typeof RepliesQuerySchema>;
type CreateReply = z.output<typeof CreateReplyRequestSchema>;
type UpdateReply = z.output<typeof UpdateReplyRequestSchema>;
type Operate = z.output<typeof OperateRequestSchema>;
type TopicsQuery = z.output<typeof TopicsQuerySchema>;

/** Media kinds whose questions are placed by time; everything else is placed by page. */
const TIMED_KINDS = new Set(['video', 'audio']);

const INT_MAX = 2_147_483_647;

const pagesOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** A post's pictures stay readable to the post's readers, and out of the orphan sweep, while it exists. */
function syncPictures(tx: Executor, actor: Actor, type: string, id: number, content: string) {
  return syncHtmlImages(tx, actor, { type, id }, [content], { field: 'content' });
}

/** Sanitised HTML that still shows something (text or an image); otherwise the content is missing. */
function cleanContent(raw: string): string {
  const html = sanitizeUserHtml(raw).trim();
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  if (text === '' && !/<img\b/i.test(html)) throw invalid({ content: ['discussions.contentRequired'] });
  return html;
}

/** The filters of a list or count call: flat query fields win over the `conditions` JSON. */
function filtersOf(query: FiltersQuery, activityId: number, fallbackType: CommentType): CommentFilter {
  const c = query.conditions;
  const referrerType = query.referrer_type ?? c.referrer_type ?? null;
  const location = query.location || c.location || null;
  return {
    activityId,
    commentType: query.comment_type ?? query.type ?? c.comment_type ?? c.type ?? fallbackType,
    referrerType,
    // "No referrer" has no referrer id, whatever else was sent.
    referrerId: referrerType === 'none' ? null : (query.referrer_id ?? c.referrer_id ?? null),
    location: location ? normalizeLocation(location) : null,
  };
}

/** Times are stored padded (01:02:03), so a filter written 1:2:3 finds them too. */
function normalizeLocation(location: string): string {
  const time = parseQuestionTime(location);
  return time ? formatQuestionTime(time) : location;
}

function orderOf(query: CommentsQuery): ListOrder {
  // Ids are handed out in creation order, so created_at shares the id index.
  return { key: query.order_key === 'approval_count' ? 'heat' : 'id', dir: query.order };
}

function parseCursor(raw: string | undefined, order: ListOrder): CommentCursor | null {
  if (raw === undefined) return null;
  const parts = raw.split('_').map(Number);
  const [first, second] = parts;
  // Both numbers land in integer columns; anything larger was not handed out by this server.
  if (first !== undefined && parts.every((n) => n <= INT_MAX)) {
    if (order.key === 'heat' && second !== undefined && parts.length === 2) {
      return { approvalCount: first, id: second };
    }
    if (order.key === 'id' && parts.length === 1) return { approvalCount: null, id: first };
  }
  throw invalid({ cursor: ['discussions.cursorInvalid'] });
}

function cursorOf(row: CommentRow, order: ListOrder): string {
  return order.key === 'heat' ? `${row.approvalCount}_${row.id}` : String(row.id);
}

function groupReplies(
  rows: ReplyRow[],
  accessOf: (row: ReplyRow) => CourseAccess | undefined,
): Map<number, Reply[]> {
  const byComment = new Map<number, Reply[]>();
  for (const row of rows) {
    const access = accessOf(row);
    if (!access) continue;
    const list = byComment.get(row.commentId) ?? [];
    list.push(presentReply(row, access));
    byComment.set(row.commentId, list);
  }
  return byComment;
}

function assertDiscussable(activityType: string): void {
  if (!hasDiscussion(activityType)) throw new AppError('validation_failed', 'discussions.notDiscussable');
}

export function discussionsService(ctx: AppContext) {
  const repo = discussionsRepository(ctx.db);
  const activitiesAccess = activityAccess(ctx.db);
  const courses = courseAccess(ctx.db);
  const uploads = uploadsRepository(ctx.db);

  /** An activity the caller can read, that has a discussion. */
  async function loadDiscussion(actor: Actor, activityId: number): Promise<ActivityWithAccess> {
    const found = await activitiesAccess.loadVisible(actor, activityId);
    assertDiscussable(found.activity.type);
    return found;
  }

  /** A comment and its activity, both readable by the caller (a hidden one is simply not found). */
  async function loadComment(
    actor: Actor,
    commentId: number,
    missing: Message = 'discussions.commentNotFound',
  ) {
    const base = await repo.findBase(commentId);
    if (!base) throw notFound(missing);
    const found = await activitiesAccess.loadVisible(actor, base.activityId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') throw notFound(missing);
      throw error;
    });
    const row = await repo.findDetailed(commentId, actor.userId);
    if (!row) throw notFound(missing);
    return { ...found, row };
  }

  async function loadReply(actor: Actor, replyId: number) {
    const row = await repo.findReply(replyId, actor.userId);
    if (!row) throw notFound('discussions.replyNotFound');
    const found = await activitiesAccess.loadVisible(actor, row.activityId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found')
        throw notFound('discussions.replyNotFound');
      throw error;
    });
    return { ...found, row };
  }

  /** Where a comment points, checked against the activity: the file reference and the place in it. */
  async function placeOf(
    activity: ActivityRow,
    input: Pick<CreateComment, 'referrer_type' | 'referrer_id' | 'location'>,
  ): Promise<{ referrerId: number | null; location: string | null }> {
    let referrerId: number | null = null;
    let timed = true;
    if (input.referrer_type === 'upload_reference') {
      const found = input.referrer_id ? await uploads.findReference(input.referrer_id) : undefined;
      if (
        !found ||
        found.reference.parentType !== ACTIVITY_PARENT ||
        found.reference.parentId !== activity.id ||
        found.upload.deleted
      ) {
        throw invalid({ referrer_id: ['discussions.referrerInvalid'] });
      }
      referrerId = found.reference.id;
      timed = TIMED_KINDS.has(found.upload.type);
    }
    const location = input.location?.trim() || null;
    if (location === null) return { referrerId, location };
    if (!timed) {
      if (!isPageLocation(location)) throw invalid({ location: ['discussions.pageLocationInvalid'] });
      return { referrerId, location };
    }
    const duration = typeof activity.data.duration === 'number' ? activity.data.duration : null;
    const error = validateQuestionTime(location, duration);
    if (error) throw invalid({ location: [error] });
    return { referrerId, location: normalizeLocation(location) };
  }

  /** Without a type filter the count call counts both comments and questions. */
  async function countComments(actor: Actor, activityId: number, query: FiltersQuery): Promise<number> {
    await loadDiscussion(actor, activityId);
    const typed = query.comment_type ?? query.type ?? query.conditions.comment_type ?? query.conditions.type;
    const filter = filtersOf(query, activityId, 'forum');
    return typed ? repo.count(filter) : repo.countAllTypes(filter);
  }

  async function presentDetailed(
    commentId: number,
    access: CourseAccess,
    viewerId: number,
  ): Promise<Comment> {
    const row = await repo.findDetailed(commentId, viewerId);
    if (!row) throw notFound('discussions.commentNotFound');
    return presentComment(row, access);
  }

  async function presentReplyById(replyId: number, access: CourseAccess, viewerId: number): Promise<Reply> {
    const row = await repo.findReply(replyId, viewerId);
    if (!row) throw notFound('discussions.replyNotFound');
    return presentReply(row, access);
  }

  return {
    async list(actor: Actor, activityId: number, query: CommentsQuery): Promise<CommentsResponse> {
      const filter = filtersOf(query, activityId, 'forum');
      const order = orderOf(query);
      let cursor: CommentCursor | null;
      try {
        cursor = parseCursor(query.cursor, order);
      } catch (error) {
        // Whoever may not read the list is refused as such before hearing about its cursors.
        await loadDiscussion(actor, activityId);
        throw error;
      }
      const offset = (query.page - 1) * query.page_size;
      const found = await repo.listPageWithActivity({
        ...filter,
        order,
        cursor,
        viewerId: actor.userId,
        limit: query.page_size,
        offset,
      });
      if (!found) throw notFound('activities.notFound');
      const { access, type } = visibleAccess(actor, found.access);
      assertDiscussable(type);
      const { comments: rows, total } = found;
      const replies = query.include_replies
        ? groupReplies(
            await repo.firstReplies(
              rows.map((r) => r.id),
              actor.userId,
              DISCUSSION_LIMITS.replyPageSize,
            ),
            () => access,
          )
        : new Map<number, Reply[]>();
      const last = rows.at(-1);
      const more = cursor ? rows.length === query.page_size : offset + rows.length < total;
      return {
        comments: rows.map((row) => presentComment(row, access, replies.get(row.id) ?? [])),
        total,
        pages: pagesOf(total, query.page_size),
        page: query.page,
        page_size: query.page_size,
        next_cursor: more && last ? cursorOf(last, order) : null,
      };
    },

    async count(actor: Actor, activityId: number, query: FiltersQuery): Promise<{ count: number }> {
      return { count: await countComments(actor, activityId, query) };
    },

    async pageCount(
      actor: Actor,
      activityId: number,
      query: PageCountQuery,
    ): Promise<{ page_count: number }> {
      const count = await countComments(actor, activityId, query);
      return { page_count: pagesOf(count, query.page_size) };
    },

    async create(actor: Actor, activityId: number, input: CreateComment): Promise<Comment> {
      const { activity, access } = await loadDiscussion(actor, activityId);
      assertCanWrite(access);
      const title = input.title?.trim() || null;
      if (title !== null && (input.comment_type !== 'forum' || !takesTopics(activity.type))) {
        throw invalid({ title: ['discussions.titleNotAllowed'] });
      }
      const place = await placeOf(activity, input);
      const content = cleanContent(input.content);
      const row = await ctx.db.transaction(async (tx) => {
        const inserted = await repo.insert(
          {
            activityId,
            courseId: activity.courseId,
            commentType: input.comment_type,
            title,
            content,
            anonymous: input.anonymous,
            courseRole: postingRole(access, input.course_role),
            location: place.location,
            referrerType: place.referrerId === null ? 'none' : 'upload_reference',
            referrerId: place.referrerId,
            createdBy: actor.userId,
          },
          tx,
        );
        await syncPictures(tx, actor, DISCUSSION_IMAGE_PARENT, inserted.id, content);
        return inserted;
      });
      return presentDetailed(row.id, access, actor.userId);
    },

    async update(actor: Actor, commentId: number, input: UpdateComment): Promise<Comment> {
      const { activity, access, row } = await loadComment(actor, commentId);
      assertCanModify(access, postOf(row), 'edit');
      const commentType = input.comment_type ?? row.commentType;
      if (commentType === 'question' && input.content.length > DISCUSSION_LIMITS.questionContentMax) {
        throw invalid({
          content: [
            { key: 'discussions.questionTooLong', params: { maximum: DISCUSSION_LIMITS.questionContentMax } },
          ],
        });
      }
      let title = row.title;
      if (input.title !== undefined) {
        title = input.title?.trim() || null;
        if (title === null && row.title !== null) throw invalid({ title: ['discussions.titleRequired'] });
      }
      if (title !== null && (commentType !== 'forum' || !takesTopics(activity.type))) {
        throw invalid({ title: ['discussions.titleNotAllowed'] });
      }
      const content = cleanContent(input.content);
      await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockBase(commentId, tx);
        if (!locked) throw notFound('discussions.commentNotFound');
        await repo.update(locked, { content, commentType, title }, tx);
        await syncPictures(tx, actor, DISCUSSION_IMAGE_PARENT, commentId, content);
      });
      return presentDetailed(commentId, access, actor.userId);
    },

    async remove(actor: Actor, commentId: number): Promise<{ message: string }> {
      const { access, row } = await loadComment(actor, commentId);
      assertCanModify(access, postOf(row), 'delete');
      await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockBase(commentId, tx);
        if (locked) await repo.delete(locked, tx);
      });
      return { message: translate(actor.locale, 'discussions.deleted') };
    },

    async replies(actor: Actor, commentId: number, query: RepliesQuery): Promise<RepliesResponse> {
      const { access, row } = await loadComment(actor, commentId);
      const rows = await repo.listReplies(
        commentId,
        actor.userId,
        query.page_size,
        (query.page - 1) * query.page_size,
      );
      return {
        replies: rows.map((r) => presentReply(r, access)),
        total: row.replyCount,
        pages: pagesOf(row.replyCount, query.page_size),
      };
    },

    /** The first reply page of each readable comment; ids the caller cannot read are left out. */
    async repliesFor(actor: Actor, commentIds: number[]): Promise<{ replies: Record<string, Reply[]> }> {
      const bases = await repo.findBases(commentIds);
      const visible = await activitiesAccess.visibleAmong(
        actor,
        bases.map((b) => b.activityId),
      );
      const readable = bases.filter((b) => {
        const found = visible.get(b.activityId);
        return found !== undefined && hasDiscussion(found.activity.type);
      });
      const rows = await repo.firstReplies(
        readable.map((b) => b.id),
        actor.userId,
        DISCUSSION_LIMITS.replyPageSize,
      );
      const grouped = groupReplies(rows, (row) => visible.get(row.activityId)?.access);
      const replies: Record<string, Reply[]> = {};
      for (const base of readable) replies[String(base.id)] = grouped.get(base.id) ?? [];
      return { replies };
    },

    async createReply(actor: Actor, commentId: number, input: CreateReply): Promise<Reply> {
      const { access, row } = await loadComment(actor, commentId);
      assertCanWrite(access);
      let parentId: number | null = null;
      if (input.parent_id > 0) {
        const parent = await repo.findReplyBase(input.parent_id);
        if (!parent || parent.commentId !== row.id) {
          throw invalid({ parent_id: ['discussions.replyParentInvalid'] });
        }
        parentId = parent.id;
      }
      const content = cleanContent(input.content);
      const reply = await ctx.db.transaction(async (tx) => {
        const inserted = await repo.insertReply(
          {
            commentId,
            parentId,
            content,
            anonymous: input.anonymous,
            courseRole: postingRole(access, input.course_role),
            createdBy: actor.userId,
          },
          tx,
        );
        await syncPictures(tx, actor, DISCUSSION_REPLY_IMAGE_PARENT, inserted.id, content);
        return inserted;
      });
      return presentReplyById(reply.id, access, actor.userId);
    },

    async updateReply(actor: Actor, replyId: number, input: UpdateReply): Promise<Reply> {
      const { access, row } = await loadReply(actor, replyId);
      assertCanModify(access, postOf(row), 'edit');
      const content = cleanContent(input.content);
      await ctx.db.transaction(async (tx) => {
        await repo.updateReply(replyId, content, tx);
        await syncPictures(tx, actor, DISCUSSION_REPLY_IMAGE_PARENT, replyId, content);
      });
      return presentReplyById(replyId, access, actor.userId);
    },

    async removeReply(actor: Actor, replyId: number): Promise<{ message: string }> {
      const { access, row } = await loadReply(actor, replyId);
      assertCanModify(access, postOf(row), 'delete');
      await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockReplyBase(replyId, tx);
        if (locked) await repo.deleteReply(locked, tx);
      });
      return { message: translate(actor.locale, 'discussions.deleted') };
    },

    /** Likes: like, unlike, or check which of the targets the caller has liked. */
    async operate(actor: Actor, activityId: number, input: Operate): Promise<OperateResponse> {
      const { access } = await loadDiscussion(actor, activityId);
      const ids = [...new Set(input.target_ids)];
      const targets =
        input.target_type === 'comment'
          ? await repo.commentTargets(activityId, ids)
          : await repo.replyTargets(activityId, ids);
      const counts = (changed: Map<number, number>) =>
        Object.fromEntries(targets.map((t) => [String(t.id), changed.get(t.id) ?? t.approvalCount]));
      if (input.operate_type === 'check') {
        const liked = await repo.likedAmong(
          input.target_type,
          targets.map((t) => t.id),
          actor.userId,
        );
        return { target_ids: liked.sort((a, b) => a - b), approval_counts: counts(new Map()) };
      }
      if (targets.length !== ids.length) throw notFound('discussions.targetNotFound');
      for (const target of targets) {
        assertCanLike(access, {
          createdBy: target.createdBy,
          anonymous: false,
          authorRoles: [],
          commentType: target.commentType,
        });
      }
      const changed = await ctx.db.transaction((tx) =>
        input.operate_type === 'like'
          ? repo.like(input.target_type, ids, actor.userId, tx)
          : repo.unlike(input.target_type, ids, actor.userId, tx),
      );
      return { target_ids: [...changed.keys()].sort((a, b) => a - b), approval_counts: counts(changed) };
    },

    async topics(actor: Actor, activityId: number, query: TopicsQuery): Promise<TopicsResponse> {
      const { activity, access } = await loadDiscussion(actor, activityId);
      if (!takesTopics(activity.type)) throw new AppError('validation_failed', 'discussions.notDiscussable');
      const { rows, total } = await repo.listTopics(
        activityId,
        actor.userId,
        query.keyword || null,
        query.page_size,
        (query.page - 1) * query.page_size,
      );
      return {
        topics: rows.map((row) => presentTopic(row, access)),
        total,
        pages: pagesOf(total, query.page_size),
      };
    },

    async topic(actor: Actor, topicId: number): Promise<TopicDetailResponse> {
      const { access, row } = await loadComment(actor, topicId, 'discussions.topicNotFound');
      if (row.title === null) throw notFound('discussions.topicNotFound');
      const replies = await repo.listReplies(topicId, actor.userId, DISCUSSION_LIMITS.replyPageSize, 0);
      return {
        topic: presentTopic(row, access),
        replies: replies.map((r) => presentReply(r, access)),
        replies_total: row.replyCount,
      };
    },

    /**
     * For public-listings' anonymous read of a public course (the caller has found it readable): the hot
     * topics of its published forums, without authors.
     */
    async publicHotTopics(courseId: number) {
      const rows = await repo.hotTopics(courseId, true, 0, DISCUSSION_LIMITS.hotTopics);
      return { hot_topics: rows.map((row) => presentHotTopic(row, null)) };
    },

    async hotTopics(actor: Actor, courseId: number) {
      const access = await courses.load(actor, courseId);
      const rows = await repo.hotTopics(
        courseId,
        !can(access, 'activity.read_unpublished'),
        actor.userId,
        DISCUSSION_LIMITS.hotTopics,
      );
      return { hot_topics: rows.map((row) => presentHotTopic(row, access)) };
    },
  };
}
