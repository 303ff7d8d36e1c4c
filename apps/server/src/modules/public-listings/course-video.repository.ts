import { and, eq, sql } from 'drizzle-orm';
import { courseNotDeleted, courses } from '../../db/schema/courses.ts';
import { coursePublicSettings } from '../../db/schema/public-listings.ts';
import { uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

/** A course's promotion video with the file it names (null fields when none is set or the file is gone). */
export type PromotionVideoRow = {
  courseId: number;
  publicScope: string;
  orgId: number;
  cover: string | null;
  duration: number | null;
  upload: typeof uploads.$inferSelect | null;
};

export function courseVideoRepository(db: Database) {
  return {
    /** The live course with its promotion video; a file deleted by its owner counts as no video. */
    async promotionVideo(courseId: number, tx: Executor = db): Promise<PromotionVideoRow | undefined> {
      const [row] = await tx
        .select({
          courseId: courses.id,
          publicScope: courses.publicScope,
          orgId: courses.orgId,
          cover: courses.cover,
          duration: coursePublicSettings.promotionVideoDuration,
          upload: uploads,
        })
        .from(courses)
        .leftJoin(coursePublicSettings, eq(coursePublicSettings.courseId, courses.id))
        .leftJoin(
          uploads,
          and(eq(uploads.id, coursePublicSettings.promotionVideoUploadId), eq(uploads.deleted, false)),
        )
        .where(and(eq(courses.id, courseId), courseNotDeleted));
      return row;
    },

    async setPromotionVideo(
      courseId: number,
      uploadId: number | null,
      duration: number | null,
      tx: Executor = db,
    ): Promise<void> {
      const values = { promotionVideoUploadId: uploadId, promotionVideoDuration: uploadId ? duration : null };
      await tx
        .insert(coursePublicSettings)
        .values({ courseId, ...values })
        .onConflictDoUpdate({
          target: coursePublicSettings.courseId,
          set: { ...values, updatedAt: sql`now()` },
        });
    },
  };
}
