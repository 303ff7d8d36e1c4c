import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';

export const ASK_QUESTION_LIMITS = {
  /** Spec 000 section 9. */
  questionMax: 200,
  /** At most this many students in one pick (spec 000 section 9); fewer when the course has fewer. */
  selectNumMax: 10,
  /** A select_group pick draws one group. */
  groupsPerPick: 1,
  /** With avoid_recent, whoever was picked in this course within this many hours is drawn last. */
  recentHours: 24,
} as const;

export const ASK_QUESTION_TYPES = ['select_student', 'select_group'] as const;
export const AskQuestionTypeSchema = z.enum(ASK_QUESTION_TYPES, 'askQuestions.typeRequired');
export type AskQuestionType = z.infer<typeof AskQuestionTypeSchema>;

/** The title is the moment the question was asked, as the original clients write it. */
export const ASK_QUESTION_TITLE_PATTERN = /^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/;

/** Formats a local time as the spec's title, YYYY.MM.DD HH:mm. */
export function askQuestionTitle(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** How many students one pick may draw in a course of this many students: 1 to min(count, 10). */
export function maxSelectNum(studentCount: number): number {
  return Math.min(studentCount, ASK_QUESTION_LIMITS.selectNumMax);
}

/**
 * `POST /api/courses/{id}/ask-question` and `PUT /api/ask-questions/{id}` (spec 000 section 7). The tips
 * depending on the course (the number of students, whether the group set has groups) are the server's.
 */
export const AskQuestionBodySchema = z
  .object({
    module_id: z.number('askQuestions.moduleRequired').int().positive('askQuestions.moduleRequired'),
    syllabus_id: z.number().int().positive().nullable().optional(),
    type: AskQuestionTypeSchema,
    question: plainText()
      .max(ASK_QUESTION_LIMITS.questionMax, 'askQuestions.questionTooLong')
      .nullable()
      .optional(),
    title: z.string().regex(ASK_QUESTION_TITLE_PATTERN, 'askQuestions.titleFormat').optional(),
    select_num: z
      .number()
      .int()
      .min(1, 'askQuestions.selectNumRequired')
      .max(ASK_QUESTION_LIMITS.selectNumMax, 'askQuestions.selectNumTooMany')
      .nullable()
      .optional(),
    group_set_id: z.number().int().positive().nullable().optional(),
    /** Draw those picked in this course lately only when nobody else is left. */
    avoid_recent: z.boolean().optional(),
  })
  .superRefine(
    (body, ctx) => {
      if (body.type === 'select_student' && body.select_num == null) {
        ctx.addIssue({ code: 'custom', path: ['select_num'], message: 'askQuestions.selectNumRequired' });
      }
      if (body.type === 'select_group' && body.group_set_id == null) {
        ctx.addIssue({ code: 'custom', path: ['group_set_id'], message: 'askQuestions.groupSetRequired' });
      }
    },
    // Also when another field is wrong, so every tip shows at once, each under its field.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type AskQuestionBody = z.input<typeof AskQuestionBodySchema>;

/** `POST /api/ask-questions/{id}/picks`: pick again; avoid_recent defaults to the question's setting. */
export const PickBodySchema = z.object({ avoid_recent: z.boolean().optional() }).optional();
export type PickBody = z.input<typeof PickBodySchema>;

export const CourseAskQuestionParamsSchema = z.object({ id: IdSchema });

const PickedStudentSchema = z.object({ id: z.number().int(), name: z.string(), user_no: z.string() });
export type PickedStudent = z.infer<typeof PickedStudentSchema>;

export const PickedGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(PickedStudentSchema),
});

/** One draw: the students (select_student) or the groups with their members (select_group). */
export const AskQuestionPickSchema = z
  .object({
    id: z.number().int(),
    /** 1 for the first draw, then 2, 3… for each "pick again". */
    round: z.number().int(),
    picked_at: IsoDateTimeSchema,
    students: z.array(PickedStudentSchema),
    groups: z.array(PickedGroupSchema),
  })
  .meta({ id: 'AskQuestionPick' });
export type AskQuestionPick = z.infer<typeof AskQuestionPickSchema>;

/** The ask-question as its course's teaching team sees it (spec 000 section 3 "Ask-question activity"). */
export const AskQuestionSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    module_id: z.number().int(),
    syllabus_id: z.number().int().nullable(),
    type: AskQuestionTypeSchema,
    title: z.string(),
    data: z.object({
      question: z.string(),
      select_num: z.number().int().nullable(),
      group_set_id: z.number().int().nullable(),
    }),
    avoid_recent: z.boolean(),
    end_time: NullableIsoDateTimeSchema,
    created_at: IsoDateTimeSchema,
    /** The latest draw; null until the first. */
    current_pick: AskQuestionPickSchema.nullable(),
  })
  .meta({ id: 'AskQuestion' });
export type AskQuestion = z.infer<typeof AskQuestionSchema>;

export const CourseAskQuestionsResponseSchema = z.object({ ask_questions: z.array(AskQuestionSchema) });
export type CourseAskQuestionsResponse = z.infer<typeof CourseAskQuestionsResponseSchema>;

/**
 * `GET /api/courses/{id}/ask-questions/my-picks`: a student's own status only: the open questions whose
 * latest draw named them (directly or through their group). Nobody else's name is in it.
 */
export const MyPicksResponseSchema = z.object({
  picks: z.array(
    z.object({
      ask_question_id: z.number().int(),
      pick_id: z.number().int(),
      title: z.string(),
      question: z.string(),
      picked_at: IsoDateTimeSchema,
      /** The group through which the student was picked (select_group); null when picked by name. */
      group_name: z.string().nullable(),
    }),
  ),
});
export type MyPicksResponse = z.infer<typeof MyPicksResponseSchema>;
