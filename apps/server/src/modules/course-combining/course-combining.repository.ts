import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { TEACHING_ROLES } from '@lectern/contracts/courses/course-roles';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import {
  activitySubCourses,
  combinedCourseStates,
  courseSubCourses,
} from '../../db/schema/course-combining.ts';
import {
  courseMembers,
  courseModules,
  courseNotDeleted,
  courses,
  moduleNotDeleted,
  semesters,
  syllabi,
  syllabusNotDeleted,
} from '../../db/schema/courses.ts';
import { comments } from '../../db/schema/discussions.ts';
import { gradeItemWeights } from '../../db/schema/gradebook.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { alias } from 'drizzle-orm/pg-core';

const parentCourses = alias(courses, 'parent_courses');

export type CombineCourseRow = {
  id: number;
  orgId: number;
  name: string;
  displayName: string | null;
  courseCode: string | null;
  courseType: number;
  roles: string[] | null;
  parentCourseId: number | null;
};

export type SubCourseRow = {
  id: number;
  name: string;
  displayName: string | null;
  courseCode: string | null;
  mergedAt: Date | null;
  inspectedAt: Date | null;
};

const studentsCount = (courseId: typeof courses.id) =>
  sql<number>`(select count(*)::int from ${courseMembers} m where m.course_id = ${courseId} and 'student' = any(m.roles))`;

export function courseCombiningRepository(db: Database) {
  return {
    /** These courses of the organisation (deleted ones are not), with the user's roles and current parent. */
    async findCourses(
      orgId: number,
      userId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<CombineCourseRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: courses.id,
          orgId: courses.orgId,
          name: courses.name,
          displayName: courses.displayName,
          courseCode: courses.courseCode,
          courseType: courses.courseType,
          roles: courseMembers.roles,
          parentCourseId: courseSubCourses.parentCourseId,
        })
        .from(courses)
        .leftJoin(
          courseMembers,
          and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, userId)),
        )
        .leftJoin(courseSubCourses, eq(courseSubCourses.subCourseId, courses.id))
        .where(and(inArray(courses.id, [...ids]), eq(courses.orgId, orgId), courseNotDeleted));
    },

    /** Courses the user teaches as instructor that could be combined, with the combined course holding each. */
    async listCombinable(userId: number, orgId: number, keyword: string | undefined, tx: Executor = db) {
      const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      return tx
        .select({
          id: courses.id,
          name: courses.name,
          displayName: courses.displayName,
          courseCode: courses.courseCode,
          cover: courses.cover,
          semester: semesters.name,
          studentsCount: studentsCount(courses.id),
          parentCourseId: courseSubCourses.parentCourseId,
          parentName: sql<string | null>`coalesce(${parentCourses.displayName}, ${parentCourses.name})`,
        })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .leftJoin(semesters, eq(semesters.id, courses.semesterId))
        .leftJoin(courseSubCourses, eq(courseSubCourses.subCourseId, courses.id))
        .leftJoin(parentCourses, eq(parentCourses.id, courseSubCourses.parentCourseId))
        .where(
          and(
            eq(courseMembers.userId, userId),
            sql`'instructor' = any(${courseMembers.roles})`,
            eq(courses.orgId, orgId),
            ne(courses.courseType, COMBINED_COURSE_TYPE),
            courseNotDeleted,
            pattern
              ? or(
                  ilike(courses.name, pattern),
                  ilike(courses.displayName, pattern),
                  ilike(courses.courseCode, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(asc(courses.name), asc(courses.id))
        .limit(500);
    },

    /** Members of the teaching team of these courses, with their teaching roles. */
    async teachingMembers(courseIds: readonly number[], tx: Executor = db) {
      if (courseIds.length === 0) return [];
      return tx
        .select({ userId: courseMembers.userId, roles: courseMembers.roles })
        .from(courseMembers)
        .where(
          and(
            inArray(courseMembers.courseId, [...courseIds]),
            sql`${courseMembers.roles} && ${sql.param([...TEACHING_ROLES])}::text[]`,
          ),
        );
    },

    async insertLinks(
      parentCourseId: number,
      subCourseIds: readonly number[],
      createdBy: number,
      firstSort: number,
      tx: Executor = db,
    ): Promise<void> {
      if (subCourseIds.length === 0) return;
      await tx.insert(courseSubCourses).values(
        subCourseIds.map((subCourseId, index) => ({
          parentCourseId,
          subCourseId,
          createdBy,
          sort: firstSort + index,
        })),
      );
    },

    async subCourses(parentCourseId: number, tx: Executor = db): Promise<SubCourseRow[]> {
      return tx
        .select({
          id: courses.id,
          name: courses.name,
          displayName: courses.displayName,
          courseCode: courses.courseCode,
          mergedAt: courseSubCourses.mergedAt,
          inspectedAt: courseSubCourses.inspectedAt,
        })
        .from(courseSubCourses)
        .innerJoin(courses, eq(courses.id, courseSubCourses.subCourseId))
        .where(and(eq(courseSubCourses.parentCourseId, parentCourseId), courseNotDeleted))
        .orderBy(asc(courseSubCourses.sort), asc(courses.id));
    },

    async studentCounts(courseIds: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      if (courseIds.length === 0) return new Map();
      const rows = await tx
        .select({ courseId: courseMembers.courseId, count: sql<number>`count(*)::int` })
        .from(courseMembers)
        .where(
          and(inArray(courseMembers.courseId, [...courseIds]), sql`'student' = any(${courseMembers.roles})`),
        )
        .groupBy(courseMembers.courseId);
      return new Map(rows.map((r) => [r.courseId, r.count]));
    },

    async instructors(courseIds: readonly number[], tx: Executor = db) {
      if (courseIds.length === 0) return [];
      return tx
        .select({ courseId: courseMembers.courseId, id: users.id, name: users.name })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(
          and(
            inArray(courseMembers.courseId, [...courseIds]),
            sql`'instructor' = any(${courseMembers.roles})`,
          ),
        )
        .orderBy(asc(users.id));
    },

    async maxSort(parentCourseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ max: sql<number | null>`max(${courseSubCourses.sort})` })
        .from(courseSubCourses)
        .where(eq(courseSubCourses.parentCourseId, parentCourseId));
      return row?.max ?? -1;
    },

    async isCombined(courseId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ combined: combinedCourseStates.combined })
        .from(combinedCourseStates)
        .where(eq(combinedCourseStates.courseId, courseId));
      return row?.combined ?? false;
    },

    async markCombined(courseId: number, userId: number, tx: Executor = db): Promise<void> {
      await tx
        .insert(combinedCourseStates)
        .values({ courseId, combined: true, inspectedBy: userId })
        .onConflictDoUpdate({
          target: combinedCourseStates.courseId,
          set: { combined: true, inspectedBy: userId, inspectedAt: sql`now()` },
        });
    },

    async markSubInspected(subCourseId: number, tx: Executor = db): Promise<void> {
      await tx
        .update(courseSubCourses)
        .set({ inspectedAt: sql`now()` })
        .where(eq(courseSubCourses.subCourseId, subCourseId));
    },

    /** The parent of a sub-course, if it has one. */
    async parentOf(subCourseId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ parentCourseId: courseSubCourses.parentCourseId })
        .from(courseSubCourses)
        .where(eq(courseSubCourses.subCourseId, subCourseId));
      return row?.parentCourseId;
    },

    /** Sections of these courses in course order (deleted ones are not). */
    async modulesOf(courseIds: readonly number[], tx: Executor = db) {
      if (courseIds.length === 0) return [];
      return tx
        .select({ id: courseModules.id, courseId: courseModules.courseId, name: courseModules.name })
        .from(courseModules)
        .where(and(inArray(courseModules.courseId, [...courseIds]), moduleNotDeleted))
        .orderBy(asc(courseModules.sort), asc(courseModules.id));
    },

    async syllabiOf(courseIds: readonly number[], tx: Executor = db) {
      if (courseIds.length === 0) return [];
      return tx
        .select({ id: syllabi.id, moduleId: syllabi.moduleId, summary: syllabi.summary })
        .from(syllabi)
        .where(and(inArray(syllabi.courseId, [...courseIds]), syllabusNotDeleted))
        .orderBy(asc(syllabi.sort), asc(syllabi.id));
    },

    async activitiesOf(courseIds: readonly number[], tx: Executor = db) {
      if (courseIds.length === 0) return [];
      return tx
        .select({
          id: activities.id,
          courseId: activities.courseId,
          moduleId: activities.moduleId,
          syllabusId: activities.syllabusId,
          title: activities.title,
          type: activities.type,
        })
        .from(activities)
        .where(and(inArray(activities.courseId, [...courseIds]), activityNotDeleted))
        .orderBy(asc(activities.sort), asc(activities.id));
    },

    async findModule(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: courseModules.id, courseId: courseModules.courseId })
        .from(courseModules)
        .where(and(eq(courseModules.id, id), moduleNotDeleted));
      return row;
    },

    async findSyllabus(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: syllabi.id, moduleId: syllabi.moduleId })
        .from(syllabi)
        .where(and(eq(syllabi.id, id), syllabusNotDeleted));
      return row;
    },

    async findActivities(ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: activities.id, courseId: activities.courseId })
        .from(activities)
        .where(and(inArray(activities.id, [...ids]), activityNotDeleted));
    },

    /**
     * Moves sections of a sub-course, with their parts and activities, into the combined course, after
     * its own sections. Rows keep their ids, so learners' records stay attached; copies of the course id
     * kept beside activities (comments, gradebook weights) follow.
     */
    async moveModules(parentCourseId: number, moduleIds: readonly number[], tx: Executor): Promise<number> {
      const [top] = await tx
        .select({ max: sql<number | null>`max(${courseModules.sort})` })
        .from(courseModules)
        .where(eq(courseModules.courseId, parentCourseId));
      const base = (top?.max ?? -1) + 1;
      for (const [index, id] of moduleIds.entries()) {
        await tx
          .update(courseModules)
          .set({ courseId: parentCourseId, sort: base + index })
          .where(eq(courseModules.id, id));
      }
      await tx
        .update(syllabi)
        .set({ courseId: parentCourseId })
        .where(inArray(syllabi.moduleId, [...moduleIds]));
      const moved = await tx
        .update(activities)
        .set({ courseId: parentCourseId, updatedAt: sql`now()` })
        .where(inArray(activities.moduleId, [...moduleIds]))
        .returning({ id: activities.id });
      await this.followActivities(
        parentCourseId,
        moved.map((m) => m.id),
        tx,
      );
      return moved.length;
    },

    /** Moves activities into a section of the combined course, at its end. */
    async moveActivities(
      parentCourseId: number,
      activityIds: readonly number[],
      moduleId: number,
      syllabusId: number | null,
      tx: Executor,
    ): Promise<void> {
      const [top] = await tx
        .select({ max: sql<number | null>`max(${activities.sort})` })
        .from(activities)
        .where(eq(activities.moduleId, moduleId));
      const base = (top?.max ?? -1) + 1;
      for (const [index, id] of activityIds.entries()) {
        await tx
          .update(activities)
          .set({ courseId: parentCourseId, moduleId, syllabusId, sort: base + index, updatedAt: sql`now()` })
          .where(eq(activities.id, id));
      }
      await this.followActivities(parentCourseId, activityIds, tx);
    },

    async followActivities(courseId: number, activityIds: readonly number[], tx: Executor): Promise<void> {
      if (activityIds.length === 0) return;
      await tx
        .update(comments)
        .set({ courseId })
        .where(inArray(comments.activityId, [...activityIds]));
      await tx
        .update(gradeItemWeights)
        .set({ courseId })
        .where(inArray(gradeItemWeights.activityId, [...activityIds]));
    },

    async markMerged(subCourseId: number, tx: Executor): Promise<void> {
      await tx
        .update(courseSubCourses)
        .set({ mergedAt: sql`now()` })
        .where(eq(courseSubCourses.subCourseId, subCourseId));
    },

    async assignmentsOfCourse(courseId: number, tx: Executor = db) {
      return tx
        .select({ activityId: activitySubCourses.activityId, subCourseId: activitySubCourses.subCourseId })
        .from(activitySubCourses)
        .innerJoin(activities, eq(activities.id, activitySubCourses.activityId))
        .where(and(eq(activities.courseId, courseId), activityNotDeleted))
        .orderBy(asc(activitySubCourses.activityId), asc(activitySubCourses.subCourseId));
    },

    /**
     * Makes the activity's sub-courses exactly these. The activity row is touched in the same transaction,
     * so the course's content stamp changes and cached lists are rebuilt (decision 0006).
     */
    async replaceAssignment(
      activityId: number,
      subCourseIds: readonly number[],
      tx: Executor,
    ): Promise<void> {
      await tx.delete(activitySubCourses).where(eq(activitySubCourses.activityId, activityId));
      if (subCourseIds.length > 0) {
        await tx
          .insert(activitySubCourses)
          .values(subCourseIds.map((subCourseId) => ({ activityId, subCourseId })));
      }
      await tx
        .update(activities)
        .set({ updatedAt: sql`now()` })
        .where(eq(activities.id, activityId));
    },
  };
}

export type CourseCombiningRepository = ReturnType<typeof courseCombiningRepository>;
