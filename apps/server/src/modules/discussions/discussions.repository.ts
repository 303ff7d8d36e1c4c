import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommentType, ReferrerType } from '@lectern/contracts/discussions/discussions.schemas';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import {
  commentCounts,
  commentLikes,
  commentReplies,
  commentReplyLikes,
  comments,
} from '../../db/schema/discussions.ts';
import { users } from '../../db/schema/identity.ts';
import { activityAccessColumns, activityAlive, activityMembership } from '../activities/activity-access.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

export type CommentBaseRow = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;
export type ReplyBaseRow = typeof commentReplies.$inferSelect;
export type NewReply = typeof commentReplies.$inferInsert;

/** What every presented post carries about its author: the user and their roles in the course. */
export type AuthorColumns = {
  authorName: string;
  authorAliases: string | null;
  authorUserNo: string;
  authorAvatarBigUrl: string | null;
  /** The author's roles in the course now (null when no longer a member). */
  authorRoles: string[] | null;
};

export type CommentRow = CommentBaseRow & AuthorColumns & { liked: boolean };

export type ReplyRow = ReplyBaseRow &
  AuthorColumns & {
    courseId: number;
    activityId: number;
    commentType: CommentType;
    liked: boolean;
    /** The replied-to reply, when it still exists. */
    parentExists: boolean;
    parentCreatedBy: number | null;
    parentAnonymous: boolean | null;
    parentAuthorName: string | null;
    parentAuthorAliases: string | null;
    parentAuthorUserNo: string | null;
    parentAuthorAvatarBigUrl: string | null;
    parentAuthorRoles: string[] | null;
  };

export type ListOrder = { key: 'id' | 'heat'; dir: 'desc' | 'asc' };
export type CommentCursor = { id: number; approvalCount: number | null };

export type CommentFilter = {
  activityId: number;
  commentType: CommentType;
  referrerType: ReferrerType | null;
  referrerId: number | null;
  location: string | null;
};

export type CommentPageQuery = CommentFilter & {
  order: ListOrder;
  viewerId: number;
  limit: number;
  offset: number;
  cursor: CommentCursor | null;
};

/** A comment with what the operate call needs to decide and report. */
export type LikeTarget = { id: number; createdBy: number; commentType: CommentType; approvalCount: number };

type LikeTargetType = 'comment' | 'comment_reply';

/**
 * Comments and replies are liked the same way: a likes table keyed by (target, user) and an approval count
 * on the target. This says, per target type, where those live.
 */
const LIKE_TABLES = {
  comment: {
    likes: commentLikes,
    likeTargetId: commentLikes.commentId,
    likeUserId: commentLikes.userId,
    likeRow: (commentId: number, userId: number) => ({ commentId, userId }),
    targets: comments,
    targetId: comments.id,
    approvalCount: comments.approvalCount,
  },
  comment_reply: {
    likes: commentReplyLikes,
    likeTargetId: commentReplyLikes.replyId,
    likeUserId: commentReplyLikes.userId,
    likeRow: (replyId: number, userId: number) => ({ replyId, userId }),
    targets: commentReplies,
    targetId: commentReplies.id,
    approvalCount: commentReplies.approvalCount,
  },
};

/** Distinct and ascending, so concurrent multi-target calls take row locks in the same order. */
function sortedIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * Moves the approval count of exactly the targets whose like row was just inserted or deleted, in the
 * caller's transaction; returns their new counts.
 */
async function countLikes(
  tx: Executor,
  target: LikeTargetType,
  changedIds: number[],
  newCount: SQL,
): Promise<Map<number, number>> {
  if (changedIds.length === 0) return new Map();
  const t = LIKE_TABLES[target];
  const updated = await tx
    .update(t.targets)
    .set({ approvalCount: newCount })
    .where(inArray(t.targetId, sortedIds(changedIds)))
    .returning({ id: t.targetId, count: t.approvalCount });
  return new Map(updated.map((r) => [r.id, r.count]));
}

const placeholder = (name: string) => sql.placeholder(name);

/**
 * Which of the optional filters a list or count call gives. Each shape is its own statement, with only
 * the filters given: PostgreSQL then keeps one generic plan per statement that walks the same index as a
 * plan made for the values would. A `$1 is null or col = $1` filter instead leaves the generic plan a
 * sequential scan, so every execution was planned anew (~1 ms of planning on each comment list request).
 */
type FilterShape = { referrerType: boolean; referrerId: boolean; location: boolean };

const shapeOf = (filter: CommentFilter): FilterShape => ({
  referrerType: filter.referrerType !== null,
  referrerId: filter.referrerId !== null,
  location: filter.location !== null,
});

const shapeKey = (shape: FilterShape) =>
  `${shape.referrerType ? 't' : ''}${shape.referrerId ? 'r' : ''}${shape.location ? 'l' : ''}`;

/** The equality filters of a shape on `table`'s columns. */
function shapeFilters(
  shape: FilterShape,
  columns: { referrerType: AnyPgColumn; referrerId: AnyPgColumn; location?: AnyPgColumn },
): (SQL | undefined)[] {
  return [
    shape.referrerType ? eq(columns.referrerType, placeholder('referrerType')) : undefined,
    shape.referrerId ? eq(columns.referrerId, placeholder('referrerId')) : undefined,
    shape.location && columns.location ? eq(columns.location, placeholder('location')) : undefined,
  ];
}

/** The course membership of a comment's author, where the caller's own is joined as `course_members`. */
const authorMember = alias(courseMembers, 'author_member');

/** The author of a post and their roles in the course (`member`: the author's membership row). */
function authorColumnsOf(member: typeof courseMembers | typeof authorMember) {
  return {
    authorName: users.name,
    authorAliases: users.aliases,
    authorUserNo: users.userNo,
    authorAvatarBigUrl: users.avatarBigUrl,
    authorRoles: member.roles,
  };
}

const authorColumns = authorColumnsOf(courseMembers);

/** Whether `viewer` liked the comment (a primary-key probe per row). */
const likedBy = (viewer: SQL | Placeholder | number) =>
  sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewer})`;

/** The comment's columns, its author, and whether `viewer` liked it. */
function commentColumns(viewer: SQL | Placeholder | number) {
  return { ...getTableColumns(comments), ...authorColumns, liked: likedBy(viewer) };
}

/** Orders of the two list indexes; `asc` is their exact reverse, so both walk an index. */
function orderOf(order: ListOrder): SQL[] {
  const direction = sql.raw(order.dir);
  return order.key === 'heat'
    ? [sql`${comments.approvalCount} ${direction}`, sql`${comments.id} ${direction}`]
    : [sql`${comments.id} ${direction}`];
}

/** Rows strictly after the cursor in the list's order (a row comparison the index can start at). */
function afterCursor(order: ListOrder): SQL {
  const op = sql.raw(order.dir === 'desc' ? '<' : '>');
  return order.key === 'heat'
    ? sql`(${comments.approvalCount}, ${comments.id}) ${op} (${placeholder('cursorCount')}::int, ${placeholder('cursorId')}::int)`
    : sql`${comments.id} ${op} ${placeholder('cursorId')}::int`;
}

/**
 * The list's total without counting the activity's comments: the maintained bucket counts, or, when a
 * location narrows the list (one page of one file, a few rows), a count over the referrer index.
 */
function totalExpression(shape: FilterShape): SQL<number> {
  if (!shape.location) {
    const buckets = and(
      eq(commentCounts.activityId, placeholder('activityId')),
      eq(commentCounts.commentType, placeholder('commentType')),
      ...shapeFilters(shape, commentCounts),
    );
    return sql<number>`(select coalesce(sum(${commentCounts.count}), 0) from ${commentCounts} where ${buckets})::int`;
  }
  // The inner "comments" shadows an outer one on purpose: this count is not correlated to a row.
  const located = and(
    eq(comments.activityId, placeholder('activityId')),
    eq(comments.commentType, placeholder('commentType')),
    ...shapeFilters(shape, comments),
  );
  return sql<number>`(select count(*) from ${comments} where ${located})::int`;
}

/**
 * One statement per variant, for plans PostgreSQL can keep (see FilterShape): the page size is written
 * into it (a `limit $1` is planned as if it were a tenth of the table), and so is a zero offset (a keyset
 * page, or the first page); only later offset pages bind their offset, and are planned each time.
 */
type Variant = { shape: FilterShape; order: ListOrder; keyset: boolean; limit: number; offset: boolean };

/**
 * A number written into the statement's text: drizzle binds a number given to `limit` or `offset`, and
 * renders any SQL chunk as it is (its typing only lists numbers and placeholders).
 */
const inText = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

const variantKey = (v: Variant) =>
  `${v.order.key}_${v.order.dir}_${v.keyset ? 'keyset' : 'offset'}_${v.limit}_${v.offset ? 'o' : ''}${shapeKey(v.shape)}`;

/**
 * One page of the comment list: ids of the page read from an index (an index-only walk, also for offset
 * pages), then those rows with author and liked flag, as `CommentRow`s.
 */
function pageRows(tx: Executor, variant: Variant) {
  const filters = and(
    eq(comments.activityId, placeholder('activityId')),
    eq(comments.commentType, placeholder('commentType')),
    ...shapeFilters(variant.shape, comments),
    variant.keyset ? afterCursor(variant.order) : undefined,
  );
  const page = tx
    .select({ pageId: comments.id })
    .from(comments)
    .where(filters)
    .orderBy(...orderOf(variant.order))
    .limit(inText(variant.limit))
    .offset(variant.offset ? placeholder('offset') : inText(0))
    .as('page');
  return tx
    .select({
      ...getTableColumns(comments),
      ...authorColumnsOf(authorMember),
      liked: likedBy(placeholder('viewerId')).as('liked'),
    })
    .from(page)
    .innerJoin(comments, eq(comments.id, page.pageId))
    .innerJoin(users, eq(users.id, comments.createdBy))
    .leftJoin(
      authorMember,
      and(eq(authorMember.courseId, comments.courseId), eq(authorMember.userId, comments.createdBy)),
    )
    .as('page_rows');
}

/**
 * The comment list's request in one round trip (issue 21's hot reads): the activity with what the caller
 * is in its course (judged by `visibleAccess`) on every row, beside one page of comments and the list
 * total. A lateral left join, so an empty page still answers the activity's row. A statement per variant,
 * also because a direction or an index choice cannot be a parameter.
 */
function preparePageWithActivity(tx: Executor, variant: Variant) {
  const rows = pageRows(tx, variant);
  const direction = sql.raw(variant.order.dir);
  const order =
    variant.order.key === 'heat'
      ? [sql`${rows.approvalCount} ${direction}`, sql`${rows.id} ${direction}`]
      : [sql`${rows.id} ${direction}`];
  const name = `discussions_page_${variantKey(variant)}`;
  return withCompiledRows(
    tx
      .select({
        ...activityAccessColumns,
        // Every field of the row, named as CommentRow names them: a left-joined object is null when absent.
        comment: {
          id: rows.id,
          activityId: rows.activityId,
          courseId: rows.courseId,
          commentType: rows.commentType,
          title: rows.title,
          content: rows.content,
          anonymous: rows.anonymous,
          courseRole: rows.courseRole,
          location: rows.location,
          referrerType: rows.referrerType,
          referrerId: rows.referrerId,
          approvalCount: rows.approvalCount,
          replyCount: rows.replyCount,
          lastRepliedAt: rows.lastRepliedAt,
          createdBy: rows.createdBy,
          createdAt: rows.createdAt,
          updatedAt: rows.updatedAt,
          authorName: rows.authorName,
          authorAliases: rows.authorAliases,
          authorUserNo: rows.authorUserNo,
          authorAvatarBigUrl: rows.authorAvatarBigUrl,
          authorRoles: rows.authorRoles,
          liked: rows.liked,
        },
        total: totalExpression(variant.shape),
      })
      .from(activities)
      .innerJoin(courses, eq(courses.id, activities.courseId))
      .leftJoin(courseMembers, activityMembership)
      .leftJoinLateral(rows, sql`true`)
      .where(activityAlive)
      .orderBy(...order)
      .prepare(name),
  );
}

function prepareTotal(tx: Executor, shape: FilterShape) {
  return withCompiledRows(
    tx
      .select({ total: totalExpression(shape) })
      .from(sql`(select 1) as one`)
      .prepare(`discussions_total_${shapeKey(shape)}`),
  );
}

const parentReply = alias(commentReplies, 'parent_reply');
const parentAuthor = alias(users, 'parent_author');
const parentMember = alias(courseMembers, 'parent_member');
/** The comment a reply belongs to (for its course and type). */
const replyComment = alias(comments, 'reply_comment');

function replyColumns(viewer: number) {
  return {
    ...getTableColumns(commentReplies),
    ...authorColumns,
    courseId: replyComment.courseId,
    activityId: replyComment.activityId,
    commentType: replyComment.commentType,
    liked: sql<boolean>`exists (select 1 from ${commentReplyLikes} where ${commentReplyLikes.replyId} = ${commentReplies.id} and ${commentReplyLikes.userId} = ${viewer})`,
    parentExists: sql<boolean>`${parentReply.id} is not null`,
    parentCreatedBy: parentReply.createdBy,
    parentAnonymous: parentReply.anonymous,
    parentAuthorName: parentAuthor.name,
    parentAuthorAliases: parentAuthor.aliases,
    parentAuthorUserNo: parentAuthor.userNo,
    parentAuthorAvatarBigUrl: parentAuthor.avatarBigUrl,
    parentAuthorRoles: parentMember.roles,
  };
}

/**
 * Replies with their authors, the replied-to reply and its author, and the viewer's like, in one query.
 * `picked` selects the reply ids (a column `id`); the query is driven from those few ids, so the planner
 * never considers the whole replies table.
 */
function selectReplies(tx: Executor, viewer: number, picked: SQL) {
  return tx
    .select(replyColumns(viewer))
    .from(sql`(${picked}) as picked`)
    .innerJoin(commentReplies, sql`${commentReplies.id} = picked.id`)
    .innerJoin(replyComment, eq(replyComment.id, commentReplies.commentId))
    .innerJoin(users, eq(users.id, commentReplies.createdBy))
    .leftJoin(
      courseMembers,
      and(
        eq(courseMembers.courseId, replyComment.courseId),
        eq(courseMembers.userId, commentReplies.createdBy),
      ),
    )
    .leftJoin(
      parentReply,
      and(eq(parentReply.id, commentReplies.parentId), eq(parentReply.commentId, commentReplies.commentId)),
    )
    .leftJoin(parentAuthor, eq(parentAuthor.id, parentReply.createdBy))
    .leftJoin(
      parentMember,
      and(eq(parentMember.courseId, replyComment.courseId), eq(parentMember.userId, parentReply.createdBy)),
    );
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

export function discussionsRepository(db: Database) {
  const pagesOnDb = new Map<string, ReturnType<typeof preparePageWithActivity>>();
  const totalsOnDb = new Map<string, ReturnType<typeof prepareTotal>>();
  const pageStatement = (tx: Executor, variant: Variant) => {
    if (tx !== db) return preparePageWithActivity(tx, variant);
    const key = variantKey(variant);
    let statement = pagesOnDb.get(key);
    if (!statement) pagesOnDb.set(key, (statement = preparePageWithActivity(db, variant)));
    return statement;
  };
  const totalStatement = (tx: Executor, shape: FilterShape) => {
    if (tx !== db) return prepareTotal(tx, shape);
    const key = shapeKey(shape);
    let statement = totalsOnDb.get(key);
    if (!statement) totalsOnDb.set(key, (statement = prepareTotal(db, shape)));
    return statement;
  };

  const filterParams = (filter: CommentFilter) => ({
    activityId: filter.activityId,
    commentType: filter.commentType,
    referrerType: filter.referrerType,
    referrerId: filter.referrerId,
    location: filter.location,
  });

  return {
    /**
     * The activity with the viewer's access to it (undefined: no such activity), and one page of its
     * comments with author, the viewer's like and the list total, in one round trip.
     */
    async listPageWithActivity(query: CommentPageQuery, tx: Executor = db) {
      const variant: Variant = {
        shape: shapeOf(query),
        order: query.order,
        keyset: query.cursor !== null,
        limit: query.limit,
        offset: query.cursor === null && query.offset > 0,
      };
      const rows = await pageStatement(tx, variant).execute({
        ...filterParams(query),
        id: query.activityId,
        userId: query.viewerId,
        viewerId: query.viewerId,
        offset: query.offset,
        cursorId: query.cursor?.id ?? null,
        cursorCount: query.cursor?.approvalCount ?? null,
      });
      const [first] = rows;
      if (!first) return undefined;
      const { comment: _comment, total, ...access } = first;
      const page: CommentRow[] = [];
      for (const row of rows) if (row.comment) page.push(row.comment);
      return { access, comments: page, total };
    },

    /** The list total alone (for an empty page, and the count calls). */
    async count(filter: CommentFilter, tx: Executor = db): Promise<number> {
      const [row] = await totalStatement(tx, shapeOf(filter)).execute(filterParams(filter));
      return row?.total ?? 0;
    },

    /** Counts over every comment type of the activity (the count call without a type). */
    async countAllTypes(filter: Omit<CommentFilter, 'commentType'>, tx: Executor = db): Promise<number> {
      const totals = await Promise.all(
        (['forum', 'question'] as const).map(async (commentType) => {
          const typed = { ...filter, commentType };
          const [row] = await totalStatement(tx, shapeOf(typed)).execute(filterParams(typed));
          return row?.total ?? 0;
        }),
      );
      return totals.reduce((sum, n) => sum + n, 0);
    },

    async findBases(ids: readonly number[], tx: Executor = db): Promise<CommentBaseRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(comments)
        .where(inArray(comments.id, [...ids]));
    },

    async findBase(id: number, tx: Executor = db): Promise<CommentBaseRow | undefined> {
      const [row] = await tx.select().from(comments).where(eq(comments.id, id));
      return row;
    },

    /** Locks the comment row until the transaction ends (edits and deletes against concurrent ones). */
    async lockBase(id: number, tx: Executor): Promise<CommentBaseRow | undefined> {
      const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
      return row;
    },

    async findDetailed(id: number, viewerId: number, tx: Executor = db): Promise<CommentRow | undefined> {
      const [row] = await tx
        .select(commentColumns(viewerId))
        .from(comments)
        .innerJoin(users, eq(users.id, comments.createdBy))
        .leftJoin(
          courseMembers,
          and(eq(courseMembers.courseId, comments.courseId), eq(courseMembers.userId, comments.createdBy)),
        )
        .where(eq(comments.id, id));
      return row;
    },

    /** Inserts the comment and counts it in its bucket, in the caller's transaction. */
    async insert(values: NewComment, tx: Executor): Promise<CommentBaseRow> {
      const [row] = await tx.insert(comments).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      await bumpBucket(tx, row, 1);
      return row;
    },

    async update(
      before: CommentBaseRow,
      values: Partial<Pick<NewComment, 'content' | 'commentType' | 'title'>>,
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(comments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(comments.id, before.id));
      if (values.commentType && values.commentType !== before.commentType) {
        await bumpBucket(tx, before, -1);
        await bumpBucket(tx, { ...before, commentType: values.commentType }, 1);
      }
    },

    /** Deletes the comment; its replies and likes go with it (foreign keys cascade). */
    async delete(row: CommentBaseRow, tx: Executor): Promise<void> {
      const deleted = await tx.delete(comments).where(eq(comments.id, row.id)).returning({ id: comments.id });
      if (deleted.length > 0) await bumpBucket(tx, row, -1);
    },

    // --- replies -----------------------------------------------------------------------------------

    async findReplyBase(id: number, tx: Executor = db): Promise<ReplyBaseRow | undefined> {
      const [row] = await tx.select().from(commentReplies).where(eq(commentReplies.id, id));
      return row;
    },

    async lockReplyBase(id: number, tx: Executor): Promise<ReplyBaseRow | undefined> {
      const [row] = await tx.select().from(commentReplies).where(eq(commentReplies.id, id)).for('update');
      return row;
    },

    async findReply(id: number, viewerId: number, tx: Executor = db): Promise<ReplyRow | undefined> {
      const [row] = await selectReplies(tx, viewerId, sql`select ${id}::int as id`);
      return row;
    },

    /** One page of a comment's replies, oldest first. */
    async listReplies(
      commentId: number,
      viewerId: number,
      limit: number,
      offset: number,
      tx: Executor = db,
    ): Promise<ReplyRow[]> {
      const page = sql`select r.id from ${commentReplies} r where r.comment_id = ${commentId}
        order by r.id limit ${limit} offset ${offset}`;
      return selectReplies(tx, viewerId, page).orderBy(asc(commentReplies.id));
    },

    /**
     * The first `limit` replies of each comment, in one query: a LATERAL walk of the (comment_id, id)
     * index per comment picks the ids, so a comment with thousands of replies costs no more than one
     * with ten.
     */
    async firstReplies(
      commentIds: readonly number[],
      viewerId: number,
      limit: number,
      tx: Executor = db,
    ): Promise<ReplyRow[]> {
      if (commentIds.length === 0) return [];
      const firstIds = sql`select first.id from unnest(${intArray(commentIds)}) as asked(comment_id)
        cross join lateral (
          select r.id from ${commentReplies} r where r.comment_id = asked.comment_id order by r.id limit ${limit}
        ) first`;
      return selectReplies(tx, viewerId, firstIds).orderBy(
        asc(commentReplies.commentId),
        asc(commentReplies.id),
      );
    },

    /** Inserts a reply and counts it on its comment (and on the reply it answers), in the caller's tx. */
    async insertReply(values: NewReply, tx: Executor): Promise<ReplyBaseRow> {
      const [row] = await tx.insert(commentReplies).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      await tx
        .update(comments)
        .set({ replyCount: sql`${comments.replyCount} + 1`, lastRepliedAt: row.createdAt })
        .where(eq(comments.id, row.commentId));
      if (row.parentId !== null) {
        await tx
          .update(commentReplies)
          .set({ replyCount: sql`${commentReplies.replyCount} + 1` })
          .where(eq(commentReplies.id, row.parentId));
      }
      return row;
    },

    async updateReply(id: number, content: string, tx: Executor = db): Promise<void> {
      await tx
        .update(commentReplies)
        .set({ content, updatedAt: sql`now()` })
        .where(eq(commentReplies.id, id));
    },

    /** Deletes a reply (its likes cascade) and takes it off its comment's and parent's counts. */
    async deleteReply(row: ReplyBaseRow, tx: Executor): Promise<void> {
      const deleted = await tx
        .delete(commentReplies)
        .where(eq(commentReplies.id, row.id))
        .returning({ id: commentReplies.id });
      if (deleted.length === 0) return;
      await tx
        .update(comments)
        .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
        .where(eq(comments.id, row.commentId));
      if (row.parentId !== null) {
        await tx
          .update(commentReplies)
          .set({ replyCount: sql`greatest(${commentReplies.replyCount} - 1, 0)` })
          .where(eq(commentReplies.id, row.parentId));
      }
    },

    // --- likes -------------------------------------------------------------------------------------

    async commentTargets(
      activityId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<LikeTarget[]> {
      return tx
        .select({
          id: comments.id,
          createdBy: comments.createdBy,
          commentType: comments.commentType,
          approvalCount: comments.approvalCount,
        })
        .from(comments)
        .where(and(eq(comments.activityId, activityId), inArray(comments.id, [...ids])));
    },

    async replyTargets(activityId: number, ids: readonly number[], tx: Executor = db): Promise<LikeTarget[]> {
      return tx
        .select({
          id: commentReplies.id,
          createdBy: commentReplies.createdBy,
          commentType: comments.commentType,
          approvalCount: commentReplies.approvalCount,
        })
        .from(commentReplies)
        .innerJoin(comments, eq(comments.id, commentReplies.commentId))
        .where(and(eq(comments.activityId, activityId), inArray(commentReplies.id, [...ids])));
    },

    /**
     * Likes what the user has not liked yet and counts exactly those: the primary key turns a repeated
     * like into nothing (ON CONFLICT DO NOTHING RETURNING), and only the returned rows get `+ 1`, in one
     * UPDATE whose row lock serialises concurrent likes of the same comment. Ids are sorted so two
     * multi-target calls lock rows in the same order. Returns the changed ids with their new counts.
     */
    async like(
      target: LikeTargetType,
      ids: readonly number[],
      userId: number,
      tx: Executor,
    ): Promise<Map<number, number>> {
      const t = LIKE_TABLES[target];
      const inserted = await tx
        .insert(t.likes)
        .values(sortedIds(ids).map((id) => t.likeRow(id, userId)))
        .onConflictDoNothing()
        .returning({ id: t.likeTargetId });
      return countLikes(
        tx,
        target,
        inserted.map((r) => r.id),
        sql`${t.approvalCount} + 1`,
      );
    },

    /** The reverse of like: only likes that existed are removed and counted off, never below zero. */
    async unlike(
      target: LikeTargetType,
      ids: readonly number[],
      userId: number,
      tx: Executor,
    ): Promise<Map<number, number>> {
      const t = LIKE_TABLES[target];
      const removed = await tx
        .delete(t.likes)
        .where(and(eq(t.likeUserId, userId), inArray(t.likeTargetId, sortedIds(ids))))
        .returning({ id: t.likeTargetId });
      return countLikes(
        tx,
        target,
        removed.map((r) => r.id),
        sql`greatest(${t.approvalCount} - 1, 0)`,
      );
    },

    /** Of these targets, the ones the user has liked. */
    async likedAmong(
      target: LikeTargetType,
      ids: readonly number[],
      userId: number,
      tx: Executor = db,
    ): Promise<number[]> {
      if (ids.length === 0) return [];
      const t = LIKE_TABLES[target];
      const rows = await tx
        .select({ id: t.likeTargetId })
        .from(t.likes)
        .where(and(eq(t.likeUserId, userId), inArray(t.likeTargetId, [...ids])));
      return rows.map((r) => r.id);
    },

    // --- topics ------------------------------------------------------------------------------------

    /** A forum activity's topics by last activity (the topics index order), with the total. */
    async listTopics(
      activityId: number,
      viewerId: number,
      keyword: string | null,
      limit: number,
      offset: number,
      tx: Executor = db,
    ): Promise<{ rows: CommentRow[]; total: number }> {
      const where = and(
        eq(comments.activityId, activityId),
        isNotNull(comments.title),
        keyword
          ? sql`(${comments.title} ilike ${likePattern(keyword)} or ${comments.content} ilike ${likePattern(keyword)})`
          : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        tx
          .select(commentColumns(viewerId))
          .from(comments)
          .innerJoin(users, eq(users.id, comments.createdBy))
          .leftJoin(
            courseMembers,
            and(eq(courseMembers.courseId, comments.courseId), eq(courseMembers.userId, comments.createdBy)),
          )
          .where(where)
          .orderBy(sql`coalesce(${comments.lastRepliedAt}, ${comments.createdAt}) desc`, desc(comments.id))
          .limit(limit)
          .offset(offset),
        tx
          .select({ total: sql<number>`count(*)::int` })
          .from(comments)
          .where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * A course's busiest topics (most replies, then newest: the course topics index order) among the
     * forums the viewer can see, with the forum's title and the count of replies made to each topic itself.
     */
    async hotTopics(
      courseId: number,
      publishedOnly: boolean,
      viewerId: number,
      limit: number,
      tx: Executor = db,
    ) {
      return tx
        .select({
          ...commentColumns(viewerId),
          activityTitle: activities.title,
          directReplies: sql<number>`(select count(*)::int from ${commentReplies} where ${commentReplies.commentId} = ${comments.id} and ${commentReplies.parentId} is null)`,
        })
        .from(comments)
        .innerJoin(activities, and(eq(activities.id, comments.activityId), activityNotDeleted))
        .innerJoin(users, eq(users.id, comments.createdBy))
        .leftJoin(
          courseMembers,
          and(eq(courseMembers.courseId, comments.courseId), eq(courseMembers.userId, comments.createdBy)),
        )
        .where(
          and(
            eq(comments.courseId, courseId),
            isNotNull(comments.title),
            eq(activities.type, 'forum'),
            publishedOnly ? eq(activities.published, true) : undefined,
          ),
        )
        .orderBy(desc(comments.replyCount), desc(comments.id))
        .limit(limit);
    },
  };
}

/** Moves a comment's bucket count by one, creating the bucket on first use. */
async function bumpBucket(
  tx: Executor,
  row: Pick<CommentBaseRow, 'activityId' | 'commentType' | 'referrerType' | 'referrerId'>,
  delta: 1 | -1,
): Promise<void> {
  const key = {
    activityId: row.activityId,
    commentType: row.commentType,
    referrerType: row.referrerType,
    referrerId: row.referrerId ?? 0,
  };
  if (delta === 1) {
    await tx
      .insert(commentCounts)
      .values({ ...key, count: 1 })
      .onConflictDoUpdate({
        target: [
          commentCounts.activityId,
          commentCounts.commentType,
          commentCounts.referrerType,
          commentCounts.referrerId,
        ],
        set: { count: sql`${commentCounts.count} + 1` },
      });
    return;
  }
  await tx
    .update(commentCounts)
    .set({ count: sql`greatest(${commentCounts.count} - 1, 0)` })
    .where(
      and(
        eq(commentCounts.activityId, key.activityId),
        eq(commentCounts.commentType, key.commentType),
        eq(commentCounts.referrerType, key.referrerType),
        eq(commentCounts.referrerId, key.referrerId),
      ),
    );
}

/** `%keyword%` with the keyword's own % and _ taken literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export type DiscussionsRepository = ReturnType<typeof discussionsRepository>;
