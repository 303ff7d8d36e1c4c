import { and, asc, eq, exists, inArray, lt, ne, notExists, or } from 'drizzle-orm';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { activities } from '../../db/schema/activities.ts';
import { examMarkedAttachments, MARKED_ATTACHMENT_PARENT } from '../../db/schema/exam-submissions.ts';
import { SUBJECT_IMAGE_PARENT, subjects } from '../../db/schema/exams.ts';
import {
  HOMEWORK_MARKED_ATTACHMENT_PARENT,
  HOMEWORK_REFERENCE_ANSWER_PARENT,
  HOMEWORK_SUBMISSION_PARENT,
  homeworkMarkedAttachments,
  homeworkSubmissions,
} from '../../db/schema/homework.ts';
import { courseSharedUploads } from '../../db/schema/course-services.ts';
import { coursePublicSettings } from '../../db/schema/public-listings.ts';
import { commentReplies, comments } from '../../db/schema/discussions.ts';
import { users } from '../../db/schema/identity.ts';
import {
  ACTIVITY_IMAGE_PARENT,
  DISCUSSION_IMAGE_PARENT,
  DISCUSSION_REPLY_IMAGE_PARENT,
  HOMEWORK_SUBMISSION_IMAGE_PARENT,
  uploadReferences,
  uploads,
} from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;
export type UploadWithCreator = UploadRow & { creatorName: string };
export type ReferenceRow = typeof uploadReferences.$inferSelect;
export type NewReference = typeof uploadReferences.$inferInsert;
export type ReferenceWithUpload = { reference: ReferenceRow; upload: UploadRow };

export function uploadsRepository(db: Database) {
  return {
    async findById(id: number, tx: Executor = db): Promise<UploadRow | undefined> {
      const [row] = await tx.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },

    async findWithCreator(id: number, tx: Executor = db): Promise<UploadWithCreator | undefined> {
      const [row] = await tx
        .select({ upload: uploads, creatorName: users.name })
        .from(uploads)
        .innerJoin(users, eq(users.id, uploads.createdBy))
        .where(eq(uploads.id, id));
      return row && { ...row.upload, creatorName: row.creatorName };
    },

    async findByIds(ids: readonly number[], tx: Executor = db): Promise<UploadRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(uploads)
        .where(inArray(uploads.id, [...ids]));
    },

    /**
     * Of these uploads, the ids that still exist, share-locked until the transaction ends. Attaching takes
     * this lock first: the orphan sweep skips locked rows, and a row the sweep is deleting is waited for and
     * then reported missing, so attaching never races the sweep into a foreign-key failure.
     */
    async lockForAttaching(ids: readonly number[], tx: Executor): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(inArray(uploads.id, [...ids]), eq(uploads.deleted, false)))
        .for('key share');
      return new Set(rows.map((r) => r.id));
    },

    async insert(values: NewUpload, tx: Executor = db): Promise<UploadRow> {
      const [row] = await tx.insert(uploads).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /**
     * Stores the outcome of a metadata-first upload, only if it is still pending: of two racing senders
     * exactly one gets the row back.
     */
    async completePending(
      id: number,
      values: Pick<NewUpload, 'size' | 'mimeType' | 'type' | 'storageKey' | 'sha256'>,
      tx: Executor = db,
    ): Promise<UploadRow | undefined> {
      const [row] = await tx
        .update(uploads)
        .set({ ...values, status: 'ready' })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'pending'), eq(uploads.deleted, false)))
        .returning();
      return row;
    },

    async markDeleted(id: number, tx: Executor = db): Promise<void> {
      await tx.update(uploads).set({ deleted: true }).where(eq(uploads.id, id));
    },

    /**
     * Up to `limit` uploads created before `cutoff` that nothing refers to and that are shared to no
     * course, locked until the transaction ends. Rows another transaction holds are skipped, not waited
     * for: attaching (or sharing) a file locks its row, so a file being attached right now is left for a
     * later sweep.
     */
    async lockOrphans(cutoff: Date, limit: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            lt(uploads.createdAt, cutoff),
            notExists(referencesOf(tx)),
            notExists(sharesOf(tx)),
            notExists(promotionVideosOf(tx)),
          ),
        )
        .orderBy(asc(uploads.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((r) => r.id);
    },

    /**
     * Deletes those of `ids` that still nothing refers to, in one statement, and returns what it deleted.
     * Run after lockOrphans in the same read-committed transaction, its check sees every attachment
     * committed up to now; alone, a delete would trust a snapshot taken before it waited for the row and
     * cascade away an attachment committed in between.
     */
    async deleteUnreferenced(
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<Pick<UploadRow, 'id' | 'storageKey'>[]> {
      if (ids.length === 0) return [];
      return tx
        .delete(uploads)
        .where(
          and(
            inArray(uploads.id, [...ids]),
            notExists(referencesOf(tx)),
            notExists(sharesOf(tx)),
            notExists(promotionVideosOf(tx)),
          ),
        )
        .returning({ id: uploads.id, storageKey: uploads.storageKey });
    },

    async findReference(id: number, tx: Executor = db): Promise<ReferenceWithUpload | undefined> {
      const [row] = await tx
        .select({ reference: uploadReferences, upload: uploads })
        .from(uploadReferences)
        .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
        .where(eq(uploadReferences.id, id));
      return row;
    },

    /** The live attachments of these parents, in order; references to deleted files are left out. */
    async listReferences(
      parentType: string,
      parentIds: readonly number[],
      tx: Executor = db,
    ): Promise<ReferenceWithUpload[]> {
      if (parentIds.length === 0) return [];
      return tx
        .select({ reference: uploadReferences, upload: uploads })
        .from(uploadReferences)
        .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
        .where(
          and(
            eq(uploadReferences.parentType, parentType),
            inArray(uploadReferences.parentId, [...parentIds]),
            eq(uploads.deleted, false),
          ),
        )
        .orderBy(asc(uploadReferences.parentId), asc(uploadReferences.sort), asc(uploadReferences.id));
    },

    /** Every reference of one parent, live or not: what a replace has to reconcile. */
    async referencesOfParent(
      parentType: string,
      parentId: number,
      tx: Executor = db,
    ): Promise<ReferenceRow[]> {
      return tx
        .select()
        .from(uploadReferences)
        .where(and(eq(uploadReferences.parentType, parentType), eq(uploadReferences.parentId, parentId)))
        .orderBy(asc(uploadReferences.sort), asc(uploadReferences.id));
    },

    /** Where these uploads are attached (of the given parent types). */
    async referencesOfUploads(
      uploadIds: readonly number[],
      parentTypes: readonly string[],
      tx: Executor = db,
    ): Promise<ReferenceRow[]> {
      if (uploadIds.length === 0 || parentTypes.length === 0) return [];
      return tx
        .select()
        .from(uploadReferences)
        .where(
          and(
            inArray(uploadReferences.uploadId, [...uploadIds]),
            inArray(uploadReferences.parentType, [...parentTypes]),
          ),
        );
    },

    async insertReferences(values: NewReference[], tx: Executor = db): Promise<ReferenceRow[]> {
      if (values.length === 0) return [];
      return tx.insert(uploadReferences).values(values).returning();
    },

    async updateReferenceSort(id: number, sort: number, tx: Executor = db): Promise<void> {
      await tx.update(uploadReferences).set({ sort }).where(eq(uploadReferences.id, id));
    },

    async deleteReferences(ids: readonly number[], tx: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await tx.delete(uploadReferences).where(inArray(uploadReferences.id, [...ids]));
    },

    async deleteReferencesOfParent(parentType: string, parentId: number, tx: Executor = db): Promise<void> {
      await tx
        .delete(uploadReferences)
        .where(and(eq(uploadReferences.parentType, parentType), eq(uploadReferences.parentId, parentId)));
    },

    /**
     * Detaches the files of every activity in a course or module about to be deleted. The activities go by
     * foreign key cascade; attachments point at their parent by type and id, which no key can cascade.
     */
    async deleteReferencesOfActivitiesIn(
      scope: { courseId: number } | { moduleId: number },
      tx: Executor = db,
    ): Promise<void> {
      const inScope =
        'courseId' in scope
          ? eq(activities.courseId, scope.courseId)
          : eq(activities.moduleId, scope.moduleId);
      await tx
        .delete(uploadReferences)
        .where(
          and(
            eq(uploadReferences.parentType, ACTIVITY_PARENT),
            inArray(
              uploadReferences.parentId,
              tx.select({ id: activities.id }).from(activities).where(inScope),
            ),
          ),
        );
    },
  };
}

/**
 * The courses a file is shared to (course-services' `course_shared_uploads`): a shared file is one of
 * those courses' resources, perhaps the only use left of it, so the sweep keeps it like an attached one.
 */
/** A course's promotion video (public-listings), kept while the course's settings name it. */
function promotionVideosOf(tx: Executor) {
  return tx
    .select({ courseId: coursePublicSettings.courseId })
    .from(coursePublicSettings)
    .where(eq(coursePublicSettings.promotionVideoUploadId, uploads.id));
}

function sharesOf(tx: Executor) {
  return tx
    .select({ courseId: courseSharedUploads.courseId })
    .from(courseSharedUploads)
    .where(eq(courseSharedUploads.uploadId, uploads.id));
}

/**
 * Any live attachment of the upload row in the enclosing query. A marked attachment's reference counts only
 * while the marked attachment exists: deleting an exam, its module, its course or a student cascades the
 * attachment away by foreign key, but the reference points at it by type and id, which no key can cascade;
 * a question picture's reference likewise counts only while its question exists.
 * Such a left-behind reference goes with the file (by the upload's foreign key) when the sweep deletes it.
 */
function referencesOf(tx: Executor) {
  return tx
    .select({ id: uploadReferences.id })
    .from(uploadReferences)
    .where(
      and(
        eq(uploadReferences.uploadId, uploads.id),
        or(
          and(
            ne(uploadReferences.parentType, MARKED_ATTACHMENT_PARENT),
            ne(uploadReferences.parentType, SUBJECT_IMAGE_PARENT),
            ne(uploadReferences.parentType, HOMEWORK_SUBMISSION_PARENT),
            ne(uploadReferences.parentType, HOMEWORK_MARKED_ATTACHMENT_PARENT),
            ne(uploadReferences.parentType, HOMEWORK_REFERENCE_ANSWER_PARENT),
            ne(uploadReferences.parentType, ACTIVITY_IMAGE_PARENT),
            ne(uploadReferences.parentType, DISCUSSION_IMAGE_PARENT),
            ne(uploadReferences.parentType, DISCUSSION_REPLY_IMAGE_PARENT),
            ne(uploadReferences.parentType, HOMEWORK_SUBMISSION_IMAGE_PARENT),
          ),
          and(
            eq(uploadReferences.parentType, MARKED_ATTACHMENT_PARENT),
            exists(
              tx
                .select({ id: examMarkedAttachments.id })
                .from(examMarkedAttachments)
                .where(eq(examMarkedAttachments.id, uploadReferences.parentId)),
            ),
          ),
          and(
            eq(uploadReferences.parentType, SUBJECT_IMAGE_PARENT),
            exists(
              tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, uploadReferences.parentId)),
            ),
          ),
          // Homework files count while their submission (or marked attachment) exists.
          and(
            eq(uploadReferences.parentType, HOMEWORK_SUBMISSION_PARENT),
            exists(
              tx
                .select({ id: homeworkSubmissions.id })
                .from(homeworkSubmissions)
                .where(eq(homeworkSubmissions.id, uploadReferences.parentId)),
            ),
          ),
          and(
            eq(uploadReferences.parentType, HOMEWORK_MARKED_ATTACHMENT_PARENT),
            exists(
              tx
                .select({ id: homeworkMarkedAttachments.id })
                .from(homeworkMarkedAttachments)
                .where(eq(homeworkMarkedAttachments.id, uploadReferences.parentId)),
            ),
          ),
          // A homework's reference answer files count while the homework exists.
          and(
            eq(uploadReferences.parentType, HOMEWORK_REFERENCE_ANSWER_PARENT),
            exists(
              tx
                .select({ id: activities.id })
                .from(activities)
                .where(eq(activities.id, uploadReferences.parentId)),
            ),
          ),
          // Pictures in rich text count while the text's row exists. An activity in the recycle bin
          // still exists, so its pictures are there again when it is restored; its purge frees them.
          and(
            eq(uploadReferences.parentType, ACTIVITY_IMAGE_PARENT),
            exists(
              tx
                .select({ id: activities.id })
                .from(activities)
                .where(eq(activities.id, uploadReferences.parentId)),
            ),
          ),
          and(
            eq(uploadReferences.parentType, DISCUSSION_IMAGE_PARENT),
            exists(
              tx.select({ id: comments.id }).from(comments).where(eq(comments.id, uploadReferences.parentId)),
            ),
          ),
          and(
            eq(uploadReferences.parentType, DISCUSSION_REPLY_IMAGE_PARENT),
            exists(
              tx
                .select({ id: commentReplies.id })
                .from(commentReplies)
                .where(eq(commentReplies.id, uploadReferences.parentId)),
            ),
          ),
          and(
            eq(uploadReferences.parentType, HOMEWORK_SUBMISSION_IMAGE_PARENT),
            exists(
              tx
                .select({ id: homeworkSubmissions.id })
                .from(homeworkSubmissions)
                .where(eq(homeworkSubmissions.id, uploadReferences.parentId)),
            ),
          ),
        ),
      ),
    );
}

export type UploadsRepository = ReturnType<typeof uploadsRepository>;
