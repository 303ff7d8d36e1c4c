import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { activities } from '../../db/schema/activities.ts';
import { groups } from '../../db/schema/courses.ts';
import { duplicateDocuments, duplicatePairs, thirdPartyChecks } from '../../db/schema/duplicate-check.ts';
import {
  HOMEWORK_SUBMISSION_PARENT,
  homeworkSubmissions,
  homeworkSubmitters,
} from '../../db/schema/homework.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type DocumentRow = typeof duplicateDocuments.$inferSelect;
export type NewDocument = typeof duplicateDocuments.$inferInsert;
export type PairRow = typeof duplicatePairs.$inferSelect;
export type NewPair = typeof duplicatePairs.$inferInsert;
export type ThirdPartyRow = typeof thirdPartyChecks.$inferSelect;

/** A submission version that is its submitter's latest hand-in: the one the check speaks for. */
export type CurrentSubmission = {
  submissionId: number;
  userId: number | null;
  groupId: number | null;
  name: string;
  userNo: string | null;
};

export type SubmissionFile = {
  uploadId: number;
  name: string;
  storageKey: string | null;
  size: number;
  status: string;
  deleted: boolean;
};

/** Only submitters' latest hand-ins: older versions and drafts are never compared or shown. */
const isCurrent = and(
  eq(homeworkSubmissions.isDraft, false),
  eq(homeworkSubmissions.version, homeworkSubmitters.lastVersion),
);
const submitterJoin = and(
  eq(homeworkSubmitters.activityId, homeworkSubmissions.activityId),
  sql`${homeworkSubmitters.userId} is not distinct from ${homeworkSubmissions.userId}`,
  sql`${homeworkSubmitters.groupId} is not distinct from ${homeworkSubmissions.groupId}`,
);

export function duplicateCheckRepository(db: Database) {
  return {
    async findSubmission(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id));
      return row;
    },

    /** The files attached to a submission, in order. */
    async filesOf(submissionId: number, tx: Executor = db): Promise<SubmissionFile[]> {
      return tx
        .select({
          uploadId: uploads.id,
          name: uploadReferences.name,
          storageKey: uploads.storageKey,
          size: uploads.size,
          status: uploads.status,
          deleted: uploads.deleted,
        })
        .from(uploadReferences)
        .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
        .where(
          and(
            eq(uploadReferences.parentType, HOMEWORK_SUBMISSION_PARENT),
            eq(uploadReferences.parentId, submissionId),
          ),
        )
        .orderBy(asc(uploadReferences.sort), asc(uploadReferences.id));
    },

    /** What the instructor gave every student: the homework's description and its attached files. */
    async templateOf(
      activityId: number,
      tx: Executor = db,
    ): Promise<{ description: string; files: SubmissionFile[] }> {
      const [activity] = await tx
        .select({ data: activities.data })
        .from(activities)
        .where(eq(activities.id, activityId));
      const description = activity?.data.description;
      const files = await tx
        .select({
          uploadId: uploads.id,
          name: uploadReferences.name,
          storageKey: uploads.storageKey,
          size: uploads.size,
          status: uploads.status,
          deleted: uploads.deleted,
        })
        .from(uploadReferences)
        .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
        .where(
          and(eq(uploadReferences.parentType, ACTIVITY_PARENT), eq(uploadReferences.parentId, activityId)),
        )
        .orderBy(asc(uploadReferences.sort), asc(uploadReferences.id));
      return { description: typeof description === 'string' ? description : '', files };
    },

    async saveDocument(row: NewDocument, tx: Executor = db): Promise<void> {
      const { submissionId: _key, ...rest } = row;
      await tx
        .insert(duplicateDocuments)
        .values(row)
        .onConflictDoUpdate({
          target: duplicateDocuments.submissionId,
          set: { ...rest, checkedAt: sql`now()` },
        });
    },

    /** The latest hand-ins of a homework, with their submitters' names, optionally only some submitters. */
    async currentSubmissions(
      activityId: number,
      filter: {
        userIds?: readonly number[];
        groupIds?: readonly number[];
        submissionIds?: readonly number[];
      } = {},
      tx: Executor = db,
    ): Promise<CurrentSubmission[]> {
      const conditions = [eq(homeworkSubmissions.activityId, activityId), isCurrent];
      if (filter.userIds) conditions.push(inArray(homeworkSubmissions.userId, [...filter.userIds, 0]));
      if (filter.groupIds) conditions.push(inArray(homeworkSubmissions.groupId, [...filter.groupIds, 0]));
      if (filter.submissionIds)
        conditions.push(inArray(homeworkSubmissions.id, [...filter.submissionIds, 0]));
      return tx
        .select({
          submissionId: homeworkSubmissions.id,
          userId: homeworkSubmissions.userId,
          groupId: homeworkSubmissions.groupId,
          name: sql<string>`coalesce(${users.name}, ${groups.name}, '')`,
          userNo: users.userNo,
        })
        .from(homeworkSubmissions)
        .innerJoin(homeworkSubmitters, submitterJoin)
        .leftJoin(users, eq(users.id, homeworkSubmissions.userId))
        .leftJoin(groups, eq(groups.id, homeworkSubmissions.groupId))
        .where(and(...conditions));
    },

    /** Fingerprints of the homework's latest hand-ins that were checked. */
    async currentFingerprints(activityId: number, tx: Executor = db) {
      return tx
        .select({
          submissionId: duplicateDocuments.submissionId,
          userId: homeworkSubmissions.userId,
          groupId: homeworkSubmissions.groupId,
          hashes: duplicateDocuments.hashes,
          count: duplicateDocuments.fingerprintCount,
        })
        .from(duplicateDocuments)
        .innerJoin(homeworkSubmissions, eq(homeworkSubmissions.id, duplicateDocuments.submissionId))
        .innerJoin(homeworkSubmitters, submitterJoin)
        .where(
          and(
            eq(duplicateDocuments.activityId, activityId),
            eq(duplicateDocuments.status, 'checked'),
            isCurrent,
          ),
        );
    },

    async documentsOf(submissionIds: readonly number[], tx: Executor = db): Promise<DocumentRow[]> {
      if (submissionIds.length === 0) return [];
      return tx
        .select()
        .from(duplicateDocuments)
        .where(inArray(duplicateDocuments.submissionId, [...submissionIds]));
    },

    /** Statuses only (no text or hashes), for counting. */
    async statusesOf(submissionIds: readonly number[], tx: Executor = db) {
      if (submissionIds.length === 0) return [];
      return tx
        .select({
          submissionId: duplicateDocuments.submissionId,
          status: duplicateDocuments.status,
          count: duplicateDocuments.fingerprintCount,
        })
        .from(duplicateDocuments)
        .where(inArray(duplicateDocuments.submissionId, [...submissionIds]));
    },

    async upsertPairs(rows: NewPair[], tx: Executor = db): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insert(duplicatePairs)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [duplicatePairs.submissionA, duplicatePairs.submissionB],
            set: {
              shared: sql`excluded.shared`,
              rateA: sql`excluded.rate_a`,
              rateB: sql`excluded.rate_b`,
              rate: sql`excluded.rate`,
              checkedAt: sql`now()`,
            },
          });
      }
    },

    /** Pairs among these submissions (both sides in the list). */
    async pairsAmong(submissionIds: readonly number[], tx: Executor = db): Promise<PairRow[]> {
      if (submissionIds.length === 0) return [];
      const ids = [...submissionIds];
      return tx
        .select()
        .from(duplicatePairs)
        .where(and(inArray(duplicatePairs.submissionA, ids), inArray(duplicatePairs.submissionB, ids)));
    },

    async deletePairs(ids: readonly number[], tx: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await tx.delete(duplicatePairs).where(inArray(duplicatePairs.id, [...ids]));
    },

    /** Pairs involving any of these submissions. */
    async pairsOf(submissionIds: readonly number[], tx: Executor = db): Promise<PairRow[]> {
      if (submissionIds.length === 0) return [];
      const ids = [...submissionIds];
      return tx
        .select()
        .from(duplicatePairs)
        .where(or(inArray(duplicatePairs.submissionA, ids), inArray(duplicatePairs.submissionB, ids)));
    },

    /** A homework's pairs at or above the threshold, highest first. */
    async pairsAbove(activityId: number, threshold: number, tx: Executor = db): Promise<PairRow[]> {
      return tx
        .select()
        .from(duplicatePairs)
        .where(and(eq(duplicatePairs.activityId, activityId), gte(duplicatePairs.rate, threshold)))
        .orderBy(desc(duplicatePairs.rate), asc(duplicatePairs.id));
    },

    async findPair(id: number, tx: Executor = db): Promise<PairRow | undefined> {
      const [row] = await tx.select().from(duplicatePairs).where(eq(duplicatePairs.id, id));
      return row;
    },

    async insertThirdParty(rows: (typeof thirdPartyChecks.$inferInsert)[], tx: Executor = db) {
      if (rows.length === 0) return [];
      return tx.insert(thirdPartyChecks).values(rows).onConflictDoNothing().returning();
    },

    async findThirdParty(id: number, tx: Executor = db): Promise<ThirdPartyRow | undefined> {
      const [row] = await tx.select().from(thirdPartyChecks).where(eq(thirdPartyChecks.id, id));
      return row;
    },

    async updateThirdParty(
      id: number,
      values: Partial<
        Pick<ThirdPartyRow, 'externalId' | 'status' | 'similarity' | 'reportUrl' | 'lastError'>
      >,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(thirdPartyChecks)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(thirdPartyChecks.id, id));
    },

    async thirdPartyOf(
      submissionIds: readonly number[],
      tx: Executor = db,
    ): Promise<(ThirdPartyRow & { fileName: string })[]> {
      if (submissionIds.length === 0) return [];
      const rows = await tx
        .select({ check: thirdPartyChecks, fileName: uploads.name })
        .from(thirdPartyChecks)
        .innerJoin(uploads, eq(uploads.id, thirdPartyChecks.uploadId))
        .where(inArray(thirdPartyChecks.submissionId, [...submissionIds]))
        .orderBy(asc(thirdPartyChecks.submissionId), asc(thirdPartyChecks.id));
      return rows.map((row) => ({ ...row.check, fileName: row.fileName }));
    },
  };
}
