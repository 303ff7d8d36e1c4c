import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { ConditionsSchema } from '../common/pagination.schemas.ts';
import { FieldsQuerySchema, IdSchema } from '../common/primitives.schemas.ts';
import { COMBINE_LIMITS, COURSE_COVER_PRESETS } from './course-combining.rules.ts';

const ids = (max: number, message: string) => z.array(IdSchema, message).max(max, message);

/**
 * `POST /api/combine-courses` (spec 001 section 3, fields as the original clients send them). With
 * parentCourseId the courses join that combined course; otherwise a new private one is made.
 */
export const CombineCoursesRequestSchema = z.object({
  title: plainText('courseCombining.titleRequired')
    .min(1, 'courseCombining.titleRequired')
    .max(COMBINE_LIMITS.titleMax, 'courseCombining.titleTooLong'),
  subCourseIds: ids(COMBINE_LIMITS.maxCourses, 'courseCombining.tooManyCourses'),
  parentCourseId: IdSchema.nullable().optional(),
  courseCoverKey: z.enum(COURSE_COVER_PRESETS, 'courseCombining.coverKeyUnknown').nullable().optional(),
  courseCoverId: IdSchema.nullable().optional(),
});
export type CombineCoursesRequest = z.input<typeof CombineCoursesRequestSchema>;

export const CombineCoursesResponseSchema = z.object({ courseId: z.number().int() });
export type CombineCoursesResponse = z.infer<typeof CombineCoursesResponseSchema>;

/** `GET /api/combine-courses?conditions={"keyword":…}`: the caller's courses the wizard may offer. */
export const CombinableCoursesQuerySchema = z.object({
  conditions: ConditionsSchema.pipe(z.object({ keyword: z.string().trim().max(100).optional() }).loose()),
});

export const CombinableCourseSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    course_code: z.string().nullable(),
    cover: z.string().nullable(),
    semester: z.string().nullable(),
    students_count: z.number().int(),
    /** The combined course it already belongs to: such a course cannot be chosen again. */
    parent_course_id: z.number().int().nullable(),
    parent_course_name: z.string().nullable(),
  })
  .meta({ id: 'CombinableCourse' });
export type CombinableCourse = z.infer<typeof CombinableCourseSchema>;

export const CombinableCoursesResponseSchema = z.object({ courses: z.array(CombinableCourseSchema) });
export type CombinableCoursesResponse = z.infer<typeof CombinableCoursesResponseSchema>;

/** One sub-course of a combined course. */
export const SubCourseSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    course_code: z.string().nullable(),
    students_count: z.number().int(),
    instructors: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** Some of its sections were merged into the combined course. */
    merged: z.boolean(),
    /** The instructor confirmed what is left of it (`PUT /api/courses/inspect-child/{id}`). */
    inspected: z.boolean(),
  })
  .meta({ id: 'SubCourse' });
export type SubCourse = z.infer<typeof SubCourseSchema>;

export const SubCourseFieldsQuerySchema = z.object({ fields: FieldsQuerySchema });
export const SubCourseSelectionSchema = SubCourseSchema.partial().extend({ id: z.number().int() });

/** `GET /api/combine-courses/{id}/sub-courses[?fields]`. */
export const CombineSubCoursesResponseSchema = z.object({ subCourses: z.array(SubCourseSelectionSchema) });
export type CombineSubCoursesResponse = z.infer<typeof CombineSubCoursesResponseSchema>;

export const ActivityAssignmentSchema = z.object({
  activity_id: z.number().int(),
  sub_course_ids: z.array(z.number().int()),
});
export type ActivityAssignment = z.infer<typeof ActivityAssignmentSchema>;

/**
 * `GET /api/courses/{id}/sub-courses`: the course's sub-courses (none for an ordinary course) and, for its
 * teaching team only, which activities are assigned to some of them (the assign-to-sub-course label).
 */
export const CourseSubCoursesResponseSchema = z.object({
  combined: z.boolean(),
  sub_courses: z.array(SubCourseSchema),
  activity_assignments: z.array(ActivityAssignmentSchema),
});
export type CourseSubCoursesResponse = z.infer<typeof CourseSubCoursesResponseSchema>;

const TreeActivitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  syllabus_id: z.number().int().nullable(),
});
const TreeModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  syllabuses: z.array(z.object({ id: z.number().int(), summary: z.string() })),
  activities: z.array(TreeActivitySchema),
});
export type MergeTreeModule = z.infer<typeof TreeModuleSchema>;

export const CourseToMergeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    course_code: z.string().nullable(),
    merged: z.boolean(),
    inspected: z.boolean(),
    /** The sections still in the sub-course, each with its tree. */
    modules: z.array(TreeModuleSchema),
  })
  .meta({ id: 'CourseToMerge' });
export type CourseToMerge = z.infer<typeof CourseToMergeSchema>;

/** `GET /api/combine-courses/{id}/courses-to-merged`. */
export const CoursesToMergeResponseSchema = z.object({
  /** The merge was confirmed (`PUT /api/courses/{id}/inspect`): the modal opens at its second step. */
  combined: z.boolean(),
  /** The combined course's own sections: where activities can be merged to. */
  modules: z.array(z.object({ id: z.number().int(), name: z.string() })),
  courses: z.array(CourseToMergeSchema),
});
export type CoursesToMergeResponse = z.infer<typeof CoursesToMergeResponseSchema>;

/** `POST /api/combine-courses/{id}/combine-contents`: one sub-course's sections to move in. */
export const CombineContentsRequestSchema = z.object({
  course_id: IdSchema,
  module_ids: ids(500, 'courseCombining.modulesInvalid').min(1, 'courseCombining.modulesRequired'),
});
export type CombineContentsRequest = z.input<typeof CombineContentsRequestSchema>;

export const CombineContentsResponseSchema = z.object({
  course_id: z.number().int(),
  module_ids: z.array(z.number().int()),
  activity_count: z.number().int(),
});
export type CombineContentsResponse = z.infer<typeof CombineContentsResponseSchema>;

/** `POST /api/courses/{id}/assign-activity-to-module`: activities of its sub-courses into one of its sections. */
export const AssignActivityToModuleRequestSchema = z.object({
  activity_ids: ids(500, 'courseCombining.activitiesInvalid').min(1, 'courseCombining.activitiesRequired'),
  module_id: IdSchema,
  syllabus_id: IdSchema.nullable().optional(),
});
export type AssignActivityToModuleRequest = z.input<typeof AssignActivityToModuleRequestSchema>;

export const AssignActivityToModuleResponseSchema = z.object({
  module_id: z.number().int(),
  activity_ids: z.array(z.number().int()),
});

/** `PUT /api/courses/inspect-child/{id}` and `PUT /api/courses/{id}/inspect`. */
export const InspectResponseSchema = z.object({
  course_id: z.number().int(),
  inspected: z.literal(true),
});
export type InspectResponse = z.infer<typeof InspectResponseSchema>;

/** `PUT /api/activities/{id}/sub-courses`: empty for every sub-course's students. */
export const AssignSubCoursesRequestSchema = z.object({
  sub_course_ids: ids(COMBINE_LIMITS.maxCourses, 'courseCombining.subCourseUnknown'),
});
export type AssignSubCoursesRequest = z.input<typeof AssignSubCoursesRequestSchema>;
export const AssignSubCoursesResponseSchema = ActivityAssignmentSchema;
