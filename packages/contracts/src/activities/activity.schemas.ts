import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { UploadReferenceSchema } from '../uploads/upload.schemas.ts';
import { ACTIVITY_STATUSES } from './activity-status.ts';
import { COMPLETION_CRITERION_TYPES } from './completion-criteria.ts';
import { READ_COMPLETENESS_VALUES } from './watched-ranges.ts';

export const ACTIVITY_LIMITS = { titleMax: 255 } as const;

export const CompletionCriterionTypeSchema = z.enum(COMPLETION_CRITERION_TYPES);

/** Activity as the server sends it: the raw snake_case fields of spec 001 section 3 plus derived ones. */
export const ActivitySchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    module_id: z.number().int(),
    syllabus_id: z.number().int().nullable(),
    module_name: z.string(),
    syllabus_summary: z.string().nullable(),
    type: z.string(),
    title: z.string(),
    data: z.record(z.string(), z.unknown()),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    /**
     * The end time under the name the original clients read. The server always sends it (and
     * description); optional so activities built by clients themselves need not repeat it.
     */
    deadline: NullableIsoDateTimeSchema.optional(),
    /** `data.description` at the top level, as the original clients read it (null when there is none). */
    description: z.string().nullable().optional(),
    last_sub_meeting_end_time: NullableIsoDateTimeSchema,
    published: z.boolean(),
    is_started: z.boolean(),
    is_closed: z.boolean(),
    status: z.enum(ACTIVITY_STATUSES),
    /** The criterion key, kept under its historical name for older clients. */
    completion_criterion: z.string(),
    completion_criterion_key: z.string(),
    completion_criterion_value: z.number().nullable(),
    sort: z.number().int(),
    created_by: z.object({ id: z.number().int(), name: z.string() }),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    uploads: z.array(UploadReferenceSchema),
    /** The viewer may edit or delete it right now (never while simulating). */
    can_edit: z.boolean(),
    /** The viewer has read or joined it. */
    read: z.boolean(),
    /**
     * Learners only: whether the viewer has met the completion criterion (view: read it; submitted /
     * score: their homework or exam work). Absent for the teaching team and for criteria judged elsewhere.
     */
    completed: z.boolean().optional(),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof ActivitySchema>;

export const ActivitiesResponseSchema = z.object({ activities: z.array(ActivitySchema) });
export type ActivitiesResponse = z.infer<typeof ActivitiesResponseSchema>;

export const ActivitiesQuerySchema = z.object({
  module_id: IdSchema.optional(),
  syllabus_id: IdSchema.optional(),
  type: z.string().max(64).optional(),
});

export const CourseActivitiesParamsSchema = z.object({ courseId: IdSchema });

/**
 * The completion criterion as spec 001's activity forms send it (`completion_criterion`): a criterion
 * type, or the criteria input's selected value {id, value, activity_completion_criterion_type_id}.
 * completion_criterion_key / completion_criterion_value, when sent, take precedence over it.
 */
export const SelectedCompletionCriterionSchema = z.union([
  z.string().max(32),
  z.object({
    id: z.number().int().optional(),
    activity_completion_criterion_type_id: z.number().int().optional(),
    completion_criterion_type: z.string().max(32).optional(),
    value: z.number().nullable().optional(),
  }),
]);
export type SelectedCompletionCriterion = z.infer<typeof SelectedCompletionCriterionSchema>;

const activityFields = {
  module_id: z.coerce
    .number('activities.moduleRequired')
    .int('activities.moduleRequired')
    .positive('activities.moduleRequired'),
  syllabus_id: IdSchema.nullable().optional(),
  title: plainText('activities.titleRequired')
    .min(1, 'activities.titleRequired')
    .max(ACTIVITY_LIMITS.titleMax, 'activities.titleTooLong'),
  data: z.record(z.string(), z.unknown()).optional(),
  start_time: IsoDateTimeSchema.nullable().optional(),
  end_time: IsoDateTimeSchema.nullable().optional(),
  published: z.boolean().optional(),
  completion_criterion_key: z.string().max(32).nullable().optional(),
  completion_criterion_value: z.number().nullable().optional(),
  completion_criterion: SelectedCompletionCriterionSchema.nullable().optional(),
  /** Ids of uploads to attach, in order; replaces the attachments on update. */
  uploads: z.array(IdSchema).max(100).optional(),
  sort: z.number().int().min(0).optional(),
};

/** `POST /api/courses/{courseId}/activities`. `data` is checked against the type's registered schema. */
export const CreateActivityRequestSchema = z.object({
  type: z.string('activities.typeRequired').min(1, 'activities.typeRequired').max(64),
  ...activityFields,
});
export type CreateActivityRequest = z.input<typeof CreateActivityRequestSchema>;

/**
 * `PUT /api/activities/{id}`: only the fields sent change, and the result is validated as a whole. `data`
 * replaces the type payload entirely; `uploads` replaces the attachments; the type itself never changes.
 */
export const UpdateActivityRequestSchema = z.object(activityFields).partial();
export type UpdateActivityRequest = z.input<typeof UpdateActivityRequestSchema>;

/** A localised confirmation the UI shows as it is (e.g. after a delete). */
export const MessageResponseSchema = z.object({ message: z.string() });

export const HaveDependentsQuerySchema = z.object({
  /** `1,2,3` or repeated `activity_ids=`; each must be a positive integer id. */
  activity_ids: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((id) => Number(id.trim())))
    .pipe(z.array(z.number().int().positive()).min(1).max(500)),
  activity_type: z.string().max(64).optional(),
});
export const HaveDependentsResponseSchema = z.object({
  has_dependents: z.boolean(),
  /** The ids that have learner records (reads, submissions) attached. */
  activity_ids: z.array(z.number().int()),
  /** How long a deleted activity stays restorable from the course's recycle bin (decision 0015). */
  recycle_bin_retention_days: z.number(),
});

export const ActivityReadParamsSchema = z.object({ activityId: IdSchema });

const watchSeconds = z
  .number('activities.watchTimeInvalid')
  .finite('activities.watchTimeInvalid')
  .min(0, 'activities.watchTimeInvalid');

/**
 * Body of `POST /api/course/activities-read/{id}`: none (or `{}`) for a plain read; players of online videos send
 * the range just watched, in seconds, and the video's length. Times past the video's known length are
 * refused by the server.
 */
export const ActivityReadRequestSchema = z
  .object({
    start: watchSeconds.optional(),
    end: watchSeconds.optional(),
    duration: watchSeconds.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.start === undefined && body.end === undefined) return;
    if (body.start === undefined || body.end === undefined) {
      const path = body.start === undefined ? 'start' : 'end';
      ctx.addIssue({ code: 'custom', path: [path], message: 'activities.watchTimeInvalid' });
    } else if (body.end <= body.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'activities.watchRangeEmpty' });
    }
  })
  .nullish();
export type ActivityReadRequest = z.input<typeof ActivityReadRequestSchema>;

export const ActivityReadResponseSchema = z.object({
  activity_id: z.number().int(),
  read_count: z.number().int(),
  /** False when nothing was recorded, e.g. while an instructor views as a student. */
  recorded: z.boolean(),
  /** `full` once the caller meets the activity's completion criterion by reading or watching it. */
  completeness: z.enum(READ_COMPLETENESS_VALUES),
  data: z.object({
    /** Percent of an online video watched (the union of the ranges over its length); 100 or 0 otherwise. */
    completeness: z.number(),
    /** The watched parts of an online video, merged and sorted. */
    ranges: z.array(z.tuple([z.number(), z.number()])),
    /** Where the watched part starting at 0 ends, so a player can resume; 0 when nothing is watched. */
    end: z.number(),
  }),
});
export type ActivityReadResponse = z.infer<typeof ActivityReadResponseSchema>;

/** `GET /api/course/{courseId}/learning-activity/{activityId}`: an activity with its video length. */
export const LearningActivityParamsSchema = z.object({ courseId: IdSchema, activityId: IdSchema });
export const LearningActivitySchema = ActivitySchema.extend({
  /** Seconds, for online videos whose length is known; null otherwise. */
  duration: z.number().nullable(),
}).meta({ id: 'LearningActivity' });

/** Activity types that are course material (what `GET /api/course/{id}/coursewares` lists). */
export const COURSEWARE_TYPES: readonly string[] = [
  'material',
  'online_video',
  'page',
  'web_link',
  'h5_courseware',
];

/**
 * A recording of a live session (`GET /api/courses/{id}/live-record`): a live or meeting activity that
 * has ended and left replay addresses (spec 001: data.replay_address, playback).
 */
export const LiveRecordSchema = z
  .object({
    id: z.number().int(),
    activity_id: z.number().int(),
    title: z.string(),
    type: z.string(),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    replay_address: z.array(z.string()),
  })
  .meta({ id: 'LiveRecord' });
export type LiveRecord = z.infer<typeof LiveRecordSchema>;
export const LiveRecordsResponseSchema = z.object({ live_records: z.array(LiveRecordSchema) });

export const CompletionCriteriaQuerySchema = z.object({
  activity_type: z.string().min(1).max(64),
  course_id: IdSchema.optional(),
});
export const CompletionCriterionSchema = z
  .object({
    id: z.number().int(),
    completion_criterion_type: z.string(),
    description: z.string(),
    value: z.number().nullable(),
    is_default: z.boolean(),
  })
  .meta({ id: 'CompletionCriterion' });
export const CompletionCriteriaResponseSchema = z.object({
  completion_criteria: z.array(CompletionCriterionSchema),
});
