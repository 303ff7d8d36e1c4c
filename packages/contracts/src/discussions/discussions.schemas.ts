import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { ConditionsSchema } from '../common/pagination.schemas.ts';
import { IdSchema, IsoDateTimeSchema, QueryBooleanSchema } from '../common/primitives.schemas.ts';
import { CourseRoleSchema } from '../courses/course-roles.schemas.ts';
import { typedLength } from './discussion-rules.ts';

/** Limits of spec 001 section 9 and the issue's rules. */
export const DISCUSSION_LIMITS = {
  /** Comments page size options; any other value is refused. */
  pageSizes: [10, 20, 30, 50],
  defaultPageSize: 10,
  /** Replies come 10 a page (also the number of first replies embedded per comment). */
  replyPageSize: 10,
  /** Questions (comment_type question) are at most 500 characters as typed. */
  questionContentMax: 500,
  /** A forum comment, topic or reply body (HTML) — generous, only to bound abuse. */
  contentMax: 20_000,
  titleMax: 255,
  /** comment_ids per replies-for-many request; operate target_ids per request. */
  batchMax: 100,
  hotTopics: 10,
} as const;

export const COMMENT_TYPES = ['forum', 'question'] as const;
export const CommentTypeSchema = z.enum(COMMENT_TYPES);
export type CommentType = z.infer<typeof CommentTypeSchema>;

/** What a comment refers to: nothing, or one of the activity's uploaded files (question panel). */
export const REFERRER_TYPES = ['none', 'upload_reference'] as const;
export const ReferrerTypeSchema = z.enum(REFERRER_TYPES);
export type ReferrerType = z.infer<typeof ReferrerTypeSchema>;

/** Comments hang off activities; the only parent type the original clients send. */
export const COMMENT_PARENT_TYPES = ['learning_activity'] as const;

export const COMMENT_ORDER_KEYS = ['id', 'approval_count', 'created_at'] as const;
export const COMMENT_ORDERS = ['desc', 'asc'] as const;

/** Cursor shapes the server hands out: `<id>` for id order, `<approval_count>_<id>` for heat order. */
export const COMMENT_CURSOR_PATTERN = /^\d{1,10}(_\d{1,10})?$/;

export const OPERATE_TYPES = ['like', 'unlike', 'check'] as const;
export const OPERATE_TARGET_TYPES = ['comment', 'comment_reply'] as const;

/** The author as the caller may see them; `null` on the wire when anonymity hides them. */
export const CommentAuthorSchema = z
  .object({
    id: z.number().int(),
    aliases: z.string().nullable(),
    name: z.string(),
    user_no: z.string(),
    avatar_big_url: z.string().nullable(),
    /** The author's current roles in the course (badges); customer shows the alias. */
    course_roles: z.array(CourseRoleSchema),
  })
  .meta({ id: 'CommentAuthor' });
export type CommentAuthor = z.infer<typeof CommentAuthorSchema>;

/** What the caller may do with a comment or reply right now (never while simulating). */
const permissionFields = {
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_like: z.boolean(),
};

export const ReplyParentSchema = z.object({
  id: z.number().int(),
  created_by: CommentAuthorSchema.nullable(),
  anonymous: z.boolean(),
});

export const ReplySchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    comment_id: z.number().int(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    created_by: CommentAuthorSchema.nullable(),
    course_role: CourseRoleSchema,
    approval_count: z.number().int(),
    /** Replies made to this reply. */
    reply_count: z.number().int(),
    anonymous: z.boolean(),
    /** The reply this one answers, or null when it answers the comment itself. */
    parent: ReplyParentSchema.nullable(),
    /** 0 when replying directly to the comment. */
    parent_id: z.number().int(),
    current_user_liked: z.boolean(),
    ...permissionFields,
  })
  .meta({ id: 'CommentReply' });
export type Reply = z.infer<typeof ReplySchema>;

export const CommentSchema = z
  .object({
    id: z.number().int(),
    activity_id: z.number().int(),
    content: z.string(),
    comment_type: CommentTypeSchema,
    /** The author's role when posting (the client's course_role if it is one of theirs, else their first). */
    course_role: CourseRoleSchema,
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    created_by: CommentAuthorSchema.nullable(),
    /**
     * The author again, under the name the original clients read (null likewise when anonymity hides
     * them). Always sent; optional for comments built by clients themselves.
     */
    user: CommentAuthorSchema.nullable().optional(),
    /** `hh:mm:ss` (video time) or a page/slide/sheet number as a string; null when not tied to a place. */
    location: z.string().nullable(),
    referrer_type: ReferrerTypeSchema,
    referrer_id: z.number().int().nullable(),
    approval_count: z.number().int(),
    /** All replies in the comment's thread. */
    reply_count: z.number().int(),
    anonymous: z.boolean(),
    current_user_liked: z.boolean(),
    /** A forum topic's title; null for plain comments and questions. */
    title: z.string().nullable(),
    /** When the thread last got a reply (null without replies). */
    last_replied_at: IsoDateTimeSchema.nullable(),
    /** The first replies (oldest first, one reply page) when the list was asked with include_replies. */
    comment_replies: z.array(ReplySchema),
    ...permissionFields,
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof CommentSchema>;

export const ActivityIdParamsSchema = z.object({ id: IdSchema });

const commentPageSize = z.coerce
  .number('discussions.pageSizeInvalid')
  .int('discussions.pageSizeInvalid')
  .refine(
    (n) => (DISCUSSION_LIMITS.pageSizes as readonly number[]).includes(n),
    'discussions.pageSizeInvalid',
  )
  .default(DISCUSSION_LIMITS.defaultPageSize);

const page = z.coerce.number().int().min(1).default(1);

/**
 * A comment type in a filter. The original clients name the forum's comments `comment` as well as
 * `forum`; both mean the same list.
 */
const FilterTypeSchema = z
  .enum([...COMMENT_TYPES, 'comment'])
  .transform((value): CommentType => (value === 'comment' ? 'forum' : value));

/**
 * Filters, sent flat and/or inside the `conditions` JSON string (the original clients do the latter);
 * flat ones win. `type` is the original name of `comment_type`.
 */
const conditionFilters = z
  .object({
    type: FilterTypeSchema.nullish(),
    comment_type: FilterTypeSchema.nullish(),
    referrer_type: ReferrerTypeSchema.nullish(),
    referrer_id: z.coerce.number().int().positive().nullish(),
    /** Clients send a page number as a number inside the JSON. */
    location: z
      .union([z.string().trim().max(16), z.number().int().positive()])
      .nullish()
      .transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v))),
  })
  .loose();

const filterFields = {
  conditions: ConditionsSchema.pipe(conditionFilters),
  type: FilterTypeSchema.optional(),
  comment_type: FilterTypeSchema.optional(),
  referrer_type: ReferrerTypeSchema.optional(),
  referrer_id: IdSchema.optional(),
  location: z.string().trim().max(16).optional(),
};

export const CommentFiltersQuerySchema = z.object(filterFields);

/** `GET /api/activities/{id}/comments`. */
export const CommentsQuerySchema = z.object({
  ...filterFields,
  page,
  page_size: commentPageSize,
  /** created_at orders like id: ids are handed out in creation order. */
  order_key: z.enum(COMMENT_ORDER_KEYS).default('id'),
  order: z.enum(COMMENT_ORDERS).default('desc'),
  /**
   * Keyset paging: the previous answer's `next_cursor`; the answer continues right after the last
   * comment shown, in the requested order (then `page` is ignored). Deep pages stay as fast as the first.
   */
  cursor: z.string().regex(COMMENT_CURSOR_PATTERN, 'discussions.cursorInvalid').optional(),
  /** Embed each comment's first replies as comment_replies. */
  include_replies: QueryBooleanSchema.optional(),
});
export type CommentsQuery = z.input<typeof CommentsQuerySchema>;

export const CommentsResponseSchema = z.object({
  comments: z.array(CommentSchema),
  total: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Pass as `cursor` for the next page (opaque); null when this page is the last. */
  next_cursor: z.string().nullable(),
});
export type CommentsResponse = z.infer<typeof CommentsResponseSchema>;

/** `GET /api/activities/{id}/comment/count`. */
export const CommentCountResponseSchema = z.object({ count: z.number().int() });
/** `GET /api/activities/{id}/comment/page-count` (filters + page_size). */
export const CommentPageCountQuerySchema = z.object({ ...filterFields, page_size: commentPageSize });
export const CommentPageCountResponseSchema = z.object({ page_count: z.number().int() });

const content = z
  .string('discussions.contentRequired')
  .trim()
  .min(1, 'discussions.contentRequired')
  .max(DISCUSSION_LIMITS.contentMax, 'discussions.contentTooLong');

/** Questions are limited to 500 characters as typed: markup and entity escapes do not count. */
function checkQuestionLength(
  value: { content: string; comment_type?: CommentType | undefined },
  ctx: z.RefinementCtx,
): void {
  if (
    value.comment_type === 'question' &&
    typedLength(value.content) > DISCUSSION_LIMITS.questionContentMax
  ) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'string',
      maximum: DISCUSSION_LIMITS.questionContentMax,
      inclusive: true,
      path: ['content'],
      message: 'discussions.questionTooLong',
      input: value.content,
    });
  }
}

/**
 * `POST /api/activities/{id}/comments` — a comment, a question (comment_type question, usually with
 * referrer_type upload_reference and a page location) or, on forum activities, a topic (with a title).
 * `location` is `hh:mm:ss` (question-time.ts) or, for upload_reference questions, a page number.
 */
export const CreateCommentRequestSchema = z
  .object({
    content,
    anonymous: z.boolean().default(false),
    comment_type: CommentTypeSchema.default('forum'),
    parent_type: z.enum(COMMENT_PARENT_TYPES).default('learning_activity'),
    referrer_type: ReferrerTypeSchema.default('none'),
    referrer_id: z.coerce.number().int().min(0).nullable().optional(),
    course_role: CourseRoleSchema.optional(),
    location: z.string().trim().max(16).nullable().optional(),
    title: plainText().max(DISCUSSION_LIMITS.titleMax, 'discussions.titleTooLong').nullable().optional(),
  })
  .superRefine(checkQuestionLength);
export type CreateCommentRequest = z.input<typeof CreateCommentRequestSchema>;

/** `PUT /api/comments/{id}` — the client sends only what changed; a question stays ≤ 500 characters. */
export const UpdateCommentRequestSchema = z
  .object({
    content,
    comment_type: CommentTypeSchema.optional(),
    title: plainText().max(DISCUSSION_LIMITS.titleMax, 'discussions.titleTooLong').nullable().optional(),
  })
  .superRefine(checkQuestionLength);
export type UpdateCommentRequest = z.input<typeof UpdateCommentRequestSchema>;

/** `GET /api/comments/{id}/replies` — oldest first. */
export const RepliesQuerySchema = z.object({ page, page_size: commentPageSize });
export const RepliesResponseSchema = z.object({
  replies: z.array(ReplySchema),
  total: z.number().int(),
  pages: z.number().int(),
});
export type RepliesResponse = z.infer<typeof RepliesResponseSchema>;

const CommentIdListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((part) => part.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== '')
      .map(Number),
  )
  .pipe(z.array(z.number().int().positive()).max(DISCUSSION_LIMITS.batchMax));

/**
 * `GET /api/comment-replies?comment_ids=1,2` (also repeated `comment_ids=` or `comment_ids[]=`); at least
 * one id in all. commentIdsOf() gives the asked ids.
 */
export const RepliesForCommentsQuerySchema = z
  .object({
    comment_ids: CommentIdListSchema.optional(),
    'comment_ids[]': CommentIdListSchema.optional(),
  })
  .refine((q) => (q.comment_ids?.length ?? 0) + (q['comment_ids[]']?.length ?? 0) > 0, {
    path: ['comment_ids'],
    message: 'discussions.commentIdsRequired',
  });

export function commentIdsOf(query: z.output<typeof RepliesForCommentsQuerySchema>): number[] {
  return [...new Set([...(query.comment_ids ?? []), ...(query['comment_ids[]'] ?? [])])];
}

/** The first reply page of each asked comment, keyed by comment id (every asked, readable id present). */
export const RepliesForCommentsResponseSchema = z.object({
  replies: z.record(z.string(), z.array(ReplySchema)),
});

/** `POST /api/comments/{id}/replies`. parent_id 0 (or absent) answers the comment, else one of its replies. */
export const CreateReplyRequestSchema = z.object({
  content,
  anonymous: z.boolean().default(false),
  parent_id: z.coerce.number().int().min(0).default(0),
  course_role: CourseRoleSchema.optional(),
});
export type CreateReplyRequest = z.input<typeof CreateReplyRequestSchema>;

/** `PUT /api/comment-replies/{id}`. */
export const UpdateReplyRequestSchema = z.object({ content });
export type UpdateReplyRequest = z.input<typeof UpdateReplyRequestSchema>;

/** `POST /api/activities/{id}/comments/operate` — likes. */
export const OperateRequestSchema = z.object({
  target_ids: z.array(z.coerce.number().int().positive()).min(1).max(DISCUSSION_LIMITS.batchMax),
  target_type: z.enum(OPERATE_TARGET_TYPES),
  operate_type: z.enum(OPERATE_TYPES),
});
export type OperateRequest = z.input<typeof OperateRequestSchema>;
export const OperateResponseSchema = z.object({
  /** check: the ids the caller has liked; like/unlike: the ids whose like state changed. */
  target_ids: z.array(z.number().int()),
  /** The current approval count of every asked target of this activity, keyed by id. */
  approval_counts: z.record(z.string(), z.number().int()),
});
export type OperateResponse = z.infer<typeof OperateResponseSchema>;

/** `GET /api/activities/{id}/topics` — forum topics (forum comments with a title), newest activity first. */
export const TopicsQuerySchema = z.object({
  page,
  page_size: commentPageSize,
  keyword: z.string().trim().max(100).optional(),
});
export const TopicSchema = z
  .object({
    id: z.number().int(),
    activity_id: z.number().int(),
    title: z.string(),
    content: z.string(),
    course_role: CourseRoleSchema,
    created_by: CommentAuthorSchema.nullable(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    reply_count: z.number().int(),
    approval_count: z.number().int(),
    anonymous: z.boolean(),
    /** Last activity is `last_replied_at ?? created_at`. */
    last_replied_at: IsoDateTimeSchema.nullable(),
    current_user_liked: z.boolean(),
    ...permissionFields,
  })
  .meta({ id: 'Topic' });
export type Topic = z.infer<typeof TopicSchema>;
export const TopicsResponseSchema = z.object({
  topics: z.array(TopicSchema),
  total: z.number().int(),
  pages: z.number().int(),
});
export type TopicsResponse = z.infer<typeof TopicsResponseSchema>;

/** `GET /api/topics/{id}` — the topic with its first reply page. */
export const TopicDetailResponseSchema = z.object({
  topic: TopicSchema,
  replies: z.array(ReplySchema),
  replies_total: z.number().int(),
});
export type TopicDetailResponse = z.infer<typeof TopicDetailResponseSchema>;

/** `GET /api/studio/{id}/hot-topics` (id = course id): the course's busiest forum topics. */
export const HotTopicSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Every reply in the topic's thread. */
    comments: z.number().int(),
    content: z.string(),
    created_at: IsoDateTimeSchema,
    created_by: CommentAuthorSchema.nullable(),
    /** The forum activity the topic was posted to. */
    receiver: z.object({ id: z.number().int(), title: z.string() }),
    /** Replies made directly to the topic (parent_id 0). */
    reply_count: z.number().int(),
  })
  .meta({ id: 'HotTopic' });
export type HotTopic = z.infer<typeof HotTopicSchema>;
export const HotTopicsResponseSchema = z.object({ hot_topics: z.array(HotTopicSchema) });

export const DiscussionMessageResponseSchema = z.object({ message: z.string() });
