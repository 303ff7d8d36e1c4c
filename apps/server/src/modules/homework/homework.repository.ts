import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, groupMembers, groups } from '../../db/schema/courses.ts';
import {
  HOMEWORK_MARKED_ATTACHMENT_PARENT,
  HOMEWORK_SUBMISSION_PARENT,
  homeworkMarkedAttachments,
  homeworkPeerScores,
  homeworkSubmissions,
  homeworkSubmitters,
} from '../../db/schema/homework.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type SubmitterRow = typeof homeworkSubmitters.$inferSelect;
export type SubmissionRow = typeof homeworkSubmissions.$inferSelect;
export type NewSubmission = typeof homeworkSubmissions.$inferInsert;
export type MarkedAttachmentRow = typeof homeworkMarkedAttachments.$inferSelect;
export type PeerScoreRow = typeof homeworkPeerScores.$inferSelect;

/** Whose work: a student's own (individual homework) or a group's. Exactly one is set. */
export type SubmitterKey = { userId: number; groupId: null } | { userId: null; groupId: number };

export const studentKey = (userId: number): SubmitterKey => ({ userId, groupId: null });
export const groupKey = (groupId: number): SubmitterKey => ({ userId: null, groupId });

function submitterWhere(activityId: number, key: SubmitterKey): SQL | undefined {
  return and(
    eq(homeworkSubmitters.activityId, activityId),
    key.userId !== null
      ? eq(homeworkSubmitters.userId, key.userId)
      : eq(homeworkSubmitters.groupId, key.groupId),
  );
}

function submissionWhere(activityId: number, key: SubmitterKey): SQL | undefined {
  return and(
    eq(homeworkSubmissions.activityId, activityId),
    key.userId !== null
      ? eq(homeworkSubmissions.userId, key.userId)
      : eq(homeworkSubmissions.groupId, key.groupId),
  );
}

/** Learners of a course: students and student assistants who do not also teach it. */
const learnerRoles = sql`(${courseMembers.roles} && array['student','student_assistant']::text[] and not (${courseMembers.roles} && array['instructor','instructor_assistant']::text[]))`;

export type Person = { id: number; name: string; userNo: string };
export type GroupWithMembers = { id: number; name: string; memberIds: number[] };

/** Data access of homework: submitters, submissions, their files, marked attachments and peer scores. */
export function homeworkRepository(db: Database) {
  return {
    /**
     * The submitter's row, created when missing, locked until the transaction ends. Every hand-in and
     * every instructor action on a submitter takes this lock first, so versions are numbered one at a
     * time per submitter while different submitters proceed in parallel.
     */
    async lockSubmitter(activityId: number, key: SubmitterKey, tx: Executor): Promise<SubmitterRow> {
      await tx
        .insert(homeworkSubmitters)
        .values({ activityId, userId: key.userId, groupId: key.groupId })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(homeworkSubmitters)
        .where(submitterWhere(activityId, key))
        .for('update');
      if (!row) throw new Error('submitter row missing after insert');
      return row;
    },

    async findSubmitter(
      activityId: number,
      key: SubmitterKey,
      tx: Executor = db,
    ): Promise<SubmitterRow | undefined> {
      const [row] = await tx.select().from(homeworkSubmitters).where(submitterWhere(activityId, key));
      return row;
    },

    async submittersOf(activityId: number, tx: Executor = db): Promise<SubmitterRow[]> {
      return tx.select().from(homeworkSubmitters).where(eq(homeworkSubmitters.activityId, activityId));
    },

    /** The submitter rows of these homework activities for one student or their groups. */
    async submittersAmong(activityIds: readonly number[], tx: Executor = db): Promise<SubmitterRow[]> {
      if (activityIds.length === 0) return [];
      return tx
        .select()
        .from(homeworkSubmitters)
        .where(inArray(homeworkSubmitters.activityId, [...activityIds]));
    },

    async updateSubmitter(id: number, values: Partial<SubmitterRow>, tx: Executor): Promise<void> {
      const { id: _id, ...rest } = values;
      await tx
        .update(homeworkSubmitters)
        .set({ ...rest, updatedAt: sql`now()` })
        .where(eq(homeworkSubmitters.id, id));
    },

    async findSubmission(id: number, tx: Executor = db): Promise<SubmissionRow | undefined> {
      const [row] = await tx.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id));
      return row;
    },

    async lockSubmission(id: number, tx: Executor): Promise<SubmissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(homeworkSubmissions)
        .where(eq(homeworkSubmissions.id, id))
        .for('update');
      return row;
    },

    /** A submitter's hand-ins, oldest first; with `withDraft`, their draft too (last). */
    async submissionsOf(
      activityId: number,
      key: SubmitterKey,
      options: { withDraft: boolean },
      tx: Executor = db,
    ): Promise<SubmissionRow[]> {
      const rows = await tx
        .select()
        .from(homeworkSubmissions)
        .where(
          and(
            submissionWhere(activityId, key),
            options.withDraft ? undefined : eq(homeworkSubmissions.isDraft, false),
          ),
        )
        .orderBy(asc(homeworkSubmissions.isDraft), asc(homeworkSubmissions.version));
      return rows;
    },

    async findDraft(
      activityId: number,
      key: SubmitterKey,
      tx: Executor = db,
    ): Promise<SubmissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(homeworkSubmissions)
        .where(and(submissionWhere(activityId, key), eq(homeworkSubmissions.isDraft, true)));
      return row;
    },

    async latestFinal(
      activityId: number,
      key: SubmitterKey,
      tx: Executor = db,
    ): Promise<SubmissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(homeworkSubmissions)
        .where(and(submissionWhere(activityId, key), eq(homeworkSubmissions.isDraft, false)))
        .orderBy(desc(homeworkSubmissions.version))
        .limit(1);
      return row;
    },

    /** Every hand-in (no drafts) of these homework activities, oldest version first. */
    async finalsOf(activityIds: readonly number[], tx: Executor = db): Promise<SubmissionRow[]> {
      if (activityIds.length === 0) return [];
      return tx
        .select()
        .from(homeworkSubmissions)
        .where(
          and(
            inArray(homeworkSubmissions.activityId, [...activityIds]),
            eq(homeworkSubmissions.isDraft, false),
          ),
        )
        .orderBy(asc(homeworkSubmissions.activityId), asc(homeworkSubmissions.version));
    },

    /** Recommended hand-ins of a homework, the latest per submitter. */
    async recommended(activityId: number, tx: Executor = db): Promise<SubmissionRow[]> {
      return tx
        .select()
        .from(homeworkSubmissions)
        .where(
          and(
            eq(homeworkSubmissions.activityId, activityId),
            eq(homeworkSubmissions.isDraft, false),
            eq(homeworkSubmissions.recommend, true),
          ),
        )
        .orderBy(asc(homeworkSubmissions.id));
    },

    async insertSubmission(values: NewSubmission, tx: Executor): Promise<SubmissionRow> {
      const [row] = await tx.insert(homeworkSubmissions).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateSubmission(id: number, values: Partial<NewSubmission>, tx: Executor): Promise<SubmissionRow> {
      const [row] = await tx
        .update(homeworkSubmissions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(homeworkSubmissions.id, id))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    async setRecommend(ids: readonly number[], recommend: boolean, tx: Executor): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(homeworkSubmissions)
        .set({ recommend, updatedAt: sql`now()` })
        .where(inArray(homeworkSubmissions.id, [...ids]));
    },

    /** The upload ids attached to each submission, in order. */
    async uploadIdsOf(submissionIds: readonly number[], tx: Executor = db): Promise<Map<number, number[]>> {
      const result = new Map<number, number[]>();
      if (submissionIds.length === 0) return result;
      const rows = await tx
        .select({ parentId: uploadReferences.parentId, uploadId: uploadReferences.uploadId })
        .from(uploadReferences)
        .where(
          and(
            eq(uploadReferences.parentType, HOMEWORK_SUBMISSION_PARENT),
            inArray(uploadReferences.parentId, [...submissionIds]),
          ),
        )
        .orderBy(asc(uploadReferences.sort), asc(uploadReferences.id));
      for (const row of rows) result.set(row.parentId, [...(result.get(row.parentId) ?? []), row.uploadId]);
      return result;
    },

    /** The upload ids of each submission's files that are not deleted, in order. */
    async liveUploadIdsOf(
      submissionIds: readonly number[],
      tx: Executor = db,
    ): Promise<Map<number, number[]>> {
      const result = new Map<number, number[]>();
      if (submissionIds.length === 0) return result;
      const rows = await tx
        .select({ parentId: uploadReferences.parentId, uploadId: uploadReferences.uploadId })
        .from(uploadReferences)
        .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
        .where(
          and(
            eq(uploadReferences.parentType, HOMEWORK_SUBMISSION_PARENT),
            inArray(uploadReferences.parentId, [...submissionIds]),
            eq(uploads.deleted, false),
          ),
        )
        .orderBy(asc(uploadReferences.sort), asc(uploadReferences.id));
      for (const row of rows) {
        const list = result.get(row.parentId) ?? [];
        list.push(row.uploadId);
        result.set(row.parentId, list);
      }
      return result;
    },

    /** Replaces a submission's attachments with these uploads, in order. */
    async replaceUploads(
      submissionId: number,
      files: readonly { id: number; name: string }[],
      createdBy: number,
      tx: Executor,
    ): Promise<void> {
      await tx
        .delete(uploadReferences)
        .where(
          and(
            eq(uploadReferences.parentType, HOMEWORK_SUBMISSION_PARENT),
            eq(uploadReferences.parentId, submissionId),
          ),
        );
      if (files.length === 0) return;
      await tx.insert(uploadReferences).values(
        files.map((file, sort) => ({
          uploadId: file.id,
          parentType: HOMEWORK_SUBMISSION_PARENT,
          parentId: submissionId,
          name: file.name,
          sort,
          createdBy,
        })),
      );
    },

    /** Learners of the course, by student number. */
    async learners(courseId: number, tx: Executor = db): Promise<Person[]> {
      return tx
        .select({ id: users.id, name: users.name, userNo: users.userNo })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), learnerRoles))
        .orderBy(asc(users.userNo), asc(users.id));
    },

    async isLearner(courseId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: courseMembers.userId })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId), learnerRoles));
      return Boolean(row);
    },

    async people(ids: readonly number[], tx: Executor = db): Promise<Map<number, Person>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: users.id, name: users.name, userNo: users.userNo })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The groups of a group set with their members, in the set's order. */
    async groupsOfSet(groupSetId: number, tx: Executor = db): Promise<GroupWithMembers[]> {
      const [rows, members] = await Promise.all([
        tx
          .select({ id: groups.id, name: groups.name })
          .from(groups)
          .where(eq(groups.groupSetId, groupSetId))
          .orderBy(asc(groups.sort), asc(groups.id)),
        tx
          .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
          .from(groupMembers)
          .where(eq(groupMembers.groupSetId, groupSetId)),
      ]);
      return rows.map((g) => ({
        ...g,
        memberIds: members.filter((m) => m.groupId === g.id).map((m) => m.userId),
      }));
    },

    async groupNames(ids: readonly number[], tx: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(inArray(groups.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** A group with its set and members, if it exists. */
    async findGroup(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(groups).where(eq(groups.id, id));
      if (!row) return undefined;
      const members = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, id));
      return { ...row, memberIds: members.map((m) => m.userId) };
    },

    /** The user's group in a group set, if any. */
    async groupOf(groupSetId: number, userId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupSetId, groupSetId), eq(groupMembers.userId, userId)));
      return row?.groupId;
    },

    /** The user's groups in any of these group sets. */
    async groupsOfUser(userId: number, tx: Executor = db): Promise<Map<number, number>> {
      const rows = await tx
        .select({ groupSetId: groupMembers.groupSetId, groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(eq(groupMembers.userId, userId));
      return new Map(rows.map((r) => [r.groupSetId, r.groupId]));
    },

    async homeworkOfCourse(courseId: number, publishedOnly: boolean, tx: Executor = db) {
      return tx
        .select()
        .from(activities)
        .where(
          and(
            eq(activities.courseId, courseId),
            eq(activities.type, 'homework'),
            activityNotDeleted,
            publishedOnly ? eq(activities.published, true) : undefined,
          ),
        )
        .orderBy(asc(activities.sort), asc(activities.id));
    },

    // Marked attachments ------------------------------------------------------------------------------

    async markedAttachmentsOf(submissionIds: readonly number[], tx: Executor = db) {
      if (submissionIds.length === 0) return [];
      return tx
        .select({
          attachment: homeworkMarkedAttachments,
          upload: uploads,
          referenceId: uploadReferences.id,
          creatorName: users.name,
        })
        .from(homeworkMarkedAttachments)
        .innerJoin(uploads, eq(uploads.id, homeworkMarkedAttachments.uploadId))
        .innerJoin(
          uploadReferences,
          and(
            eq(uploadReferences.parentType, HOMEWORK_MARKED_ATTACHMENT_PARENT),
            eq(uploadReferences.parentId, homeworkMarkedAttachments.id),
          ),
        )
        .leftJoin(users, eq(users.id, homeworkMarkedAttachments.createdBy))
        .where(inArray(homeworkMarkedAttachments.submissionId, [...submissionIds]))
        .orderBy(asc(homeworkMarkedAttachments.id));
    },

    async findMarkedAttachment(id: number, tx: Executor = db): Promise<MarkedAttachmentRow | undefined> {
      const [row] = await tx
        .select()
        .from(homeworkMarkedAttachments)
        .where(eq(homeworkMarkedAttachments.id, id));
      return row;
    },

    /** The marked attachment that holds this upload reference, if it is one. */
    async markedAttachmentOfReference(referenceId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ attachment: homeworkMarkedAttachments, reference: uploadReferences })
        .from(uploadReferences)
        .innerJoin(homeworkMarkedAttachments, eq(homeworkMarkedAttachments.id, uploadReferences.parentId))
        .where(
          and(
            eq(uploadReferences.id, referenceId),
            eq(uploadReferences.parentType, HOMEWORK_MARKED_ATTACHMENT_PARENT),
          ),
        );
      return row;
    },

    async insertMarkedAttachment(
      values: {
        submissionId: number;
        uploadId: number;
        uploadName: string;
        originUploadId: number | null;
        createdBy: number;
      },
      tx: Executor,
    ): Promise<number> {
      const [row] = await tx
        .insert(homeworkMarkedAttachments)
        .values({
          submissionId: values.submissionId,
          uploadId: values.uploadId,
          originUploadId: values.originUploadId,
          createdBy: values.createdBy,
        })
        .returning({ id: homeworkMarkedAttachments.id });
      if (!row) throw new Error('insert returned no row');
      await tx.insert(uploadReferences).values({
        uploadId: values.uploadId,
        parentType: HOMEWORK_MARKED_ATTACHMENT_PARENT,
        parentId: row.id,
        name: values.uploadName,
        createdBy: values.createdBy,
      });
      return row.id;
    },

    /** Points a marked attachment (and its reference) at another upload: a re-saved annotation. */
    async replaceMarkedUpload(
      attachmentId: number,
      referenceId: number,
      upload: { id: number; name: string },
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(homeworkMarkedAttachments)
        .set({ uploadId: upload.id, updatedAt: sql`now()` })
        .where(eq(homeworkMarkedAttachments.id, attachmentId));
      await tx
        .update(uploadReferences)
        .set({ uploadId: upload.id, name: upload.name })
        .where(eq(uploadReferences.id, referenceId));
    },

    async deleteMarkedAttachment(id: number, tx: Executor): Promise<void> {
      await tx
        .delete(uploadReferences)
        .where(
          and(
            eq(uploadReferences.parentType, HOMEWORK_MARKED_ATTACHMENT_PARENT),
            eq(uploadReferences.parentId, id),
          ),
        );
      await tx.delete(homeworkMarkedAttachments).where(eq(homeworkMarkedAttachments.id, id));
    },

    // Peer scores --------------------------------------------------------------------------------------

    async peerScores(
      activityId: number,
      kind: 'inter' | 'intra',
      filter: { groupId?: number; scorerId?: number },
      tx: Executor = db,
    ): Promise<PeerScoreRow[]> {
      return tx
        .select()
        .from(homeworkPeerScores)
        .where(
          and(
            eq(homeworkPeerScores.activityId, activityId),
            eq(homeworkPeerScores.kind, kind),
            filter.groupId !== undefined ? eq(homeworkPeerScores.groupId, filter.groupId) : undefined,
            filter.scorerId !== undefined ? eq(homeworkPeerScores.scorerId, filter.scorerId) : undefined,
          ),
        )
        .orderBy(asc(homeworkPeerScores.id));
    },

    /** One score per scorer and target: scoring again replaces it. */
    async upsertPeerScore(
      values: Omit<typeof homeworkPeerScores.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
      tx: Executor,
    ): Promise<PeerScoreRow> {
      const existing = await tx
        .select({ id: homeworkPeerScores.id })
        .from(homeworkPeerScores)
        .where(
          and(
            eq(homeworkPeerScores.activityId, values.activityId),
            eq(homeworkPeerScores.kind, values.kind),
            eq(homeworkPeerScores.scorerId, values.scorerId),
            eq(homeworkPeerScores.groupId, values.groupId),
            values.targetUserId
              ? eq(homeworkPeerScores.targetUserId, values.targetUserId)
              : isNull(homeworkPeerScores.targetUserId),
          ),
        )
        .for('update');
      const found = existing[0];
      const [row] = found
        ? await tx
            .update(homeworkPeerScores)
            .set({
              score: values.score,
              comment: values.comment,
              rubricScore: values.rubricScore,
              updatedAt: sql`now()`,
            })
            .where(eq(homeworkPeerScores.id, found.id))
            .returning()
        : await tx.insert(homeworkPeerScores).values(values).returning();
      if (!row) throw new Error('peer score not stored');
      return row;
    },
  };
}

export type HomeworkRepository = ReturnType<typeof homeworkRepository>;
