import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { courseMembers, groupMembers, groups } from '../../db/schema/courses.ts';
import {
  examMarkedAttachments,
  examSubmissions,
  MARKED_ATTACHMENT_PARENT,
  type SubjectScore,
} from '../../db/schema/exam-submissions.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { examineeRoleFilter, type SubmissionRow } from './exam-taking.repository.ts';
import type { MarkedAttachmentRow } from './exam-taking.presenter.ts';

const attachmentColumns = {
  id: examMarkedAttachments.id,
  submissionId: examMarkedAttachments.submissionId,
  subjectId: examMarkedAttachments.subjectId,
  uploadId: examMarkedAttachments.uploadId,
  name: uploads.name,
  size: uploads.size,
  type: uploads.type,
  createdBy: examMarkedAttachments.createdBy,
  creatorName: users.name,
  createdAt: examMarkedAttachments.createdAt,
};

export function markingRepository(db: Database) {
  return {
    async attachmentsOf(submissionIds: readonly number[], tx: Executor = db): Promise<MarkedAttachmentRow[]> {
      if (submissionIds.length === 0) return [];
      return tx
        .select(attachmentColumns)
        .from(examMarkedAttachments)
        .innerJoin(uploads, eq(uploads.id, examMarkedAttachments.uploadId))
        .leftJoin(users, eq(users.id, examMarkedAttachments.createdBy))
        .where(inArray(examMarkedAttachments.submissionId, [...submissionIds]))
        .orderBy(asc(examMarkedAttachments.id));
    },

    async findAttachment(
      id: number,
      tx: Executor = db,
    ): Promise<(MarkedAttachmentRow & { examId: number }) | undefined> {
      const [row] = await tx
        .select({ ...attachmentColumns, examId: examSubmissions.activityId })
        .from(examMarkedAttachments)
        .innerJoin(uploads, eq(uploads.id, examMarkedAttachments.uploadId))
        .innerJoin(examSubmissions, eq(examSubmissions.id, examMarkedAttachments.submissionId))
        .leftJoin(users, eq(users.id, examMarkedAttachments.createdBy))
        .where(eq(examMarkedAttachments.id, id));
      return row;
    },

    /**
     * Whose submissions these marked attachments belong to, for deciding who may read their files: the
     * exam, the examinee, the submission's status, and whether `userId` is in the submission's group.
     */
    async attachmentOwners(
      ids: readonly number[],
      userId: number,
      tx: Executor = db,
    ): Promise<
      {
        id: number;
        examId: number;
        examineeId: number;
        status: SubmissionRow['status'];
        inGroup: boolean;
      }[]
    > {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: examMarkedAttachments.id,
          examId: examSubmissions.activityId,
          examineeId: examSubmissions.examineeId,
          status: examSubmissions.status,
          inGroup: isNotNull(groupMembers.userId).mapWith(Boolean),
        })
        .from(examMarkedAttachments)
        .innerJoin(examSubmissions, eq(examSubmissions.id, examMarkedAttachments.submissionId))
        .leftJoin(
          groupMembers,
          and(eq(groupMembers.groupId, examSubmissions.groupId), eq(groupMembers.userId, userId)),
        )
        .where(inArray(examMarkedAttachments.id, [...ids]));
    },

    async insertAttachment(
      values: {
        submissionId: number;
        subjectId: number | null;
        uploadId: number;
        uploadName: string;
        createdBy: number;
      },
      tx: Executor,
    ): Promise<number> {
      const [row] = await tx
        .insert(examMarkedAttachments)
        .values({
          submissionId: values.submissionId,
          subjectId: values.subjectId,
          uploadId: values.uploadId,
          createdBy: values.createdBy,
        })
        .returning({ id: examMarkedAttachments.id });
      if (!row) throw new Error('insert returned no row');
      await tx.insert(uploadReferences).values({
        uploadId: values.uploadId,
        parentType: MARKED_ATTACHMENT_PARENT,
        parentId: row.id,
        name: values.uploadName,
        allowDownload: true,
        createdBy: values.createdBy,
      });
      return row.id;
    },

    async deleteAttachment(id: number, tx: Executor): Promise<void> {
      await tx
        .delete(uploadReferences)
        .where(
          and(eq(uploadReferences.parentType, MARKED_ATTACHMENT_PARENT), eq(uploadReferences.parentId, id)),
        );
      await tx.delete(examMarkedAttachments).where(eq(examMarkedAttachments.id, id));
    },

    /** The submission row, locked until the transaction ends, so two markers' scores never overwrite. */
    async lockSubmission(id: number, tx: Executor): Promise<SubmissionRow | undefined> {
      const [row] = await tx.select().from(examSubmissions).where(eq(examSubmissions.id, id)).for('update');
      return row;
    },

    async lockSubmissions(ids: readonly number[], tx: Executor): Promise<SubmissionRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(examSubmissions)
        .where(inArray(examSubmissions.id, [...ids]))
        .orderBy(asc(examSubmissions.id))
        .for('update');
    },

    async updateScores(
      id: number,
      values: { scores: SubjectScore[]; score: number | null; marked: boolean },
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(examSubmissions)
        .set({
          scoreData: values.scores,
          score: values.score,
          markStatus: values.marked ? 'marked' : 'unmarked',
          updatedAt: sql`now()`,
        })
        .where(eq(examSubmissions.id, id));
    },

    async updateComment(
      id: number,
      commentData: NonNullable<SubmissionRow['commentData']>,
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(examSubmissions)
        .set({ commentData, updatedAt: sql`now()` })
        .where(eq(examSubmissions.id, id));
    },

    /** The course's students in user-number order. */
    async examinees(courseId: number, tx: Executor = db) {
      return tx
        .select({ id: users.id, userNo: users.userNo, name: users.name })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), examineeRoleFilter))
        .orderBy(asc(users.userNo), asc(users.id));
    },

    /** Which of these users are students of the course. */
    async examineeIdsAmong(
      courseId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: courseMembers.userId })
        .from(courseMembers)
        .where(
          and(
            eq(courseMembers.courseId, courseId),
            inArray(courseMembers.userId, [...ids]),
            examineeRoleFilter,
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** The groups of a group set with their members, in the set's order. */
    async groupsOfSet(groupSetId: number, tx: Executor = db) {
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
  };
}

export type MarkingRepository = ReturnType<typeof markingRepository>;
