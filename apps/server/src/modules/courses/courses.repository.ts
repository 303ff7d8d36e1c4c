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
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { CourseRole } from '@lectern/contracts/courses/course-roles';
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

function memberCourseWhere(filter: MemberCourseFilter): SQL | undefined {
  const clauses: (SQL | undefined)[] = [
    eq(courses.orgId, filter.orgId),
    eq(courseMembers.userId, filter.userId),
    courseNotDeleted,
  ];
  if (filter.roleMatch) {
    const { createdBy, anyOfRoles } = filter.roleMatch;
    clauses.push(
      or(
        createdBy !== undefined ? eq(courses.createdBy, createdBy) : undefined,
        anyOfRoles.length > 0 ? arrayOverlaps(courseMembers.roles, [...anyOfRoles]) : undefined,
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
      const where = memberCourseWhere(filter);
      const [rows, totals] = await Promise.all([
        tx
          .select({ ...detailColumns, roles: courseMembers.roles })
          .from(courses)
          .innerJoin(courseMembers, eq(courseMembers.courseId, courses.id))
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
          .innerJoin(courseMembers, eq(courseMembers.courseId, courses.id))
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
      return tx
        .select({ ...detailColumns, roles: courseMembers.roles, visitedAt: courseVisits.visitedAt })
        .from(courseVisits)
        .innerJoin(courses, eq(courses.id, courseVisits.courseId))
        .innerJoin(
          courseMembers,
          and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, courseVisits.userId)),
        )
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
      return tx
        .selectDistinct({
          semester: semesters,
          academicYear: { id: academicYears.id, name: academicYears.name, code: academicYears.code },
        })
        .from(semesters)
        .innerJoin(academicYears, eq(academicYears.id, semesters.academicYearId))
        .innerJoin(courses, eq(courses.semesterId, semesters.id))
        .innerJoin(courseMembers, eq(courseMembers.courseId, courses.id))
        .where(and(eq(courseMembers.userId, userId), eq(courses.orgId, orgId), courseNotDeleted))
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
      return tx
        .select({ courseId: courseMembers.courseId, total: count() })
        .from(courseMembers)
        .where(
          and(inArray(courseMembers.courseId, [...courseIds]), arrayContains(courseMembers.roles, [role])),
        )
        .groupBy(courseMembers.courseId);
    },
  };
}

export type CoursesRepository = ReturnType<typeof coursesRepository>;
