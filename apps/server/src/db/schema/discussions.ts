import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { courses } from './courses.ts';
import { users } from './identity.ts';

/**
 * Comments on an activity: forum comments (topics when they carry a title, on forum activities) and
 * questions of the question panel. approval_count and reply_count are kept on the row, changed in the
 * same transaction as the like or reply, so lists never count on the fly.
 */
export const comments = pgTable(
  'comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** The activity's course, kept here so course-wide reads (hot topics) need no join to find it. */
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    commentType: text({ enum: ['forum', 'question'] })
      .notNull()
      .default('forum'),
    /** Set only on forum topics. */
    title: text(),
    /** Sanitised HTML. */
    content: text().notNull(),
    anonymous: boolean().notNull().default(false),
    /** The role the author posted as (one of theirs at the time), for the badge. */
    courseRole: text().notNull(),
    /** `hh:mm:ss` or a page number. */
    location: text(),
    referrerType: text({ enum: ['none', 'upload_reference'] })
      .notNull()
      .default('none'),
    /** An upload reference of the activity when referrer_type is upload_reference. */
    referrerId: integer(),
    approvalCount: integer().notNull().default(0),
    /** Every reply in the thread. */
    replyCount: integer().notNull().default(0),
    lastRepliedAt: timestamp({ withTimezone: true }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Descending keys are NULLS FIRST, as a plain `order by … desc` is, so those orders (and their exact
  // reverse, `asc`) walk the indexes without a sort.
  (t) => [
    // The two list orders (heat, and id which also serves created_at) walk these in order, so a page
    // reads only its own rows and keyset pages start right at the cursor.
    // referrer_type trails the keys so the usual filter (referrer_type none) is checked in the index,
    // letting an offset page skip its leading rows without visiting the table.
    index('comments_activity_heat_idx').on(
      t.activityId,
      t.commentType,
      t.approvalCount.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.referrerType,
    ),
    index('comments_activity_id_idx').on(
      t.activityId,
      t.commentType,
      t.id.desc().nullsFirst(),
      t.referrerType,
    ),
    // The question panel lists one file's questions, optionally of one page.
    index('comments_referrer_heat_idx')
      .on(t.referrerId, t.commentType, t.approvalCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.referrerId} is not null`),
    index('comments_referrer_id_idx')
      .on(t.referrerId, t.commentType, t.id.desc().nullsFirst())
      .where(sql`${t.referrerId} is not null`),
    // Forum topics by last activity, and a course's busiest topics.
    index('comments_topics_idx')
      .on(t.activityId, sql`coalesce(${t.lastRepliedAt}, ${t.createdAt}) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.title} is not null`),
    index('comments_course_topics_idx')
      .on(t.courseId, t.replyCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.title} is not null`),
  ],
);

/**
 * Per-bucket comment counts, so `total` of a list is one indexed read instead of a count over every
 * comment of a busy activity. Maintained in the transaction that inserts or deletes the comment.
 * referrer_id 0 stands for "no referrer" so the key needs no nullable column.
 */
export const commentCounts = pgTable(
  'comment_counts',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    commentType: text({ enum: ['forum', 'question'] }).notNull(),
    referrerType: text({ enum: ['none', 'upload_reference'] }).notNull(),
    referrerId: integer().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.commentType, t.referrerType, t.referrerId] })],
);

export const commentReplies = pgTable(
  'comment_replies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    /**
     * The reply this one answers; null when it answers the comment. No foreign key: a deleted parent
     * leaves its answers in place, shown as answering a reply that is gone.
     */
    parentId: integer(),
    content: text().notNull(),
    anonymous: boolean().notNull().default(false),
    courseRole: text().notNull(),
    approvalCount: integer().notNull().default(0),
    /** Replies made to this reply. */
    replyCount: integer().notNull().default(0),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A thread reads oldest first, a page (or a first page per comment, LATERAL) at a time.
    index('comment_replies_comment_idx').on(t.commentId, t.id),
    index('comment_replies_parent_idx')
      .on(t.parentId)
      .where(sql`${t.parentId} is not null`),
  ],
);

/** One row per user and liked comment: the primary key makes a like idempotent. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export const commentReplyLikes = pgTable(
  'comment_reply_likes',
  {
    replyId: integer()
      .notNull()
      .references(() => commentReplies.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] })],
);
