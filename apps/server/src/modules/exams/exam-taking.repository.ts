import { and, asc, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { courseMembers, groupMembers, groups } from '../../db/schema/courses.ts';
import {
  examPaperInstances,
  examRetakeRecords,
  examSubmissions,
  type SubjectScore,
  type SubmittedAnswer,
} from '../../db/schema/exam-submissions.ts';
import { examMakeupUsers, subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { activities } from '../../db/schema/activities.ts';
import { paperVersionSql } from './paper-version.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

export type InstanceRow = typeof examPaperInstances.$inferSelect;
export type SubmissionRow = typeof examSubmissions.$inferSelect;
export type PaperLayout = InstanceRow['layout'];
export type Examinee = { id: number; userNo: string; name: string };
/** A submission with the attempt it answers and who wrote it. */
export type SubmissionWithInstance = SubmissionRow & {
  attempt: number;
  layout: PaperLayout;
  examinee: Examinee;
};
/** An attempt not yet handed in: what distribute needs of its instance and submission. */
export type OpenAttempt = {
  instance: Pick<InstanceRow, 'id' | 'attempt' | 'isMakeup' | 'layout' | 'createdAt'>;
  submission: Pick<SubmissionRow, 'id' | 'status' | 'draftData' | 'updatedAt'>;
};
type RawAttempt = {
  id: number | null;
  attempt: number;
  is_makeup: boolean;
  layout: PaperLayout | string;
  created_at: Date | string;
  submission_id: number;
  updated_at: Date | string;
};

/** Whose attempts count: one student's, or (group exams) their group's. */
export type AttemptScope = { examineeId: number; groupId: number | null };

/** What handing a paper in writes: the answers, how they were marked and the totals. */
export type FinalValues = {
  answers: SubmittedAnswer[];
  scores: SubjectScore[];
  score: number | null;
  autoScore: number;
  marked: boolean;
};

/** The columns a hand-in sets, whichever way it is written. */
function handInSet(values: FinalValues) {
  return {
    status: 'submitted' as const,
    submissionData: values.answers,
    scoreData: values.scores,
    score: values.score,
    autoScore: values.autoScore,
    markStatus: values.marked ? ('marked' as const) : ('unmarked' as const),
    submittedAt: sql`now()`,
    updatedAt: sql`now()`,
  };
}

const examineeColumns = { id: users.id, userNo: users.userNo, name: users.name };

/** Students of a course (anyone holding a learner role and no teaching role). */
export const examineeRoleFilter = sql`(${courseMembers.roles} && array['student','student_assistant']::text[] and not (${courseMembers.roles} && array['instructor','instructor_assistant']::text[]))`;

/** Submissions with the attempt they answer and who wrote it, one flat row each. */
async function selectWithInstance(
  tx: Executor,
  where: SQL | undefined,
  orderBy: SQL[] = [],
): Promise<SubmissionWithInstance[]> {
  const rows = await tx
    .select({
      submission: examSubmissions,
      attempt: examPaperInstances.attempt,
      layout: examPaperInstances.layout,
      examinee: examineeColumns,
    })
    .from(examSubmissions)
    .innerJoin(examPaperInstances, eq(examPaperInstances.id, examSubmissions.instanceId))
    .innerJoin(users, eq(users.id, examSubmissions.examineeId))
    .where(where)
    .orderBy(...orderBy);
  return rows.map((r) => ({ ...r.submission, attempt: r.attempt, layout: r.layout, examinee: r.examinee }));
}

function scopeWhere(examId: number, scope: AttemptScope): SQL | undefined {
  return and(
    eq(examSubmissions.activityId, examId),
    scope.groupId === null
      ? eq(examSubmissions.examineeId, scope.examineeId)
      : eq(examSubmissions.groupId, scope.groupId),
  );
}

// The three reads every exam start and save makes are named prepared statements (decision 0006).
function prepareOpenAttempt(tx: Executor) {
  return withCompiledRows(
    tx
      .select({ instance: examPaperInstances, submission: examSubmissions })
      .from(examPaperInstances)
      .innerJoin(examSubmissions, eq(examSubmissions.instanceId, examPaperInstances.id))
      .where(
        and(
          eq(examPaperInstances.activityId, sql.placeholder('examId')),
          eq(examPaperInstances.userId, sql.placeholder('userId')),
          eq(examSubmissions.status, 'draft'),
        ),
      )
      .orderBy(desc(examPaperInstances.attempt))
      .limit(1)
      .prepare('exam_open_attempt'),
  );
}

function prepareInstance(tx: Executor) {
  return withCompiledRows(
    tx
      .select({ instance: examPaperInstances, submission: examSubmissions })
      .from(examPaperInstances)
      .innerJoin(examSubmissions, eq(examSubmissions.instanceId, examPaperInstances.id))
      .where(eq(examPaperInstances.id, sql.placeholder('id')))
      .prepare('exam_instance_with_submission'),
  );
}

function prepareSaveDraft(tx: Executor) {
  return withCompiledRows(
    tx
      .update(examSubmissions)
      .set({ draftData: sql`${sql.placeholder('draft')}::jsonb`, updatedAt: sql`now()` })
      .where(
        and(
          eq(examSubmissions.instanceId, sql.placeholder('instanceId')),
          eq(examSubmissions.status, 'draft'),
        ),
      )
      .returning({ id: examSubmissions.id, updatedAt: examSubmissions.updatedAt })
      .prepare('exam_save_draft'),
  );
}

/** The columns a hand-in sets in a named statement, from placeholders `handInParams` fills. */
export function handInSetFromPlaceholders() {
  return {
    status: 'submitted' as const,
    submissionData: sql`${sql.placeholder('answers')}::jsonb`,
    scoreData: sql`${sql.placeholder('scores')}::jsonb`,
    score: sql`${sql.placeholder('score')}::float8`,
    autoScore: sql`${sql.placeholder('autoScore')}::float8`,
    markStatus: sql`${sql.placeholder('markStatus')}::text`,
    submittedAt: sql`now()`,
    updatedAt: sql`now()`,
  };
}

/** The values of handInSetFromPlaceholders' placeholders. */
export function handInParams(values: FinalValues) {
  return {
    answers: JSON.stringify(values.answers),
    scores: JSON.stringify(values.scores),
    score: values.score,
    autoScore: values.autoScore,
    markStatus: values.marked ? 'marked' : 'unmarked',
  };
}

/** The examinee has an attempt left: fewer hand-ins of the exam than it allows plus their retakes. */
export function attemptLeft(examId: SQLWrapper, userId: SQLWrapper, submitTimes: SQLWrapper): SQL {
  return sql`(select count(*) from ${examSubmissions} f where f.activity_id = ${examId} and f.examinee_id = ${userId} and f.status = 'submitted')
    < ${submitTimes}::int + (select count(*) from ${examRetakeRecords} r where r.activity_id = ${examId} and r.examinee_id = ${userId})`;
}

/**
 * The hand-in of a paper still in draft, while the examinee has an attempt left: named too, since every
 * student of an exam storm sends it once and Postgres otherwise parses and plans it each time (about
 * 0.25 ms of the hand-in's database time, measured in the storm).
 */
function prepareHandIn(tx: Executor) {
  return withCompiledRows(
    tx
      .update(examSubmissions)
      .set(handInSetFromPlaceholders())
      .where(
        and(
          eq(examSubmissions.instanceId, sql.placeholder('instanceId')),
          eq(examSubmissions.status, 'draft'),
          attemptLeft(sql.placeholder('examId'), sql.placeholder('userId'), sql.placeholder('submitTimes')),
        ),
      )
      .returning()
      .prepare('exam_hand_in'),
  );
}

export function examTakingRepository(db: Database) {
  let openOnDb: ReturnType<typeof prepareOpenAttempt> | undefined;
  let instanceOnDb: ReturnType<typeof prepareInstance> | undefined;
  let draftOnDb: ReturnType<typeof prepareSaveDraft> | undefined;
  let handInOnDb: ReturnType<typeof prepareHandIn> | undefined;

  return {
    /** The caller's attempt not yet handed in, with its submission row (at most one at a time). */
    async findOpenAttempt(
      examId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<{ instance: InstanceRow; submission: SubmissionRow } | undefined> {
      const statement = tx === db ? (openOnDb ??= prepareOpenAttempt(db)) : prepareOpenAttempt(tx);
      const [row] = await statement.execute({ examId, userId });
      return row;
    },

    async findInstance(
      id: number,
      tx: Executor = db,
    ): Promise<{ instance: InstanceRow; submission: SubmissionRow } | undefined> {
      const statement = tx === db ? (instanceOnDb ??= prepareInstance(db)) : prepareInstance(tx);
      const [row] = await statement.execute({ id });
      return row;
    },

    /**
     * The instance and its submission with the submission row locked until the transaction ends: of two
     * hand-ins of the same paper, the second waits here and then sees the first one's result.
     */
    async lockInstance(
      id: number,
      tx: Executor,
    ): Promise<{ instance: InstanceRow; submission: SubmissionRow } | undefined> {
      const [row] = await tx
        .select({ instance: examPaperInstances, submission: examSubmissions })
        .from(examPaperInstances)
        .innerJoin(examSubmissions, eq(examSubmissions.instanceId, examPaperInstances.id))
        .where(eq(examPaperInstances.id, id))
        .for('update', { of: examSubmissions });
      return row;
    },

    /**
     * Paper instances of an exam still open (a draft) that were distributed before `startedBefore`, or
     * all open ones when it is null: attempts whose time ran out without a hand-in.
     */
    async expiredOpenInstanceIds(
      examId: number,
      startedBefore: Date | null,
      tx: Executor = db,
    ): Promise<number[]> {
      const rows = await tx
        .select({ id: examPaperInstances.id })
        .from(examSubmissions)
        .innerJoin(examPaperInstances, eq(examPaperInstances.id, examSubmissions.instanceId))
        .where(
          and(
            eq(examSubmissions.activityId, examId),
            eq(examSubmissions.status, 'draft'),
            startedBefore ? sql`${examPaperInstances.createdAt} < ${startedBefore.toISOString()}` : undefined,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Locks a group's row so members handing in at the same time are counted one after the other. */
    async lockGroup(groupId: number, tx: Executor): Promise<void> {
      await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    },

    /** Final submissions of a student (or their group) in an exam. */
    async countFinal(examId: number, scope: AttemptScope, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(examSubmissions)
        .where(and(scopeWhere(examId, scope), eq(examSubmissions.status, 'submitted')));
      return row?.value ?? 0;
    },

    async countRetakes(examId: number, examineeIds: readonly number[], tx: Executor = db): Promise<number> {
      if (examineeIds.length === 0) return 0;
      const [row] = await tx
        .select({ value: count() })
        .from(examRetakeRecords)
        .where(
          and(
            eq(examRetakeRecords.activityId, examId),
            inArray(examRetakeRecords.examineeId, [...examineeIds]),
          ),
        );
      return row?.value ?? 0;
    },

    /** Top-level questions on a paper (main or make-up). */
    async countPaperSubjects(examId: number, isMakeup: boolean, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(subjects)
        .where(
          and(
            eq(subjects.activityId, examId),
            eq(subjects.isMakeup, isMakeup),
            sql`${subjects.parentId} is null`,
            subjectNotDeleted,
          ),
        );
      return row?.value ?? 0;
    },

    async makeupUserIds(examId: number, tx: Executor = db): Promise<Set<number>> {
      const rows = await tx
        .select({ userId: examMakeupUsers.userId })
        .from(examMakeupUsers)
        .where(eq(examMakeupUsers.activityId, examId));
      return new Set(rows.map((r) => r.userId));
    },

    /** The user's group in a group set, with every member of it. */
    async groupOf(
      groupSetId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<{ groupId: number; memberIds: number[] } | undefined> {
      const [mine] = await tx
        .select({ groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupSetId, groupSetId), eq(groupMembers.userId, userId)));
      if (!mine) return undefined;
      const members = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, mine.groupId));
      return { groupId: mine.groupId, memberIds: members.map((m) => m.userId) };
    },

    /**
     * Starts an attempt: its paper instance and an empty draft submission, in one statement (so one round
     * trip, and never one without the other). Another request that started the same attempt number first
     * wins; this one then gets undefined and reads theirs. The layout was built from the paper at
     * `paperVersion`: when the paper has changed since (an author's write committed meanwhile), nothing is
     * written and the answer is 'paper_changed'. The version is read under the key-share lock the foreign
     * key takes anyway, which waits for an author holding the exam's row lock and then sees their version;
     * an author who comes after finds this instance and may no longer change the paper.
     */
    async createAttempt(
      values: {
        examId: number;
        userId: number;
        isMakeup: boolean;
        attempt: number;
        layout: PaperLayout;
        groupId: number | null;
        paperVersion: string;
      },
      tx: Executor = db,
    ): Promise<OpenAttempt | 'paper_changed' | undefined> {
      const result = await tx.execute(sql`
        with v as (
          select ${activities.id} from ${activities}
          where ${activities.id} = ${values.examId} and ${paperVersionSql} = ${values.paperVersion}
          for key share
        ), i as (
          insert into ${examPaperInstances} (activity_id, user_id, is_makeup, attempt, layout)
          select ${values.examId}, ${values.userId}, ${values.isMakeup}, ${values.attempt}, ${JSON.stringify(values.layout)}::jsonb
          from v
          on conflict do nothing
          returning id, attempt, is_makeup, layout, created_at
        ), s as (
          insert into ${examSubmissions} (activity_id, instance_id, examinee_id, is_makeup, group_id)
          select ${values.examId}, i.id, ${values.userId}, i.is_makeup, ${values.groupId}::int from i
          returning id, updated_at
        )
        select exists (select 1 from v) as fresh, i.id, i.attempt, i.is_makeup, i.layout, i.created_at,
               s.id as submission_id, s.updated_at
        from (select 1) as one left join i on true left join s on true`);
      // Both drivers answer a raw statement with its rows under `rows`.
      const [row] = (result as unknown as { rows: (RawAttempt & { fresh: boolean })[] }).rows;
      if (!row?.fresh) return 'paper_changed';
      if (row.id === null) return undefined;
      const layout = typeof row.layout === 'string' ? (JSON.parse(row.layout) as PaperLayout) : row.layout;
      return {
        instance: {
          id: row.id,
          attempt: row.attempt,
          isMakeup: row.is_makeup,
          layout,
          createdAt: new Date(row.created_at),
        },
        submission: {
          id: row.submission_id,
          status: 'draft',
          draftData: null,
          updatedAt: new Date(row.updated_at),
        },
      };
    },

    /** Stores the latest draft answers of a paper instance; undefined when it was handed in meanwhile. */
    async saveDraft(
      instanceId: number,
      draft: SubmittedAnswer[],
      tx: Executor = db,
    ): Promise<{ id: number; updatedAt: Date } | undefined> {
      const statement = tx === db ? (draftOnDb ??= prepareSaveDraft(db)) : prepareSaveDraft(tx);
      const [row] = await statement.execute({ instanceId, draft: JSON.stringify(draft) });
      return row;
    },

    /**
     * Hands a paper in with one statement, only while it is a draft and the student has an attempt left:
     * of two identical hand-ins the second waits for the first's row lock and then matches nothing.
     * Undefined when nothing was written (handed in already, or no attempt left).
     */
    async finaliseIfAllowed(
      instanceId: number,
      limit: { examId: number; userId: number; submitTimes: number },
      values: FinalValues,
      tx: Executor = db,
    ): Promise<SubmissionRow | undefined> {
      const statement = tx === db ? (handInOnDb ??= prepareHandIn(db)) : prepareHandIn(tx);
      const [row] = await statement.execute({
        instanceId,
        examId: limit.examId,
        userId: limit.userId,
        submitTimes: limit.submitTimes,
        ...handInParams(values),
      });
      return row;
    },

    async finalise(
      submissionId: number,
      values: FinalValues & { groupId: number | null },
      tx: Executor,
    ): Promise<SubmissionRow> {
      const [row] = await tx
        .update(examSubmissions)
        .set({ ...handInSet(values), groupId: values.groupId })
        .where(eq(examSubmissions.id, submissionId))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    /** Final submissions matching a filter, oldest first, with their attempt and examinee. */
    async listFinal(
      examId: number,
      filter: { examineeIds?: readonly number[]; groupId?: number; isMakeup?: boolean } = {},
      tx: Executor = db,
    ): Promise<SubmissionWithInstance[]> {
      const conditions: SQL[] = [
        eq(examSubmissions.activityId, examId),
        eq(examSubmissions.status, 'submitted'),
      ];
      if (filter.examineeIds !== undefined) {
        if (filter.examineeIds.length === 0) return [];
        conditions.push(inArray(examSubmissions.examineeId, [...filter.examineeIds]));
      }
      if (filter.groupId !== undefined) conditions.push(eq(examSubmissions.groupId, filter.groupId));
      if (filter.isMakeup !== undefined) conditions.push(eq(examSubmissions.isMakeup, filter.isMakeup));
      return selectWithInstance(tx, and(...conditions), [
        asc(examSubmissions.submittedAt),
        asc(examSubmissions.id),
      ]);
    },

    async findSubmission(id: number, tx: Executor = db): Promise<SubmissionWithInstance | undefined> {
      const [row] = await selectWithInstance(tx, eq(examSubmissions.id, id));
      return row;
    },

    /**
     * A student's rows across several exams (exam list): own submissions, and for group exams their
     * groups'. Drafts included, so an open attempt shows.
     */
    async submissionsOfStudent(
      examIds: readonly number[],
      userId: number,
      groupIds: readonly number[],
      tx: Executor = db,
    ): Promise<
      Pick<
        SubmissionRow,
        | 'activityId'
        | 'examineeId'
        | 'groupId'
        | 'status'
        | 'score'
        | 'markStatus'
        | 'submittedAt'
        | 'draftData'
      >[]
    > {
      if (examIds.length === 0) return [];
      const who =
        groupIds.length > 0
          ? or(eq(examSubmissions.examineeId, userId), inArray(examSubmissions.groupId, [...groupIds]))
          : eq(examSubmissions.examineeId, userId);
      return tx
        .select({
          activityId: examSubmissions.activityId,
          examineeId: examSubmissions.examineeId,
          groupId: examSubmissions.groupId,
          status: examSubmissions.status,
          score: examSubmissions.score,
          markStatus: examSubmissions.markStatus,
          submittedAt: examSubmissions.submittedAt,
          draftData: examSubmissions.draftData,
        })
        .from(examSubmissions)
        .where(and(inArray(examSubmissions.activityId, [...examIds]), who))
        .orderBy(asc(examSubmissions.submittedAt), asc(examSubmissions.id));
    },

    /** Retakes granted per exam to any of these users. */
    async retakeCounts(
      examIds: readonly number[],
      userIds: readonly number[],
      tx: Executor = db,
    ): Promise<{ activityId: number; examineeId: number; value: number }[]> {
      if (examIds.length === 0 || userIds.length === 0) return [];
      return tx
        .select({
          activityId: examRetakeRecords.activityId,
          examineeId: examRetakeRecords.examineeId,
          value: count(),
        })
        .from(examRetakeRecords)
        .where(
          and(
            inArray(examRetakeRecords.activityId, [...examIds]),
            inArray(examRetakeRecords.examineeId, [...userIds]),
          ),
        )
        .groupBy(examRetakeRecords.activityId, examRetakeRecords.examineeId);
    },

    /** The user's memberships in these group sets, with their groups' members. */
    async groupsInSets(
      groupSetIds: readonly number[],
      userId: number,
      tx: Executor = db,
    ): Promise<{ groupSetId: number; groupId: number; memberIds: number[] }[]> {
      if (groupSetIds.length === 0) return [];
      const mine = await tx
        .select({ groupSetId: groupMembers.groupSetId, groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(and(inArray(groupMembers.groupSetId, [...groupSetIds]), eq(groupMembers.userId, userId)));
      if (mine.length === 0) return [];
      const members = await tx
        .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
        .from(groupMembers)
        .where(
          inArray(
            groupMembers.groupId,
            mine.map((m) => m.groupId),
          ),
        );
      return mine.map((m) => ({
        ...m,
        memberIds: members.filter((x) => x.groupId === m.groupId).map((x) => x.userId),
      }));
    },

    async makeupExamIds(examIds: readonly number[], userId: number, tx: Executor = db): Promise<Set<number>> {
      if (examIds.length === 0) return new Set();
      const rows = await tx
        .select({ activityId: examMakeupUsers.activityId })
        .from(examMakeupUsers)
        .where(and(inArray(examMakeupUsers.activityId, [...examIds]), eq(examMakeupUsers.userId, userId)));
      return new Set(rows.map((r) => r.activityId));
    },
  };
}

export type ExamTakingRepository = ReturnType<typeof examTakingRepository>;
