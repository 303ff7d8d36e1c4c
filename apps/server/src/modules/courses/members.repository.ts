import { and, arrayOverlaps, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import { departments, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type MemberRow = {
  userId: number;
  roles: string[];
  joinedAt: Date;
  isChiefInstructor: boolean;
  name: string;
  userNo: string;
  avatarSmallUrl: string | null;
  email: string | null;
  mobilePhone: string | null;
  department: { id: number; name: string } | null;
};

export type MemberFilter = {
  /** Members holding any of these roles. */
  anyOfRoles?: readonly CourseRole[] | undefined;
  userIds?: readonly number[] | undefined;
  withMobilePhone?: boolean | undefined;
};

const memberColumns = {
  userId: courseMembers.userId,
  roles: courseMembers.roles,
  joinedAt: courseMembers.createdAt,
  isChiefInstructor: sql<boolean>`(${courses.createdBy} = ${courseMembers.userId})`,
  name: users.name,
  userNo: users.userNo,
  avatarSmallUrl: users.avatarSmallUrl,
  email: users.email,
  mobilePhone: users.mobilePhone,
  department: { id: departments.id, name: departments.name },
};

export function membersRepository(db: Database) {
  return {
    /** Members of one course: the chief instructor first, then by user number. */
    async list(courseId: number, filter: MemberFilter = {}, tx: Executor = db): Promise<MemberRow[]> {
      const clauses: (SQL | undefined)[] = [eq(courseMembers.courseId, courseId)];
      if (filter.anyOfRoles) clauses.push(arrayOverlaps(courseMembers.roles, [...filter.anyOfRoles]));
      if (filter.userIds) {
        if (filter.userIds.length === 0) return [];
        clauses.push(inArray(courseMembers.userId, [...filter.userIds]));
      }
      if (filter.withMobilePhone) clauses.push(isNotNull(users.mobilePhone), ne(users.mobilePhone, ''));
      return tx
        .select(memberColumns)
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(and(...clauses))
        .orderBy(
          sql`(${courses.createdBy} = ${courseMembers.userId}) desc`,
          asc(users.userNo),
          asc(users.id),
        );
    },

    async find(courseId: number, userId: number, tx: Executor = db): Promise<MemberRow | undefined> {
      const [row] = await this.list(courseId, { userIds: [userId] }, tx);
      return row;
    },

    /** Inserts members, or replaces the roles of those already in the course. */
    async upsert(
      courseId: number,
      members: readonly { userId: number; roles: CourseRole[] }[],
      tx: Executor = db,
    ): Promise<void> {
      if (members.length === 0) return;
      await tx
        .insert(courseMembers)
        .values(members.map((m) => ({ courseId, userId: m.userId, roles: m.roles })))
        .onConflictDoUpdate({
          target: [courseMembers.courseId, courseMembers.userId],
          set: { roles: sql`excluded.roles` },
        });
    },

    async setRoles(courseId: number, userId: number, roles: CourseRole[], tx: Executor = db): Promise<void> {
      await tx
        .update(courseMembers)
        .set({ roles })
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
    },

    async delete(courseId: number, userId: number, tx: Executor = db): Promise<void> {
      await tx
        .delete(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
    },
  };
}

export type MembersRepository = ReturnType<typeof membersRepository>;
