import { and, count, eq, sql } from 'drizzle-orm';
import { courseRegistrationSettings } from '../../db/schema/course-services.ts';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type RegistrationCourseRow = {
  id: number;
  orgId: number;
  publicScope: string;
  isBlocked: boolean;
  roles: string[] | null;
  enabled: boolean | null;
  startTime: Date | null;
  endTime: Date | null;
  capacity: number | null;
};

export type RegistrationSettingsValues = {
  enabled: boolean;
  startTime: Date | null;
  endTime: Date | null;
  capacity: number | null;
};

export function courseRegistrationRepository(db: Database) {
  return {
    /**
     * The course, the user's membership and its self-enrolment rules in one read. With `lock`, the course
     * row is locked for the transaction so concurrent joins count students one after another.
     */
    async load(
      courseId: number,
      userId: number | null,
      options: { lock?: boolean } = {},
      tx: Executor = db,
    ): Promise<RegistrationCourseRow | undefined> {
      const query = tx
        .select({
          id: courses.id,
          orgId: courses.orgId,
          publicScope: courses.publicScope,
          isBlocked: courses.isBlocked,
          roles: courseMembers.roles,
          enabled: courseRegistrationSettings.enabled,
          startTime: courseRegistrationSettings.startTime,
          endTime: courseRegistrationSettings.endTime,
          capacity: courseRegistrationSettings.capacity,
        })
        .from(courses)
        .leftJoin(
          courseMembers,
          and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, userId ?? 0)),
        )
        .leftJoin(courseRegistrationSettings, eq(courseRegistrationSettings.courseId, courses.id))
        .where(and(eq(courses.id, courseId), courseNotDeleted));
      const [row] = options.lock ? await query.for('update', { of: courses }) : await query;
      return row;
    },

    async studentCount(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseMembers)
        .where(
          and(eq(courseMembers.courseId, courseId), sql`${courseMembers.roles} @> array['student']::text[]`),
        );
      return row?.n ?? 0;
    },

    async addStudent(courseId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .insert(courseMembers)
        .values({ courseId, userId, roles: ['student'] })
        .onConflictDoNothing()
        .returning({ userId: courseMembers.userId });
      return rows.length > 0;
    },

    async saveSettings(
      courseId: number,
      values: RegistrationSettingsValues,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insert(courseRegistrationSettings)
        .values({ courseId, ...values })
        .onConflictDoUpdate({
          target: courseRegistrationSettings.courseId,
          set: { ...values, updatedAt: sql`now()` },
        });
    },
  };
}
