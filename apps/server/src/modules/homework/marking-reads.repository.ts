import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { courseMembers } from '../../db/schema/courses.ts';
import {
  HOMEWORK_MARKED_ATTACHMENT_PARENT,
  HOMEWORK_SUBMISSION_PARENT,
  homeworkMarkedAttachments,
  homeworkSubmissions,
  scoreRecords,
} from '../../db/schema/homework.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/database.ts';
import type { ReferenceWithUpload, UploadRow } from '../uploads/uploads.repository.ts';
import type { MarkedAttachmentRow, Person, SubmissionRow } from './homework.repository.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

// The reads the marking dialog makes for every student it moves to (one student's hand-ins with their
// files and people, the marker's files, a page of score changes) are named prepared statements with
// scalar parameters only (decision 0006, hot reads): built once, planned once per connection.

const activityId = sql.placeholder('activityId');
const studentId = sql.placeholder('studentId');
const mine = and(
  eq(homeworkSubmissions.activityId, activityId),
  eq(homeworkSubmissions.userId, studentId),
  sql`(${sql.placeholder('withDraft')}::boolean or not ${homeworkSubmissions.isDraft})`,
);

function prepare(db: Database) {
  const learnerWhere = and(
    eq(courseMembers.courseId, sql.placeholder('courseId')),
    eq(courseMembers.userId, studentId),
    sql`${courseMembers.roles} && array['student','student_assistant']::text[]`,
    sql`not (${courseMembers.roles} && array['instructor','instructor_assistant']::text[])`,
  );
  const learner = withCompiledRows(
    db
      .select({ userId: courseMembers.userId })
      .from(courseMembers)
      .where(learnerWhere)
      .prepare('homework_marking_is_learner'),
  );
  // The people a hand-in names and the learner check ride along on each row (a student with no
  // hand-ins yet costs one more query).
  const submitter = alias(users, 'submitter');
  const sender = alias(users, 'sender');
  const marker = alias(users, 'marker');
  const submissions = withCompiledRows(
    db
      .select({
        row: homeworkSubmissions,
        submitter: { id: submitter.id, name: submitter.name, userNo: submitter.userNo },
        sender: { id: sender.id, name: sender.name, userNo: sender.userNo },
        marker: { id: marker.id, name: marker.name, userNo: marker.userNo },
        learner: sql<boolean>`exists (select 1 from ${courseMembers} where ${learnerWhere})`,
      })
      .from(homeworkSubmissions)
      .leftJoin(submitter, eq(submitter.id, homeworkSubmissions.userId))
      .leftJoin(sender, eq(sender.id, homeworkSubmissions.submittedBy))
      .leftJoin(marker, eq(marker.id, homeworkSubmissions.markedBy))
      .where(mine)
      .orderBy(asc(homeworkSubmissions.isDraft), asc(homeworkSubmissions.version))
      .prepare('homework_marking_student_submissions'),
  );
  const mineIds = db.select({ id: homeworkSubmissions.id }).from(homeworkSubmissions).where(mine);
  const references = withCompiledRows(
    db
      .select({ reference: uploadReferences, upload: uploads })
      .from(uploadReferences)
      .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
      .where(
        and(
          eq(uploadReferences.parentType, HOMEWORK_SUBMISSION_PARENT),
          inArray(uploadReferences.parentId, mineIds),
          eq(uploads.deleted, false),
        ),
      )
      .orderBy(asc(uploadReferences.parentId), asc(uploadReferences.sort), asc(uploadReferences.id))
      .prepare('homework_marking_student_files'),
  );
  // A submission with the marker's files on it, in one read (left joins: a submission has none at first).
  const submissionWithMarkedFiles = withCompiledRows(
    db
      .select({
        submission: homeworkSubmissions,
        attachment: homeworkMarkedAttachments,
        upload: uploads,
        referenceId: uploadReferences.id,
        creatorName: users.name,
      })
      .from(homeworkSubmissions)
      .leftJoin(homeworkMarkedAttachments, eq(homeworkMarkedAttachments.submissionId, homeworkSubmissions.id))
      .leftJoin(uploads, eq(uploads.id, homeworkMarkedAttachments.uploadId))
      .leftJoin(
        uploadReferences,
        and(
          eq(uploadReferences.parentType, HOMEWORK_MARKED_ATTACHMENT_PARENT),
          eq(uploadReferences.parentId, homeworkMarkedAttachments.id),
        ),
      )
      .leftJoin(users, eq(users.id, homeworkMarkedAttachments.createdBy))
      .where(eq(homeworkSubmissions.id, sql.placeholder('id')))
      .orderBy(asc(homeworkMarkedAttachments.id))
      .prepare('homework_marking_submission_marked_files'),
  );
  const scorePage = (submitter: SQL) =>
    db
      .select({ ...getTableColumns(scoreRecords), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(scoreRecords)
      .where(and(eq(scoreRecords.activityId, activityId), submitter))
      .orderBy(desc(scoreRecords.createdAt), desc(scoreRecords.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  const studentScorePage = withCompiledRows(
    scorePage(eq(scoreRecords.userId, sql.placeholder('submitterId'))).prepare(
      'homework_marking_student_score_page',
    ),
  );
  const groupScorePage = withCompiledRows(
    scorePage(eq(scoreRecords.groupId, sql.placeholder('submitterId'))).prepare(
      'homework_marking_group_score_page',
    ),
  );
  return {
    learner,
    submissions,
    references,
    submissionWithMarkedFiles,
    studentScorePage,
    groupScorePage,
  };
}

const prepared = new WeakMap<Database, ReturnType<typeof prepare>>();

export function markingReads(db: Database) {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = prepare(db)));
  const s = statements;
  return {
    /**
     * One student's work on an individual homework, in one round of parallel reads: whether they are a
     * learner of the course, their hand-ins (and draft, with `withDraft`), the files and the people named.
     */
    async studentWork(
      courseId: number,
      homeworkId: number,
      student: number,
      withDraft: boolean,
    ): Promise<{
      learner: boolean;
      rows: SubmissionRow[];
      references: ReferenceWithUpload[];
      people: Map<number, Person>;
    }> {
      const params = { courseId, activityId: homeworkId, studentId: student, withDraft };
      const [found, references] = await Promise.all([
        s.submissions.execute(params),
        s.references.execute(params),
      ]);
      const people = new Map<number, Person>();
      for (const named of found.flatMap((r) => [r.submitter, r.sender, r.marker])) {
        if (named) people.set(named.id, named);
      }
      const learner = found[0]?.learner ?? (await s.learner.execute(params)).length > 0;
      return { learner, rows: found.map((r) => r.row), references, people };
    },

    /** A submission and the marker's files on it (each with its upload, reference and creator). */
    async submissionWithMarkedFiles(id: number): Promise<
      | {
          row: SubmissionRow;
          files: {
            attachment: MarkedAttachmentRow;
            upload: UploadRow;
            referenceId: number;
            creatorName: string | null;
          }[];
        }
      | undefined
    > {
      const found = await s.submissionWithMarkedFiles.execute({ id });
      const [first] = found;
      if (!first) return undefined;
      const files = found.flatMap(({ attachment, upload, referenceId, creatorName }) =>
        attachment && upload && referenceId !== null
          ? [{ attachment, upload, referenceId, creatorName }]
          : [],
      );
      return { row: first.submission, files };
    },

    /** A page of a submitter's score changes, newest first, with the total (undefined past the end). */
    async scorePage(
      filter: { activityId: number; userId: number | null; groupId: number | null },
      page: { limit: number; offset: number },
    ) {
      const statement = filter.groupId !== null ? s.groupScorePage : s.studentScorePage;
      const found = await statement.execute({
        activityId: filter.activityId,
        submitterId: filter.groupId ?? filter.userId,
        ...page,
      });
      return {
        rows: found.map(({ total: _total, ...row }) => row),
        total: found[0]?.total,
      };
    },
  };
}
