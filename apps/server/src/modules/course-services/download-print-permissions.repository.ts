import type { DownloadPrintType } from '@lectern/contracts/course-services/download-print-permissions.schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { courseDownloadPrintPermissions } from '../../db/schema/course-services.ts';
import type { Database, Executor } from '../../platform/database.ts';

export function downloadPrintRepository(db: Database) {
  return {
    async find(courseId: number, type: DownloadPrintType, tx: Executor = db) {
      const [row] = await tx
        .select({ allowStudents: courseDownloadPrintPermissions.allowStudents })
        .from(courseDownloadPrintPermissions)
        .where(
          and(
            eq(courseDownloadPrintPermissions.courseId, courseId),
            eq(courseDownloadPrintPermissions.type, type),
          ),
        );
      return row;
    },

    async save(courseId: number, type: DownloadPrintType, allowStudents: boolean, tx: Executor = db) {
      await tx
        .insert(courseDownloadPrintPermissions)
        .values({ courseId, type, allowStudents })
        .onConflictDoUpdate({
          target: [courseDownloadPrintPermissions.courseId, courseDownloadPrintPermissions.type],
          set: { allowStudents, updatedAt: new Date() },
        });
    },

    /** Of `courseIds`, those whose students may not do `type`. */
    async forbiddingStudents(
      courseIds: readonly number[],
      type: DownloadPrintType,
      tx: Executor = db,
    ): Promise<Set<number>> {
      if (courseIds.length === 0) return new Set();
      const rows = await tx
        .select({ courseId: courseDownloadPrintPermissions.courseId })
        .from(courseDownloadPrintPermissions)
        .where(
          and(
            inArray(courseDownloadPrintPermissions.courseId, [...new Set(courseIds)]),
            eq(courseDownloadPrintPermissions.type, type),
            eq(courseDownloadPrintPermissions.allowStudents, false),
          ),
        );
      return new Set(rows.map((r) => r.courseId));
    },
  };
}
