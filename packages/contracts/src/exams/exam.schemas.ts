import { z } from 'zod';
import { PageQuerySchema } from '../common/pagination.schemas.ts';
import {
  IdSchema,
  IsoDateTimeSchema,
  NullableIsoDateTimeSchema,
  QueryBooleanSchema,
} from '../common/primitives.schemas.ts';
import { ANNOUNCE_TYPES, EXAM_DISPLAY_MODES, SCORE_RULES } from './exam-settings.ts';
import { DifficultyLevelSchema, SubjectSummarySchema, SubjectTypeSchema } from './subject.schemas.ts';

/**
 * Exam authoring and reads. An exam is an activity of type `exam` (a classroom exam: `classroom_exam`);
 * it is created, edited, published and deleted through the activities API with `ExamDataSchema` as its
 * `data`. These are the exam-specific calls of spec 000 section 7.
 */
export const EXAM_TYPES = ['exam', 'classroom_exam'] as const;
export const ExamTypeSchema = z.enum(EXAM_TYPES);
export type ExamType = z.infer<typeof ExamTypeSchema>;

/** Query values arrive as strings; an empty one (`subject_type=`) means "not given". */
const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `is_makeup_exam=1` selects the make-up paper; absent or 0 the main one. */
export const MakeupQuerySchema = z.object({ is_makeup_exam: QueryBooleanSchema.optional() });
export type MakeupQuery = z.input<typeof MakeupQuerySchema>;

/** `GET /api/exams/{id}/subjects?keyword=&is_makeup_exam=&subject_type=` (subject_type omitted for all). */
export const ExamSubjectsQuerySchema = z.object({
  keyword: z.string().trim().max(200).optional(),
  is_makeup_exam: QueryBooleanSchema.optional(),
  subject_type: z.preprocess(blankAsUndefined, SubjectTypeSchema.optional()),
});
export type ExamSubjectsQuery = z.input<typeof ExamSubjectsQuerySchema>;

/** `GET /api/subjects/{id}?can_select_sub_subject=&exam_id=`. */
export const SubjectQuerySchema = z.object({
  /** Allows asking for a sub-question by its own id (otherwise only top-level questions are found). */
  can_select_sub_subject: QueryBooleanSchema.optional(),
  /** When given, the question must belong to this exam / classroom exam. */
  exam_id: IdSchema.optional(),
});
export type SubjectQuery = z.input<typeof SubjectQuerySchema>;

/** `PUT /api/exams/{id}/subjects/sort` (and the classroom exam / library equivalents): ids in their new order. */
export const SortSubjectsRequestSchema = z.object({
  subject_ids: z.array(IdSchema).min(1, 'exams.sortMismatch').max(2000, 'exams.sortMismatch'),
});
export type SortSubjectsRequest = z.input<typeof SortSubjectsRequestSchema>;

/**
 * `GET /api/exams/{id}/points`, `GET /api/classrooms/{id}/points`: points already used by the paper's
 * questions, and the exam's total they must fit in (100 unless the exam's settings say otherwise).
 */
export const PointsResponseSchema = z.object({ points: z.number(), total_points: z.number() });
export type PointsResponse = z.infer<typeof PointsResponseSchema>;

const examSettingFields = {
  description: z.string().nullable(),
  total_points: z.number(),
  submit_times: z.number().int(),
  score_rule: z.enum(SCORE_RULES),
  announce_answer_type: z.enum(ANNOUNCE_TYPES),
  announce_answer_time: NullableIsoDateTimeSchema,
  announce_score_type: z.enum(ANNOUNCE_TYPES),
  announce_score_time: NullableIsoDateTimeSchema,
  random_subject_order: z.boolean(),
  random_option_order: z.boolean(),
  display_mode: z.enum(EXAM_DISPLAY_MODES),
  group_set_id: z.number().int().nullable(),
  has_make_up_user: z.boolean(),
};

/**
 * Spec 001 section 3, "Exam/group item", in snake_case, with the placement, times and counts an exam list
 * shows. `GET /api/courses/{id}/exams` (students get published exams only).
 */
export const ExamListItemSchema = z
  .object({
    id: z.number().int(),
    type: ExamTypeSchema,
    title: z.string(),
    module_id: z.number().int(),
    syllabus_id: z.number().int().nullable(),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    published: z.boolean(),
    group_set_id: z.number().int().nullable(),
    /** Default submitted. */
    completion_criterion_key: z.string(),
    /** Default 0. */
    completion_criterion_value: z.number(),
    /** Default false. */
    has_make_up_user: z.boolean(),
    total_points: z.number(),
    submit_times: z.number().int(),
    /** Top-level questions of the main paper. */
    subjects_count: z.number().int(),
  })
  .meta({ id: 'ExamListItem' });
export type ExamListItem = z.infer<typeof ExamListItemSchema>;

export const CourseExamsQuerySchema = z.object({
  /** exam (default) or classroom_exam. */
  type: z.preprocess(blankAsUndefined, ExamTypeSchema.optional()),
});
export const CourseExamsResponseSchema = z.object({ exams: z.array(ExamListItemSchema) });
export type CourseExamsResponse = z.infer<typeof CourseExamsResponseSchema>;

/**
 * `GET /api/exams/{id}` (and `GET /api/classroom-exams/{id}`): the activity's own fields with every exam
 * setting flattened onto it, defaults filled in, and what the papers hold.
 */
export const ExamSchema = z
  .object({
    id: z.number().int(),
    type: ExamTypeSchema,
    course_id: z.number().int(),
    module_id: z.number().int(),
    module_name: z.string(),
    syllabus_id: z.number().int().nullable(),
    syllabus_summary: z.string().nullable(),
    title: z.string(),
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    published: z.boolean(),
    is_started: z.boolean(),
    is_closed: z.boolean(),
    sort: z.number().int(),
    completion_criterion_key: z.string(),
    completion_criterion_value: z.number(),
    created_by: z.object({ id: z.number().int(), name: z.string() }),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    ...examSettingFields,
    /** Points the main paper's questions already use (`GET /api/exams/{id}/points`). */
    used_points: z.number(),
    makeup_used_points: z.number(),
    subjects_count: z.number().int(),
    makeup_subjects_count: z.number().int(),
    /**
     * Students have started the paper: its questions can no longer be added, changed or deleted (a
     * classroom exam is never locked as a whole; each answered question is).
     */
    subjects_locked: z.boolean(),
    makeup_subjects_locked: z.boolean(),
    /** The viewer may author it right now (never while simulating). */
    can_edit: z.boolean(),
  })
  .meta({ id: 'Exam' });
export type Exam = z.infer<typeof ExamSchema>;

export const MakeupUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_no: z.string(),
});
/** `GET /api/exams/{id}/makeup-users`: the course students who take the make-up paper. */
export const MakeupUsersResponseSchema = z.object({
  user_ids: z.array(z.number().int()),
  users: z.array(MakeupUserSchema),
});
export type MakeupUsersResponse = z.infer<typeof MakeupUsersResponseSchema>;
/** `PUT /api/exams/{id}/makeup-users`: replaces the list; every id must be a student of the course. */
export const UpdateMakeupUsersRequestSchema = z.object({
  user_ids: z.array(IdSchema).max(5000),
});
export type UpdateMakeupUsersRequest = z.input<typeof UpdateMakeupUsersRequestSchema>;

/**
 * `GET /api/course/{id}/subjects`: the questions of a course's exams and classroom exams (both papers),
 * for pulling questions from exams into a library.
 */
export const CourseSubjectsQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(200).optional(),
  subject_type: z.preprocess(blankAsUndefined, SubjectTypeSchema.optional()),
  difficulty_level: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    DifficultyLevelSchema.optional(),
  ),
});
export type CourseSubjectsQuery = z.input<typeof CourseSubjectsQuerySchema>;
export const CourseSubjectsResponseSchema = z.object({
  items: z.array(SubjectSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CourseSubjectsResponse = z.infer<typeof CourseSubjectsResponseSchema>;
