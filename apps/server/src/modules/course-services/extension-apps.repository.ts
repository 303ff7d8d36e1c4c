import { and, asc, count, eq, sql } from 'drizzle-orm';
import { courseExtensionApps } from '../../db/schema/course-services.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type ExtensionAppRow = typeof courseExtensionApps.$inferSelect;
export type ExtensionAppValues = Pick<
  typeof courseExtensionApps.$inferInsert,
  'name' | 'url' | 'iconUrl' | 'visibleToStudents'
>;

export function extensionAppsRepository(db: Database) {
  return {
    async list(courseId: number, visibleOnly: boolean, tx: Executor = db): Promise<ExtensionAppRow[]> {
      return tx
        .select()
        .from(courseExtensionApps)
        .where(
          and(
            eq(courseExtensionApps.courseId, courseId),
            visibleOnly ? eq(courseExtensionApps.visibleToStudents, true) : undefined,
          ),
        )
        .orderBy(asc(courseExtensionApps.sort), asc(courseExtensionApps.id));
    },

    async findById(id: number, tx: Executor = db): Promise<ExtensionAppRow | undefined> {
      const [row] = await tx.select().from(courseExtensionApps).where(eq(courseExtensionApps.id, id));
      return row;
    },

    /**
     * Adds an app at the end of the course's list. The count and the insert run in the caller's
     * transaction after it locked the course's apps (lockCourse), so two racing adds cannot pass the cap.
     */
    async insert(
      courseId: number,
      values: ExtensionAppValues,
      createdBy: number,
      tx: Executor = db,
    ): Promise<ExtensionAppRow> {
      const [row] = await tx
        .insert(courseExtensionApps)
        .values({
          ...values,
          courseId,
          createdBy,
          sort: sql`coalesce((select max(${courseExtensionApps.sort}) + 1 from ${courseExtensionApps} where ${courseExtensionApps.courseId} = ${courseId}), 0)`,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async countOf(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseExtensionApps)
        .where(eq(courseExtensionApps.courseId, courseId));
      return Number(row?.n ?? 0);
    },

    /** Serialises adds to one course's list for the rest of the transaction. */
    async lockCourse(courseId: number, tx: Executor): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('course_extension_apps'), ${courseId}::int)`,
      );
    },

    async update(
      id: number,
      values: ExtensionAppValues,
      tx: Executor = db,
    ): Promise<ExtensionAppRow | undefined> {
      const [row] = await tx
        .update(courseExtensionApps)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(courseExtensionApps.id, id))
        .returning();
      return row;
    },

    async delete(id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(courseExtensionApps)
        .where(eq(courseExtensionApps.id, id))
        .returning({ id: courseExtensionApps.id });
      return rows.length > 0;
    },
  };
}
