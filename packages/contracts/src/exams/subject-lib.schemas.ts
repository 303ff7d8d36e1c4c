import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema, QueryBooleanSchema } from '../common/primitives.schemas.ts';
import { SUBJECT_LIMITS, SubjectSchema, SubjectTypeSchema } from './subject.schemas.ts';

/**
 * Question libraries (spec 000 section 7, "Libraries"). A library with no course is its owner's personal
 * one; a course library belongs to the course's teaching team. Folders hold libraries (and folders), never
 * questions. Questionnaire libraries are listed apart.
 */
export const SUBJECT_LIB_TYPES = ['exam', 'folder', 'questionnaire'] as const;
export const SubjectLibTypeSchema = z.enum(SUBJECT_LIB_TYPES, 'exams.libTypeUnsupported');
export type SubjectLibType = z.infer<typeof SubjectLibTypeSchema>;
/** Spec 000 section 5: a course library's lib_type must be exam or folder; anything else creates nothing. */
export const COURSE_SUBJECT_LIB_TYPES = ['exam', 'folder'] as const satisfies readonly SubjectLibType[];

export const SUBJECT_LIB_LIMITS = { titleMax: 255 } as const;

/** Query values arrive as strings; an empty one (`subject_type=`) means "not given". */
const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const LibTitleSchema = plainText('exams.libTitleRequired')
  .min(1, 'exams.libTitleRequired')
  .max(SUBJECT_LIB_LIMITS.titleMax, 'exams.libTitleTooLong');

const subjectLibFields = {
  id: z.number().int(),
  title: z.string(),
  lib_type: SubjectLibTypeSchema,
  /** null for a personal library. */
  course_id: z.number().int().nullable(),
  /** The folder it is in, or null at the top. */
  parent_id: z.number().int().nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** Top-level questions in it (0 for folders). */
  subjects_count: z.number().int(),
  sort: z.number().int(),
  created_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
};

export const SubjectLibSchema = z.object(subjectLibFields).meta({ id: 'SubjectLib' });
export type SubjectLib = z.infer<typeof SubjectLibSchema>;

/**
 * A library or folder in a listing. With `with_folder=1` folders carry what they hold in `children`
 * (nested folders likewise); libraries and flat listings have an empty `children`.
 */
export type SubjectLibNode = SubjectLib & { children: SubjectLibNode[] };
// Annotated: a recursive schema cannot infer its own type.
export const SubjectLibNodeSchema: z.ZodType<SubjectLibNode> = z
  .object({
    ...subjectLibFields,
    get children() {
      return z.array(SubjectLibNodeSchema);
    },
  })
  .meta({ id: 'SubjectLibNode' });

/** `GET /api/subject-libs`, `GET /api/course/{id}/subject-libs`. */
export const SubjectLibsResponseSchema = z.object({ subject_libs: z.array(SubjectLibNodeSchema) });
export type SubjectLibsResponse = z.infer<typeof SubjectLibsResponseSchema>;

/**
 * `GET /api/subject-libs?with_folder=0|1&lib_type=`: without with_folder, every exam library in one flat
 * list (for pickers); with it, the top level of the tree (folders with their contents, loose libraries).
 * lib_type=questionnaire lists questionnaire libraries; lib_type=folder only the folders, flat.
 */
export const SubjectLibsQuerySchema = z.object({
  with_folder: QueryBooleanSchema.optional(),
  lib_type: z.preprocess(blankAsUndefined, SubjectLibTypeSchema.optional()),
});
export type SubjectLibsQuery = z.input<typeof SubjectLibsQuerySchema>;

export const CourseSubjectLibsQuerySchema = z.object({ with_folder: QueryBooleanSchema.optional() });
export type CourseSubjectLibsQuery = z.input<typeof CourseSubjectLibsQuerySchema>;

/** `POST /api/subject-libs?lib_type=exam|folder|questionnaire` (default exam): a personal library. */
export const CreateSubjectLibQuerySchema = z.object({
  lib_type: z.preprocess(blankAsUndefined, SubjectLibTypeSchema.default('exam')),
});
/** `POST /api/course/{id}/subject-libs?lib_type=exam|folder` (default exam). */
export const CreateCourseSubjectLibQuerySchema = z.object({
  lib_type: z.preprocess(
    blankAsUndefined,
    z.enum(COURSE_SUBJECT_LIB_TYPES, 'exams.libTypeInvalid').default('exam'),
  ),
});

export const CreateSubjectLibRequestSchema = z.object({
  title: LibTitleSchema,
  /** A folder of the same owner (or the same course) to create it in. */
  parent_id: IdSchema.nullable().optional(),
});
export type CreateSubjectLibRequest = z.input<typeof CreateSubjectLibRequestSchema>;

/** `PUT /api/subject-libs/{id}`: rename, and/or move into a folder (parent_id null: to the top). */
export const UpdateSubjectLibRequestSchema = z.object({
  title: LibTitleSchema.optional(),
  parent_id: IdSchema.nullable().optional(),
});
export type UpdateSubjectLibRequest = z.input<typeof UpdateSubjectLibRequestSchema>;

/** `GET /api/subject-libs/{id}?keyword=&subject_type=` (subject_type omitted for all). */
export const SubjectLibQuerySchema = z.object({
  keyword: z.string().trim().max(200).optional(),
  subject_type: z.preprocess(blankAsUndefined, SubjectTypeSchema.optional()),
});
export type SubjectLibQuery = z.input<typeof SubjectLibQuerySchema>;

/** The library with its questions (filtered by the query). */
export const SubjectLibDetailSchema = z
  .object({ ...subjectLibFields, subjects: z.array(SubjectSchema) })
  .meta({ id: 'SubjectLibDetail' });
export type SubjectLibDetail = z.infer<typeof SubjectLibDetailSchema>;

const SubjectIdsSchema = z
  .array(IdSchema)
  .min(1, 'exams.subjectsRequired')
  .max(SUBJECT_LIMITS.subjectsPerSave, 'exams.tooManySubjects');

/**
 * `POST /api/subject-libs/{libId}/copy?examId=|classroomId=|videoQuizId=|questionnaireId=`: exactly one
 * target. `is_makeup_exam` picks an exam's make-up paper. Problems with the target are reported on `target`.
 */
export const CopySubjectLibQuerySchema = z
  .object({
    examId: IdSchema.optional(),
    classroomId: IdSchema.optional(),
    videoQuizId: IdSchema.optional(),
    questionnaireId: IdSchema.optional(),
    is_makeup_exam: QueryBooleanSchema.optional(),
  })
  .superRefine((q, ctx) => {
    const given = [q.examId, q.classroomId, q.videoQuizId, q.questionnaireId].filter((v) => v !== undefined);
    if (given.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'exams.copyTargetRequired' });
  });
export type CopySubjectLibQuery = z.input<typeof CopySubjectLibQuerySchema>;

/** Optional body: copy only these questions of the library (all of them when absent). */
export const CopySubjectLibRequestSchema = z.preprocess(
  // The body may be left out entirely (no content: null or undefined).
  (value) => value ?? {},
  z.object({ subject_ids: SubjectIdsSchema.optional() }),
);
export type CopySubjectLibRequest = z.input<typeof CopySubjectLibRequestSchema>;

/**
 * `POST /api/subject-libs/{id}/subjects/move` and `/subjects/copy`: selected questions of this library into
 * another library (appended after its questions).
 */
export const TransferSubjectsRequestSchema = z.object({
  subject_ids: SubjectIdsSchema,
  target_lib_id: IdSchema,
});
export type TransferSubjectsRequest = z.input<typeof TransferSubjectsRequestSchema>;
