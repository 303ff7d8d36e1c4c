import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import { courseSubCourses } from '../../db/schema/course-combining.ts';
import {
  academicYears,
  courseMembers,
  courseNotDeleted,
  courses,
  courseVisits,
  semesters,
} from '../../db/schema/courses.ts';
import { departments, orgs, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type CourseRow = typeof courses.$inferSelect;
export type NewCourse = typeof courses.$inferInsert;

/** A course with the names of what it refers to, as every course read needs them. */
const detailColumns = {
  course: courses,
  academicYear: { id: academicYears.id, name: academicYears.name, code: academicYears.code },
  semester: { id: semesters.id, name: semesters.name, code: semesters.code, sort: semesters.sort },
  department: { id: departments.id, name: departments.name },
  creator: { id: users.id, name: users.name },
};

export type CourseDetailRow = {
  course: CourseRow;
  academicYear: { id: number; name: string; code: string } | null;
  semester: { id: number; name: string; code: string; sort: number } | null;
  department: { id: number; name: string } | null;
  creator: { id: number; name: string };
};

export type MemberCourseRow = CourseDetailRow & { roles: string[] };

/** Filters of "my courses"; the service turns the request's conditions into these. */
export type MemberCourseFilter = {
  orgId: number;
  userId: number;
  /** Rows matching either part: created by this user, or held with any of these roles. */
  roleMatch?: { createdBy?: number | undefined; anyOfRoles: readonly CourseRole[] } | undefined;
  keyword?: string | undefined;
  /** Courses in any of these semesters / academic years (an empty list filters nothing). */
  semesterIds?: readonly number[] | undefined;
  academicYearIds?: readonly number[] | undefined;
  /** Date bounds, inclusive or exclusive as named; a missing course date never excludes. */
  startsAfter?: string | undefined;
  startedBy?: string | undefined;
  endedBefore?: string | undefined;
  notEndedBy?: string | undefined;
};

export type InstructorRow = {
  courseId: number;
  id: number;
  name: string;
  avatarSmallUrl: string | null;
};

export type SemesterWithYearRow = {
  semester: typeof semesters.$inferSelect;
  academicYear: { id: number; name: string; code: string };
};

function escapeLike(value: string): string {
  return `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

const subCourse = alias(courses, 'sub_course');
const combinedCourse = alias(courses, 'combined_course');
const directMember = alias(courseMembers, 'direct_member');

// From course_sub_courses to the students a combined course gains through its sub-courses (the access
// statement's rule, course-access.ts): the parent is a combined course (type 10), the sub-course is not in
// the recycle bin, and the member is a student of the sub-course.
const COMBINED_PARENT = and(
  eq(combinedCourse.id, courseSubCourses.parentCourseId),
  eq(combinedCourse.courseType, COMBINED_COURSE_TYPE),
);
const LIVE_SUB_COURSE = and(
  eq(subCourse.id, courseSubCourses.subCourseId),
  isNull(subCourse.recycleBinItemId),
);
const SUB_COURSE_STUDENT = and(
  eq(courseMembers.courseId, courseSubCourses.subCourseId),
  arrayContains(courseMembers.roles, ['student']),
);

/**
 * The user's memberships as "my courses" counts them: their own member rows, and the combined courses
 * (course type 10) they reach as a student of a sub-course not in the recycle bin, as a student, unless
 * they are a member of the combined course itself — the access statement's rule (course-access.ts).
 */
function membershipsOf(tx: Executor, userId: number) {
  const direct = tx
    .select({ courseId: courseMembers.courseId, roles: courseMembers.roles })
    .from(courseMembers)
    .where(eq(courseMembers.userId, userId));
  const throughSubCourses = tx
    .selectDistinct({
      courseId: courseSubCourses.parentCourseId,
      roles: sql<string[]>`array['student']::text[]`.as('roles'),
    })
    .from(courseSubCourses)
    .innerJoin(combinedCourse, COMBINED_PARENT)
    .innerJoin(subCourse, LIVE_SUB_COURSE)
    .innerJoin(courseMembers, SUB_COURSE_STUDENT)
    .where(
      and(
        eq(courseMembers.userId, userId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(directMember)
            .where(
              and(
                eq(directMember.courseId, courseSubCourses.parentCourseId),
                eq(directMember.userId, userId),
              ),
            ),
        ),
      ),
    );
  return direct.unionAll(throughSubCourses).as('membership');
}

type Memberships = ReturnType<typeof membershipsOf>;

function memberCourseWhere(filter: MemberCourseFilter, membership: Memberships): SQL | undefined {
  const clauses: (SQL | undefined)[] = [eq(courses.orgId, filter.orgId), courseNotDeleted];
  if (filter.roleMatch) {
    const { createdBy, anyOfRoles } = filter.roleMatch;
    clauses.push(
      or(
        createdBy !== undefined ? eq(courses.createdBy, createdBy) : undefined,
        anyOfRoles.length > 0 ? arrayOverlaps(membership.roles, [...anyOfRoles]) : undefined,
      ) ?? sql`false`,
    );
  }
  if (filter.keyword) {
    const like = escapeLike(filter.keyword);
    clauses.push(
      or(ilike(courses.name, like), ilike(courses.displayName, like), ilike(courses.courseCode, like)),
    );
  }
  if (filter.semesterIds?.length) clauses.push(inArray(courses.semesterId, [...filter.semesterIds]));
  if (filter.academicYearIds?.length) {
    clauses.push(inArray(courses.academicYearId, [...filter.academicYearIds]));
  }
  if (filter.startsAfter !== undefined) clauses.push(gt(courses.startDate, filter.startsAfter));
  if (filter.startedBy !== undefined) {
    clauses.push(or(isNull(courses.startDate), lte(courses.startDate, filter.startedBy)));
  }
  if (filter.endedBefore !== undefined) clauses.push(lt(courses.endDate, filter.endedBefore));
  if (filter.notEndedBy !== undefined) {
    clauses.push(or(isNull(courses.endDate), gte(courses.endDate, filter.notEndedBy)));
  }
  return and(...clauses);
}

export function coursesRepository(db: Database) {
  function detailQuery(tx: Executor) {
    return tx
      .select(detailColumns)
      .from(courses)
      .innerJoin(users, eq(users.id, courses.createdBy))
      .leftJoin(academicYears, eq(academicYears.id, courses.academicYearId))
      .leftJoin(semesters, eq(semesters.id, courses.semesterId))
      .leftJoin(departments, eq(departments.id, courses.departmentId));
  }

  return {
    async findById(id: number, tx: Executor = db): Promise<CourseRow | undefined> {
      const [row] = await tx
        .select()
        .from(courses)
        .where(and(eq(courses.id, id), courseNotDeleted));
      return row;
    },

    async findDetail(id: number, tx: Executor = db): Promise<CourseDetailRow | undefined> {
      const [row] = await detailQuery(tx).where(and(eq(courses.id, id), courseNotDeleted));
      return row;
    },

    async insert(values: NewCourse, tx: Executor = db): Promise<CourseRow> {
      const [row] = await tx.insert(courses).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, values: Partial<NewCourse>, tx: Executor = db): Promise<void> {
      await tx
        .update(courses)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(courses.id, id));
    },

    async findAcademicYear(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(academicYears).where(eq(academicYears.id, id));
      return row;
    },

    async findSemester(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(semesters).where(eq(semesters.id, id));
      return row;
    },

    async findDepartment(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(departments).where(eq(departments.id, id));
      return row;
    },

    async findDepartmentsByIds(orgId: number, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(and(eq(departments.orgId, orgId), inArray(departments.id, [...ids])))
        .orderBy(asc(departments.sort), asc(departments.id));
    },

    async findOrgsByIds(ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: orgs.id, name: orgs.name })
        .from(orgs)
        .where(inArray(orgs.id, [...ids]))
        .orderBy(asc(orgs.id));
    },

    /** Whether the user holds `role` in any course of the organisation. */
    async holdsRoleInOrg(userId: number, orgId: number, role: CourseRole, tx: Executor = db) {
      const [row] = await tx
        .select({ courseId: courseMembers.courseId })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .where(
          and(
            eq(courseMembers.userId, userId),
            eq(courses.orgId, orgId),
            courseNotDeleted,
            arrayContains(courseMembers.roles, [role]),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Courses the user is a member of, latest semester first, then newest. */
    async listForMember(
      filter: MemberCourseFilter,
      page: { limit: number; offset: number },
      tx: Executor = db,
    ): Promise<{ rows: MemberCourseRow[]; total: number }> {
      const membership = membershipsOf(tx, filter.userId);
      const where = memberCourseWhere(filter, membership);
      const [rows, totals] = await Promise.all([
        tx
          .select({ ...detailColumns, roles: membership.roles })
          .from(courses)
          .innerJoin(membership, eq(membership.courseId, courses.id))
          .innerJoin(users, eq(users.id, courses.createdBy))
          .leftJoin(academicYears, eq(academicYears.id, courses.academicYearId))
          .leftJoin(semesters, eq(semesters.id, courses.semesterId))
          .leftJoin(departments, eq(departments.id, courses.departmentId))
          .where(where)
          .orderBy(sql`${semesters.sort} desc nulls last`, desc(courses.id))
          .limit(page.limit)
          .offset(page.offset),
        tx
          .select({ total: count() })
          .from(courses)
          .innerJoin(membership, eq(membership.courseId, courses.id))
          .where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** The member courses the user opened, last visit first. */
    async listVisitedByMember(
      userId: number,
      orgId: number,
      limit: number,
      tx: Executor = db,
    ): Promise<(MemberCourseRow & { visitedAt: Date })[]> {
      const membership = membershipsOf(tx, userId);
      return tx
        .select({ ...detailColumns, roles: membership.roles, visitedAt: courseVisits.visitedAt })
        .from(courseVisits)
        .innerJoin(courses, eq(courses.id, courseVisits.courseId))
        .innerJoin(membership, eq(membership.courseId, courses.id))
        .innerJoin(users, eq(users.id, courses.createdBy))
        .leftJoin(academicYears, eq(academicYears.id, courses.academicYearId))
        .leftJoin(semesters, eq(semesters.id, courses.semesterId))
        .leftJoin(departments, eq(departments.id, courses.departmentId))
        .where(and(eq(courseVisits.userId, userId), eq(courses.orgId, orgId), courseNotDeleted))
        .orderBy(desc(courseVisits.visitedAt), desc(courses.id))
        .limit(limit);
    },

    /**
     * The organisation's current semester: the one whose dates contain `day`, else the latest that has
     * started, else the latest by order.
     */
    async findCurrentSemester(
      orgId: number,
      day: string,
      tx: Executor = db,
    ): Promise<SemesterWithYearRow | undefined> {
      const [row] = await tx
        .select({
          semester: semesters,
          academicYear: { id: academicYears.id, name: academicYears.name, code: academicYears.code },
        })
        .from(semesters)
        .innerJoin(academicYears, eq(academicYears.id, semesters.academicYearId))
        .where(eq(semesters.orgId, orgId))
        .orderBy(
          sql`case when ${semesters.startDate} <= ${day} and (${semesters.endDate} is null or ${semesters.endDate} >= ${day}) then 0
                   when ${semesters.startDate} <= ${day} then 1 else 2 end`,
          sql`${semesters.startDate} desc nulls last`,
          desc(semesters.sort),
          desc(semesters.id),
        )
        .limit(1);
      return row;
    },

    /** Semesters of the courses the user belongs to, latest first. */
    async listSemestersForMember(
      userId: number,
      orgId: number,
      tx: Executor = db,
    ): Promise<SemesterWithYearRow[]> {
      const membership = membershipsOf(tx, userId);
      return tx
        .selectDistinct({
          semester: semesters,
          academicYear: { id: academicYears.id, name: academicYears.name, code: academicYears.code },
        })
        .from(semesters)
        .innerJoin(academicYears, eq(academicYears.id, semesters.academicYearId))
        .innerJoin(courses, eq(courses.semesterId, semesters.id))
        .innerJoin(membership, eq(membership.courseId, courses.id))
        .where(and(eq(courses.orgId, orgId), courseNotDeleted))
        .orderBy(desc(semesters.sort), desc(semesters.id));
    },

    /** Instructors of several courses in one query: the chief instructor first, then by user number. */
    async listInstructors(courseIds: readonly number[], tx: Executor = db): Promise<InstructorRow[]> {
      if (courseIds.length === 0) return [];
      return tx
        .select({
          courseId: courseMembers.courseId,
          id: users.id,
          name: users.name,
          avatarSmallUrl: users.avatarSmallUrl,
        })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(
          and(
            inArray(courseMembers.courseId, [...courseIds]),
            arrayContains(courseMembers.roles, ['instructor']),
          ),
        )
        .orderBy(
          asc(courseMembers.courseId),
          sql`(${courses.createdBy} = ${courseMembers.userId}) desc`,
          asc(users.userNo),
          asc(users.id),
        );
    },

    async countMembersWithRole(
      courseIds: readonly number[],
      role: CourseRole,
      tx: Executor = db,
    ): Promise<{ courseId: number; total: number }[]> {
      if (courseIds.length === 0) return [];
      const held = and(
        inArray(courseMembers.courseId, [...courseIds]),
        arrayContains(courseMembers.roles, [role]),
      );
      if (role !== 'student') {
        return tx
          .select({ courseId: courseMembers.courseId, total: count() })
          .from(courseMembers)
          .where(held)
          .groupBy(courseMembers.courseId);
      }
      const direct = tx
        .select({ courseId: courseMembers.courseId, userId: courseMembers.userId })
        .from(courseMembers)
        .where(held);
      // A combined course's students are also those of its sub-courses (the access statement's rule,
      // course-access.ts), each counted once; migration 0025 stamps the combined course when they change.
      const throughSubCourses = tx
        .select({ courseId: courseSubCourses.parentCourseId, userId: courseMembers.userId })
        .from(courseSubCourses)
        .innerJoin(combinedCourse, COMBINED_PARENT)
        .innerJoin(subCourse, LIVE_SUB_COURSE)
        .innerJoin(courseMembers, SUB_COURSE_STUDENT)
        .where(inArray(courseSubCourses.parentCourseId, [...courseIds]));
      const students = direct.union(throughSubCourses).as('students');
      return tx
        .select({ courseId: students.courseId, total: count() })
        .from(students)
        .groupBy(students.courseId);
    },
  };
}

export type CoursesRepository = ReturnType<typeof coursesRepository>;
