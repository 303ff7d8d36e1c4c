import { and, count, desc, eq } from 'drizzle-orm';
import { courseSharedUploads } from '../../db/schema/course-services.ts';
import { users } from '../../db/schema/identity.ts';
import { uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type SharedFileRow = {
  uploadId: number;
  name: string;
  size: number;
  type: string;
  mimeType: string | null;
  orgId: number;
  createdBy: number;
  sharedById: number | null;
  sharedByName: string | null;
  sharedAt: Date;
};

/** The files shared to a course that can still be read: not deleted, their bytes stored. */
const listed = (courseId: number) =>
  and(eq(courseSharedUploads.courseId, courseId), eq(uploads.deleted, false), eq(uploads.status, 'ready'));

export function sharedFilesRepository(db: Database) {
  return {
    /** One page of the course's shared files, the newest share first. */
    async page(
      courseId: number,
      window: { limit: number; offset: number },
      tx: Executor = db,
    ): Promise<SharedFileRow[]> {
      return tx
        .select({
          uploadId: uploads.id,
          name: uploads.name,
          size: uploads.size,
          type: uploads.type,
          mimeType: uploads.mimeType,
          orgId: uploads.orgId,
          createdBy: uploads.createdBy,
          sharedById: users.id,
          sharedByName: users.name,
          sharedAt: courseSharedUploads.sharedAt,
        })
        .from(courseSharedUploads)
        .innerJoin(uploads, eq(uploads.id, courseSharedUploads.uploadId))
        .leftJoin(users, eq(users.id, courseSharedUploads.sharedBy))
        .where(listed(courseId))
        .orderBy(desc(courseSharedUploads.sharedAt), desc(uploads.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    /** Who shared this file to the course; undefined when it is not shared there. */
    async findShare(
      courseId: number,
      uploadId: number,
      tx: Executor = db,
    ): Promise<{ sharedBy: number | null } | undefined> {
      const [row] = await tx
        .select({ sharedBy: courseSharedUploads.sharedBy })
        .from(courseSharedUploads)
        .where(and(eq(courseSharedUploads.courseId, courseId), eq(courseSharedUploads.uploadId, uploadId)));
      return row;
    },

    /**
     * Takes the file out of the course; false when it was not there (gone meanwhile). The file itself stays:
     * kept by its other shares and attachments, or else left to the orphan sweep once past its grace.
     */
    async deleteShare(courseId: number, uploadId: number, tx: Executor = db): Promise<boolean> {
      const deleted = await tx
        .delete(courseSharedUploads)
        .where(and(eq(courseSharedUploads.courseId, courseId), eq(courseSharedUploads.uploadId, uploadId)))
        .returning({ uploadId: courseSharedUploads.uploadId });
      return deleted.length > 0;
    },

    async count(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseSharedUploads)
        .innerJoin(uploads, eq(uploads.id, courseSharedUploads.uploadId))
        .where(listed(courseId));
      return Number(row?.n ?? 0);
    },
  };
}
