import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { h5LearnerStates, h5Packages } from '../../db/schema/h5-courseware.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type H5PackageRow = typeof h5Packages.$inferSelect;
export type NewH5Package = typeof h5Packages.$inferInsert;
export type H5StateRow = typeof h5LearnerStates.$inferSelect;
export type NewH5State = typeof h5LearnerStates.$inferInsert;
export type AttachedUpload = { uploadId: number; name: string; mimeType: string | null };

export function h5CoursewareRepository(db: Database) {
  return {
    async findPackage(uploadId: number, tx: Executor = db): Promise<H5PackageRow | undefined> {
      const [row] = await tx.select().from(h5Packages).where(eq(h5Packages.uploadId, uploadId));
      return row;
    },

    /** Records an unpacked package; a concurrent unpack of the same upload keeps the first row. */
    async insertPackage(values: NewH5Package, tx: Executor = db): Promise<H5PackageRow | undefined> {
      const [row] = await tx.insert(h5Packages).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** The live uploads attached to the activity, in the order the activity lists them. */
    async attachedUploads(activityId: number, tx: Executor = db): Promise<AttachedUpload[]> {
      return tx
        .select({ uploadId: uploads.id, name: uploadReferences.name, mimeType: uploads.mimeType })
        .from(uploadReferences)
        .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
        .where(
          and(
            eq(uploadReferences.parentType, ACTIVITY_PARENT),
            eq(uploadReferences.parentId, activityId),
            eq(uploads.deleted, false),
          ),
        )
        .orderBy(asc(uploadReferences.sort), asc(uploadReferences.id));
    },

    /** Removes these uploads' attachments to the activity. */
    async detachUploads(activityId: number, uploadIds: readonly number[], tx: Executor = db): Promise<void> {
      if (uploadIds.length === 0) return;
      await tx
        .delete(uploadReferences)
        .where(
          and(
            eq(uploadReferences.parentType, ACTIVITY_PARENT),
            eq(uploadReferences.parentId, activityId),
            inArray(uploadReferences.uploadId, [...uploadIds]),
          ),
        );
    },

    async findState(
      activityId: number,
      uploadId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<H5StateRow | undefined> {
      const [row] = await tx
        .select()
        .from(h5LearnerStates)
        .where(
          and(
            eq(h5LearnerStates.activityId, activityId),
            eq(h5LearnerStates.uploadId, uploadId),
            eq(h5LearnerStates.userId, userId),
          ),
        );
      return row;
    },

    /** Locks the learner's row (if any) so concurrent commits merge one after the other. */
    async lockState(
      activityId: number,
      uploadId: number,
      userId: number,
      tx: Executor,
    ): Promise<H5StateRow | undefined> {
      const [row] = await tx
        .select()
        .from(h5LearnerStates)
        .where(
          and(
            eq(h5LearnerStates.activityId, activityId),
            eq(h5LearnerStates.uploadId, uploadId),
            eq(h5LearnerStates.userId, userId),
          ),
        )
        .for('update');
      return row;
    },

    async upsertState(values: NewH5State, tx: Executor = db): Promise<H5StateRow> {
      const { activityId: _a, uploadId: _u, userId: _l, ...changes } = values;
      const [row] = await tx
        .insert(h5LearnerStates)
        .values(values)
        .onConflictDoUpdate({
          target: [h5LearnerStates.activityId, h5LearnerStates.userId, h5LearnerStates.uploadId],
          set: { ...changes, updatedAt: new Date() },
        })
        .returning();
      return row as H5StateRow;
    },

    async learner(userId: number, tx: Executor = db): Promise<{ name: string; userNo: string } | undefined> {
      const [row] = await tx
        .select({ name: users.name, userNo: users.userNo })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}
