import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { examSettings } from '@lectern/contracts/exams/exam-settings';
import type { ExamType } from '@lectern/contracts/exams/exam.schemas';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import { examPaperInstances, examRetakeRecords, examSubmissions } from '../../db/schema/exam-submissions.ts';
import { examMakeupUsers } from '../../db/schema/exams.ts';
import type { Database } from '../../platform/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { canSeeActivity } from '../activities/activities.policy.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import { effectiveRolesOf, isSimulating, rolesOf } from '../courses/course-access.ts';
import type { LoadedExam } from './exam-access.ts';
import {
  attemptLeft,
  handInParams,
  handInSetFromPlaceholders,
  type FinalValues,
  type OpenAttempt,
  type PaperLayout,
  type SubmissionRow,
} from './exam-taking.repository.ts';
import { paperVersionSql } from './paper-version.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';
import { statementBatcher } from '../../platform/statement-batcher.ts';

/** An exam loaded for taking, with the version of its paper (papers are cached by it). */
export type TakenExam = LoadedExam & { paperVersion: string };

const userId = sql.placeholder('userId');

const loadColumns = {
  activity: getTableColumns(activities),
  paperVersion: paperVersionSql,
  orgId: courses.orgId,
  createdBy: courses.createdBy,
  courseType: courses.courseType,
  roles: courseMembers.roles,
};

/**
 * An exam start (and the qualification check) also needs where the caller stands: hand-ins, retakes, the
 * highest attempt number, make-up membership and the open attempt, read in the same statement.
 */
const standingColumnsOf = (user: SQLWrapper) => ({
  ...loadColumns,
  used: sql<number>`(select count(*)::int from ${examSubmissions} f where f.activity_id = ${activities.id} and f.examinee_id = ${user} and f.status = 'submitted')`,
  retakes: sql<number>`(select count(*)::int from ${examRetakeRecords} r where r.activity_id = ${activities.id} and r.examinee_id = ${user})`,
  maxAttempt: sql<number>`(select coalesce(max(p.attempt), 0)::int from ${examPaperInstances} p where p.activity_id = ${activities.id} and p.user_id = ${user})`,
  makeupUser: sql<boolean>`exists (select 1 from ${examMakeupUsers} m where m.activity_id = ${activities.id} and m.user_id = ${user})`,
  open: sql<RawOpenAttempt | null>`(
    select json_build_object('id', i.id, 'attempt', i.attempt, 'is_makeup', i.is_makeup, 'layout', i.layout,
      'created_at', i.created_at, 'submission_id', s.id, 'draft_data', s.draft_data, 'updated_at', s.updated_at)
    from ${examPaperInstances} i join ${examSubmissions} s on s.instance_id = i.id
    where i.activity_id = ${activities.id} and i.user_id = ${user} and s.status = 'draft'
    order by i.attempt desc limit 1)`,
});
const standingColumns = standingColumnsOf(userId);

const memberJoinOf = (user: SQLWrapper) =>
  and(eq(courseMembers.courseId, activities.courseId), sql`${courseMembers.userId} = ${user}`);
const memberJoin = memberJoinOf(userId);

// Every exam save and hand-in begins here: the activity and what the caller is in its course in one named
// prepared statement (decision 0006), where examAccess takes two round trips.
const prepareLoad = (db: Database) =>
  withCompiledRows(
    db
      .select(loadColumns)
      .from(activities)
      .innerJoin(courses, eq(courses.id, activities.courseId))
      .leftJoin(courseMembers, memberJoin)
      .where(and(eq(activities.id, sql.placeholder('id')), activityNotDeleted, courseNotDeleted))
      .prepare('taking_exam_load'),
  );

const prepareStart = (db: Database) =>
  withCompiledRows(
    db
      .select(standingColumns)
      .from(activities)
      .innerJoin(courses, eq(courses.id, activities.courseId))
      .leftJoin(courseMembers, memberJoin)
      .where(and(eq(activities.id, sql.placeholder('id')), activityNotDeleted, courseNotDeleted))
      .prepare('taking_exam_start'),
  );

/** What a one-statement start proposes: the attempt laid out from the cached paper, and what it assumed. */
export type StartProposal = {
  /** The paper version the layout was built from (the exam row's `updated_at`, paper-version.ts). */
  paperVersion: string;
  layout: PaperLayout;
  /** The exam's data as the rules were judged on (settings: attempts allowed, make-up papers). */
  data: Record<string, unknown>;
  submitTimes: number;
  hasMakeupUsers: boolean;
  /** Course roles that may take an exam whatever else the member holds of them (exam-taking.policy.ts). */
  takerRoles: readonly string[];
  orgId: number;
  /** The course's type the taker roles were derived for. */
  courseType: number;
  /** The caller's clock reading the window is judged at, here and by the service afterwards. */
  now: Date;
};

const p = {
  id: sql.placeholder('id'),
  version: sql.placeholder('version'),
  layout: sql.placeholder('layout'),
  data: sql.placeholder('data'),
  submitTimes: sql.placeholder('submitTimes'),
  hasMakeup: sql.placeholder('hasMakeup'),
  roles: sql.placeholder('roles'),
  orgId: sql.placeholder('orgId'),
  courseType: sql.placeholder('courseType'),
  now: sql.placeholder('now'),
};

/**
 * The exam as the caller may take it, on the rows: the caller a member holding only taker roles, the exam
 * published and not deleted, in a course not deleted, of the organisation and course type assumed, its
 * data (hence its settings and time limit) as the service judged them, and `now` inside its window. A
 * `from … where …` for the one-statement start and writes to select from.
 */
const takableExam = (user: SQLWrapper = userId, now: SQLWrapper = p.now) => sql`from ${activities}
  join ${courses} on ${courses.id} = ${activities.courseId}
  join ${courseMembers} on ${memberJoinOf(user)}
  where ${activities.id} = ${p.id} and ${activityNotDeleted} and ${courseNotDeleted}
    and ${activities.type} = 'exam' and ${activities.published} and ${courses.orgId} = ${p.orgId}
    and ${courses.courseType} = ${p.courseType}::int
    and ${activities.data} = ${p.data}::jsonb
    and (${activities.startTime} is null or ${activities.startTime} <= ${now}::timestamptz)
    and (${activities.endTime} is null or ${activities.endTime} >= ${now}::timestamptz)
    and cardinality(${courseMembers.roles}) > 0 and ${courseMembers.roles} <@ ${p.roles}::text[]`;

/**
 * The exam start in one round trip (issue 12's storm): the same exam-and-standing read as
 * `taking_exam_start`, and, in the same statement, the next attempt's paper instance and empty draft when
 * every rule holds on the rows themselves: the caller a member holding only taker roles, the exam
 * published, in its window at `now`, its data as the proposal judged it, no attempt open, one left, not a
 * make-up examinee, and the paper still at the version the layout came from (read under the key-share lock
 * the foreign key takes anyway, as createAttempt does). Anything else inserts nothing and the service takes
 * the two-statement path; a concurrent start of the same attempt number conflicts and inserts nothing.
 * The select sees the rows as they were before the insert.
 */
const prepareStartOrCreate = (db: Database) => {
  // Judged on the rows without a lock, so a resume (an attempt already open) locks nothing.
  const eligible = db.$with('start_eligible', { attempt: sql<number>`attempt` }).as(
    sql`select ${standingColumns.maxAttempt} + 1 as attempt
        ${takableExam()}
          and ${standingColumns.open} is null
          and ${attemptLeft(activities.id, userId, p.submitTimes)}
          and not (${p.hasMakeup}::boolean and ${standingColumns.makeupUser})`,
  );
  const startLock = db.$with('start_lock', { id: sql<number>`id` }).as(
    sql`select ${activities.id} from ${activities}
        where ${activities.id} = ${p.id} and ${paperVersionSql} = ${p.version}
          and exists (select 1 from start_eligible)
        for key share`,
  );
  const startedInstance = db
    .$with('started_instance', {
      id: sql<number>`id`,
      attempt: sql<number>`attempt`,
      isMakeup: sql<boolean>`is_makeup`,
      layout: sql<unknown>`layout`,
      createdAt: sql<string>`created_at`,
    })
    .as(
      sql`insert into ${examPaperInstances} (activity_id, user_id, is_makeup, attempt, layout)
          select start_lock.id, ${userId}::int, false, start_eligible.attempt, ${p.layout}::jsonb
          from start_lock, start_eligible
          on conflict do nothing
          returning id, attempt, is_makeup, layout, created_at`,
    );
  const startedSubmission = db
    .$with('started_submission', { id: sql<number>`id`, updatedAt: sql<string>`updated_at` })
    .as(
      sql`insert into ${examSubmissions} (activity_id, instance_id, examinee_id, is_makeup, group_id)
          select ${p.id}::int, started_instance.id, ${userId}::int, started_instance.is_makeup, null
          from started_instance
          returning id, updated_at`,
    );
  return withCompiledRows(
    db
      .with(eligible, startLock, startedInstance, startedSubmission)
      .select({
        ...standingColumns,
        started: sql<RawOpenAttempt | null>`(
        select json_build_object('id', si.id, 'attempt', si.attempt, 'is_makeup', si.is_makeup,
          'layout', si.layout, 'created_at', si.created_at, 'submission_id', ss.id, 'draft_data', null,
          'updated_at', ss.updated_at)
        from started_instance si, started_submission ss)`,
      })
      .from(activities)
      .innerJoin(courses, eq(courses.id, activities.courseId))
      .leftJoin(courseMembers, memberJoin)
      .where(and(eq(activities.id, p.id), activityNotDeleted, courseNotDeleted))
      .prepare('taking_exam_start_or_create'),
  );
};

/**
 * The same start for every student of a batch (platform/statement-batcher.ts): each student's standing
 * read and judged for them (the rules at their own clock reading, no attempt open, one left, not a
 * make-up examinee), every eligible one's attempt inserted, and one row back per student with the
 * exam, their membership, their standing as it was before the insert and their new attempt, if any.
 */
const prepareStartsOrCreate = (db: Database) => {
  const batch = sql`unnest(${sql.placeholder('userIds')}::int[], ${sql.placeholder('layouts')}::text[],
    ${sql.placeholder('nows')}::timestamptz[]) as batch(user_id, layout, now)`;
  const user = sql`batch.user_id`;
  const standing = standingColumnsOf(user);
  const eligible = db
    .$with('starts_eligible', {
      userId: sql<number>`user_id`,
      layout: sql<string>`layout`,
      attempt: sql<number>`attempt`,
    })
    .as(
      sql`select batch.user_id, batch.layout, rules.attempt
          from ${batch}
          cross join lateral (select ${standing.maxAttempt} + 1 as attempt
            ${takableExam(user, sql`batch.now`)}
              and ${standing.open} is null
              and ${attemptLeft(activities.id, user, p.submitTimes)}
              and not (${p.hasMakeup}::boolean and ${standing.makeupUser})) as rules`,
    );
  const startLock = db.$with('starts_lock', { id: sql<number>`id` }).as(
    sql`select ${activities.id} from ${activities}
        where ${activities.id} = ${p.id} and ${paperVersionSql} = ${p.version}
          and exists (select 1 from starts_eligible)
        for key share`,
  );
  const startedInstances = db
    .$with('started_instances', { id: sql<number>`id`, userId: sql<number>`user_id` })
    .as(
      sql`insert into ${examPaperInstances} (activity_id, user_id, is_makeup, attempt, layout)
          select starts_lock.id, starts_eligible.user_id, false, starts_eligible.attempt,
            starts_eligible.layout::jsonb
          from starts_lock, starts_eligible
          on conflict do nothing
          returning id, user_id, attempt, is_makeup, layout, created_at`,
    );
  const startedSubmissions = db
    .$with('started_submissions', { id: sql<number>`id`, instanceId: sql<number>`instance_id` })
    .as(
      sql`insert into ${examSubmissions} (activity_id, instance_id, examinee_id, is_makeup, group_id)
          select ${p.id}::int, started_instances.id, started_instances.user_id, started_instances.is_makeup, null
          from started_instances
          returning id, instance_id, updated_at`,
    );
  return withCompiledRows(
    db
      .with(eligible, startLock, startedInstances, startedSubmissions)
      .select({
        userId: sql<number>`batch.user_id`,
        ...standing,
        started: sql<RawOpenAttempt | null>`(
        select json_build_object('id', si.id, 'attempt', si.attempt, 'is_makeup', si.is_makeup,
          'layout', si.layout, 'created_at', si.created_at, 'submission_id', ss.id, 'draft_data', null,
          'updated_at', ss.updated_at)
        from started_instances si join started_submissions ss on ss.instance_id = si.id
        where si.user_id = batch.user_id)`,
      })
      .from(batch)
      .innerJoin(activities, eq(activities.id, p.id))
      .innerJoin(courses, eq(courses.id, activities.courseId))
      .leftJoin(courseMembers, memberJoinOf(user))
      .where(and(activityNotDeleted, courseNotDeleted))
      .prepare('taking_exam_starts_or_create'),
  );
};

/**
 * What the one-statement writes hold the rows to, as the start does (takableExam), and for a hand-in the
 * paper at the version its answers were graded against.
 */
const takingRulesHold = (user: SQLWrapper = userId, now: SQLWrapper = p.now) => sql`exists (
  select 1 ${takableExam(user, now)}
    and (${p.version}::text is null or ${paperVersionSql} = ${p.version}::text))`;

/** The caller's own attempt at this exam, still a draft: what the one-statement writes may change. */
const callersDraft = () =>
  and(
    eq(examSubmissions.instanceId, sql.placeholder('instanceId')),
    eq(examSubmissions.status, 'draft'),
    eq(examSubmissions.activityId, p.id),
    sql`${examSubmissions.examineeId} = ${userId}`,
  );

/** The placeholders of takableExam from the facts a proposal carries. */
function takingParams(proposal: Pick<StartProposal, 'data' | 'takerRoles' | 'orgId' | 'courseType' | 'now'>) {
  return {
    data: JSON.stringify(proposal.data),
    roles: [...proposal.takerRoles],
    orgId: proposal.orgId,
    courseType: proposal.courseType,
    now: proposal.now.toISOString(),
  };
}

/** What a one-statement draft save assumes of the exam: what the last load in this process saw of it. */
export type DraftProposal = Pick<StartProposal, 'data' | 'takerRoles' | 'orgId' | 'courseType' | 'now'> & {
  instanceId: number;
  draft: string;
};

/**
 * A draft save in one round trip (issue 12's storm, where every student saves every few seconds): the
 * caller's own draft of this exam is written only when every rule the load and the service would check
 * holds on the rows (takingRulesHold). Nothing written means the service takes the two-statement path,
 * which gives the refusal.
 */
const prepareSaveDraftIfTaking = (db: Database) =>
  withCompiledRows(
    db
      .update(examSubmissions)
      .set({ draftData: sql`${sql.placeholder('draft')}::jsonb`, updatedAt: sql`now()` })
      .where(and(callersDraft(), takingRulesHold()))
      .returning({ id: examSubmissions.id, updatedAt: examSubmissions.updatedAt })
      .prepare('taking_exam_save_draft'),
  );

/**
 * The rows of a batch the rules hold for (platform/statement-batcher.ts): each student of `batch` held to
 * takingRulesHold for their own membership at their own clock reading, with the exam's id to match their
 * submission against. The rules run as a lateral lookup per student (three key probes), and `offset 0`
 * keeps the planner from pulling the exam's id out as a constant: with it, a plan built on stale
 * statistics (a fresh exam has "9 submissions" until the next analyze, 3,000 a minute later) scanned
 * every submission of the exam and ran the rules for each pairing, 0.3 s a batch in the storm.
 */
const eligibleOf = (batch: SQL, columns: SQL) => sql`(select ${columns}, rules.exam_id
    from ${batch}
    cross join lateral (select ${activities.id} as exam_id ${takableExam(sql`batch.user_id`, sql`batch.now`)}
      and (${p.version}::text is null or ${paperVersionSql} = ${p.version}::text)) as rules
    offset 0) as eligible`;

/** The caller's own draft of the exam, matched to a batch's eligible row by the submission's keys. */
const eligibleDraft = () =>
  and(
    sql`${examSubmissions.instanceId} = eligible.instance_id`,
    eq(examSubmissions.status, 'draft'),
    sql`${examSubmissions.activityId} = eligible.exam_id`,
    sql`${examSubmissions.examineeId} = eligible.user_id`,
  );

/**
 * The same draft save for every student of a batch: one statement for the drafts of one exam that arrive
 * together, each row held to the same rules as the one-row save (eligibleOf). Returns the rows written; a
 * student missing from them takes the usual path, as with the one-row save.
 */
const prepareSaveDraftsIfTaking = (db: Database) => {
  const batch = sql`unnest(${sql.placeholder('instanceIds')}::int[], ${sql.placeholder('userIds')}::int[],
    ${sql.placeholder('drafts')}::text[], ${sql.placeholder('nows')}::timestamptz[])
    as batch(instance_id, user_id, draft, now)`;
  return withCompiledRows(
    db
      .update(examSubmissions)
      .set({ draftData: sql`eligible.draft::jsonb`, updatedAt: sql`now()` })
      .from(eligibleOf(batch, sql`batch.instance_id, batch.user_id, batch.draft`))
      .where(eligibleDraft())
      .returning({
        instanceId: examSubmissions.instanceId,
        id: examSubmissions.id,
        updatedAt: examSubmissions.updatedAt,
      })
      .prepare('taking_exam_save_drafts'),
  );
};

/**
 * What a one-statement hand-in assumes: the draft save's facts, the paper version it was graded against,
 * the attempts the settings allow, and the graded answers.
 */
export type HandInProposal = Pick<
  StartProposal,
  'data' | 'takerRoles' | 'orgId' | 'courseType' | 'now' | 'paperVersion' | 'submitTimes'
> & { instanceId: number; values: FinalValues };

/**
 * A hand-in in one round trip (issue 12's storm: the whole class hands in within the same minute): the
 * caller's draft becomes the final submission only when the draft save's rules hold, the paper is still
 * at the version it was graded against, and an attempt is left (hand-ins against allowed plus retakes, as
 * `finaliseIfAllowed` counts them). Nothing written: the service takes the usual path, which answers a
 * resend with the stored hand-in or gives the refusal.
 */
const prepareHandInIfTaking = (db: Database) =>
  withCompiledRows(
    db
      .update(examSubmissions)
      .set(handInSetFromPlaceholders())
      .where(and(callersDraft(), attemptLeft(p.id, userId, p.submitTimes), takingRulesHold()))
      .returning()
      .prepare('taking_exam_hand_in'),
  );

/**
 * The same hand-in for every student of a batch (eligibleOf): each row also needs an attempt left for its
 * own examinee, and takes its own graded values. The final-answers and mastery triggers run per row, as
 * they do for one.
 */
const prepareHandInsIfTaking = (db: Database) => {
  const batch = sql`unnest(${sql.placeholder('instanceIds')}::int[], ${sql.placeholder('userIds')}::int[],
    ${sql.placeholder('answers')}::text[], ${sql.placeholder('scores')}::text[],
    ${sql.placeholder('totals')}::float8[], ${sql.placeholder('autoScores')}::float8[],
    ${sql.placeholder('markStatuses')}::text[], ${sql.placeholder('nows')}::timestamptz[])
    as batch(instance_id, user_id, answers, scores, total, auto_score, mark_status, now)`;
  return withCompiledRows(
    db
      .update(examSubmissions)
      .set({
        status: 'submitted',
        submissionData: sql`eligible.answers::jsonb`,
        scoreData: sql`eligible.scores::jsonb`,
        score: sql`eligible.total`,
        autoScore: sql`eligible.auto_score`,
        markStatus: sql`eligible.mark_status`,
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .from(
        eligibleOf(
          batch,
          sql`batch.instance_id, batch.user_id, batch.answers, batch.scores, batch.total, batch.auto_score,
            batch.mark_status`,
        ),
      )
      .where(and(eligibleDraft(), attemptLeft(sql`eligible.exam_id`, sql`eligible.user_id`, p.submitTimes)))
      .returning(getTableColumns(examSubmissions))
      .prepare('taking_exam_hand_ins'),
  );
};

const loadStatements = new WeakMap<Database, ReturnType<typeof prepareLoad>>();
const startStatements = new WeakMap<Database, ReturnType<typeof prepareStart>>();

type RawOpenAttempt = {
  id: number;
  attempt: number;
  is_makeup: boolean;
  layout: OpenAttempt['instance']['layout'];
  created_at: string;
  submission_id: number;
  draft_data: OpenAttempt['submission']['draftData'];
  updated_at: string;
};

/** The caller's own standing in the exam (a group exam's group standing is read apart). */
export type OwnStanding = {
  used: number;
  retakes: number;
  maxAttempt: number;
  makeupUser: boolean;
  open: OpenAttempt | undefined;
};

type LoadedRow = {
  activity: ActivityRow;
  paperVersion: string;
  orgId: number;
  createdBy: number;
  courseType: number;
  roles: string[] | null;
};

function openAttemptOf(raw: RawOpenAttempt | null | undefined): OpenAttempt | undefined {
  if (!raw) return undefined;
  return {
    instance: {
      id: raw.id,
      attempt: raw.attempt,
      isMakeup: raw.is_makeup,
      layout: raw.layout,
      createdAt: new Date(raw.created_at),
    },
    submission: {
      id: raw.submission_id,
      status: 'draft',
      draftData: raw.draft_data,
      updatedAt: new Date(raw.updated_at),
    },
  };
}

function ownStanding(
  row:
    | { used: number; retakes: number; maxAttempt: number; makeupUser: boolean; open: RawOpenAttempt | null }
    | undefined,
): OwnStanding {
  return {
    used: Number(row?.used ?? 0),
    retakes: Number(row?.retakes ?? 0),
    maxAttempt: Number(row?.maxAttempt ?? 0),
    makeupUser: row?.makeupUser === true,
    open: openAttemptOf(row?.open),
  };
}

/** The most writes one statement carries (a class of a few hundred saving in the same moment). */
const BATCH_MAX = 100;

/** One student's draft save of exam `id`, as the batcher holds it. */
export type DraftItem = { userId: number; id: number; proposal: DraftProposal };

const saveDraftsStatements = new WeakMap<Database, ReturnType<typeof prepareSaveDraftsIfTaking>>();

/**
 * The drafts of one exam, judged on the same facts (sameExamFacts), saved in one statement; for each
 * item in order, the row written or undefined where a rule refused it.
 */
export async function saveDraftsIfTaking(
  db: Database,
  items: readonly DraftItem[],
): Promise<({ id: number; updatedAt: Date } | undefined)[]> {
  const first = items[0];
  if (!first) return [];
  let statement = saveDraftsStatements.get(db);
  if (!statement) saveDraftsStatements.set(db, (statement = prepareSaveDraftsIfTaking(db)));
  const rows = await statement.execute({
    id: first.id,
    instanceIds: items.map((item) => item.proposal.instanceId),
    userIds: items.map((item) => item.userId),
    drafts: items.map((item) => item.proposal.draft),
    nows: items.map((item) => item.proposal.now.toISOString()),
    ...takingParams(first.proposal),
    // A draft is not graded: any version of the paper takes it.
    version: null,
  });
  const byInstance = new Map(rows.map((row) => [row.instanceId, row]));
  return items.map((item) => {
    const row = byInstance.get(item.proposal.instanceId);
    return row && { id: row.id, updatedAt: row.updatedAt };
  });
}

type ExamFacts = {
  id: number;
  proposal: Pick<StartProposal, 'data' | 'takerRoles' | 'orgId' | 'courseType'>;
};

/** Two writes may share a statement when the exam and every fact their rules were judged on are the same. */
export function sameExamFacts(a: ExamFacts, b: ExamFacts): boolean {
  const x = a.proposal;
  const y = b.proposal;
  return (
    a.id === b.id &&
    x.orgId === y.orgId &&
    x.courseType === y.courseType &&
    (x.data === y.data || JSON.stringify(x.data) === JSON.stringify(y.data)) &&
    x.takerRoles.length === y.takerRoles.length &&
    x.takerRoles.every((role, i) => y.takerRoles[i] === role)
  );
}

function draftBatcher(db: Database) {
  let one: ReturnType<typeof prepareSaveDraftIfTaking> | undefined;
  return statementBatcher<DraftItem, { id: number; updatedAt: Date }>({
    key: (item) => item.proposal.instanceId,
    compatible: sameExamFacts,
    maxItems: BATCH_MAX,
    async runOne({ userId: user, id, proposal }) {
      one ??= prepareSaveDraftIfTaking(db);
      const [row] = await one.execute({
        id,
        userId: user,
        instanceId: proposal.instanceId,
        draft: proposal.draft,
        ...takingParams(proposal),
        // A draft is not graded: any version of the paper takes it.
        version: null,
      });
      return row;
    },
    runBatch: (items) => saveDraftsIfTaking(db, items),
  });
}

/** One student's hand-in of exam `id`, as the batcher holds it. */
export type HandInItem = { userId: number; id: number; proposal: HandInProposal };

const handInsStatements = new WeakMap<Database, ReturnType<typeof prepareHandInsIfTaking>>();

/**
 * The hand-ins of one exam, judged on the same facts and paper version (sameHandInFacts), written in one
 * statement; for each item in order, the row written or undefined where a rule refused it.
 */
export async function handInsIfTaking(
  db: Database,
  items: readonly HandInItem[],
): Promise<(SubmissionRow | undefined)[]> {
  const first = items[0];
  if (!first) return [];
  let statement = handInsStatements.get(db);
  if (!statement) handInsStatements.set(db, (statement = prepareHandInsIfTaking(db)));
  const values = items.map((item) => handInParams(item.proposal.values));
  const rows = await statement.execute({
    id: first.id,
    instanceIds: items.map((item) => item.proposal.instanceId),
    userIds: items.map((item) => item.userId),
    answers: values.map((v) => v.answers),
    scores: values.map((v) => v.scores),
    totals: values.map((v) => v.score),
    autoScores: values.map((v) => v.autoScore),
    markStatuses: values.map((v) => v.markStatus),
    nows: items.map((item) => item.proposal.now.toISOString()),
    submitTimes: first.proposal.submitTimes,
    ...takingParams(first.proposal),
    version: first.proposal.paperVersion,
  });
  const byInstance = new Map(rows.map((row) => [row.instanceId, row]));
  return items.map((item) => byInstance.get(item.proposal.instanceId));
}

/** Two hand-ins may share a statement when, beyond the draft's facts, the paper version and attempts agree. */
export function sameHandInFacts(a: HandInItem, b: HandInItem): boolean {
  return (
    a.proposal.paperVersion === b.proposal.paperVersion &&
    a.proposal.submitTimes === b.proposal.submitTimes &&
    sameExamFacts(a, b)
  );
}

function handInBatcher(db: Database) {
  let one: ReturnType<typeof prepareHandInIfTaking> | undefined;
  return statementBatcher<HandInItem, SubmissionRow>({
    key: (item) => item.proposal.instanceId,
    compatible: sameHandInFacts,
    maxItems: BATCH_MAX,
    async runOne({ userId: user, id, proposal }) {
      one ??= prepareHandInIfTaking(db);
      const [row] = await one.execute({
        id,
        userId: user,
        instanceId: proposal.instanceId,
        ...handInParams(proposal.values),
        submitTimes: proposal.submitTimes,
        ...takingParams(proposal),
        version: proposal.paperVersion,
      });
      return row;
    },
    runBatch: (items) => handInsIfTaking(db, items),
  });
}

/** One student's start of exam `id`, as the batcher holds it. */
export type StartItem = { userId: number; id: number; proposal: StartProposal };

type StartRow = NonNullable<Awaited<ReturnType<ReturnType<typeof prepareStartOrCreate>['execute']>>[number]>;

const startsStatements = new WeakMap<Database, ReturnType<typeof prepareStartsOrCreate>>();

/**
 * The starts of one exam, judged on the same facts and paper (sameStartFacts), in one statement; for each
 * item in order, its row (undefined where the exam is not found), as the one-student statement gives it.
 */
export async function startsOrCreate(
  db: Database,
  items: readonly StartItem[],
): Promise<(StartRow | undefined)[]> {
  const first = items[0];
  if (!first) return [];
  let statement = startsStatements.get(db);
  if (!statement) startsStatements.set(db, (statement = prepareStartsOrCreate(db)));
  const rows = await statement.execute({
    id: first.id,
    userIds: items.map((item) => item.userId),
    layouts: items.map((item) => JSON.stringify(item.proposal.layout)),
    nows: items.map((item) => item.proposal.now.toISOString()),
    version: first.proposal.paperVersion,
    submitTimes: first.proposal.submitTimes,
    hasMakeup: first.proposal.hasMakeupUsers,
    ...takingParams(first.proposal),
  });
  const byUser = new Map(rows.map(({ userId, ...row }) => [userId, row]));
  return items.map((item) => byUser.get(item.userId));
}

/** Two starts may share a statement when, beyond the exam's facts, the paper and its settings agree. */
export function sameStartFacts(a: StartItem, b: StartItem): boolean {
  return (
    a.proposal.paperVersion === b.proposal.paperVersion &&
    a.proposal.submitTimes === b.proposal.submitTimes &&
    a.proposal.hasMakeupUsers === b.proposal.hasMakeupUsers &&
    sameExamFacts(a, b)
  );
}

function startBatcher(db: Database) {
  let one: ReturnType<typeof prepareStartOrCreate> | undefined;
  return statementBatcher<StartItem, StartRow>({
    key: (item) => item.userId,
    compatible: sameStartFacts,
    maxItems: BATCH_MAX,
    async runOne({ userId: user, id, proposal }) {
      one ??= prepareStartOrCreate(db);
      const [row] = await one.execute({
        id,
        userId: user,
        version: proposal.paperVersion,
        layout: JSON.stringify(proposal.layout),
        submitTimes: proposal.submitTimes,
        hasMakeup: proposal.hasMakeupUsers,
        ...takingParams(proposal),
      });
      return row;
    },
    runBatch: (items) => startsOrCreate(db, items),
  });
}

/**
 * Loads an exam for taking it, with the same answers examAccess gives: an activity of another type, of
 * another organisation, or hidden from the caller is `exams.notFound`; a course the caller has no part in
 * is forbidden.
 */
export function takingExamAccess(db: Database) {
  const drafts = draftBatcher(db);
  const handIns = handInBatcher(db);
  const starts = startBatcher(db);
  function checked(actor: Actor, row: LoadedRow | undefined, type: ExamType): TakenExam {
    if (!row || row.activity.type !== type || row.orgId !== actor.orgId) throw notFound('exams.notFound');
    const courseId = row.activity.courseId;
    const roles = rolesOf(row.roles);
    const isOrgAdmin = actor.orgRole === 'admin';
    if (roles.length === 0 && !isOrgAdmin) throw forbidden();
    const access = {
      courseId,
      orgId: row.orgId,
      userId: actor.userId,
      roles,
      effectiveRoles: effectiveRolesOf(actor, courseId, roles),
      isChiefInstructor: row.createdBy === actor.userId,
      isOrgAdmin,
      simulating: isSimulating(actor, courseId, roles),
      courseType: row.courseType,
    };
    const activity = row.activity as ActivityRow & { type: ExamType };
    if (!canSeeActivity(access, activity)) throw notFound('exams.notFound');
    return { activity, settings: examSettings(activity.data), access, paperVersion: row.paperVersion };
  }

  return {
    async loadExam(actor: Actor, id: number, type: ExamType = 'exam'): Promise<TakenExam> {
      let statement = loadStatements.get(db);
      if (!statement) loadStatements.set(db, (statement = prepareLoad(db)));
      const [row] = await statement.execute({ id, userId: actor.userId });
      return checked(actor, row, type);
    },

    /** The exam and where the caller stands in it, in one round trip (exam start, qualification). */
    async loadWithStanding(actor: Actor, id: number): Promise<{ exam: TakenExam; own: OwnStanding }> {
      let statement = startStatements.get(db);
      if (!statement) startStatements.set(db, (statement = prepareStart(db)));
      const [row] = await statement.execute({ id, userId: actor.userId });
      return { exam: checked(actor, row, 'exam'), own: ownStanding(row) };
    },

    /**
     * The caller's draft saved when every rule holds on the rows (prepareSaveDraftIfTaking), else
     * undefined; drafts of the same exam arriving together share one statement (prepareSaveDraftsIfTaking).
     */
    async saveDraftIfTaking(
      actor: Actor,
      id: number,
      proposal: DraftProposal,
    ): Promise<{ id: number; updatedAt: Date } | undefined> {
      return drafts.submit({ userId: actor.userId, id, proposal });
    },

    /** The caller's hand-in written when every rule holds on the rows (prepareHandInIfTaking), else undefined. */
    async handInIfTaking(
      actor: Actor,
      id: number,
      proposal: HandInProposal,
    ): Promise<SubmissionRow | undefined> {
      return handIns.submit({ userId: actor.userId, id, proposal });
    },

    /**
     * The same, and the attempt `proposal` describes started in the same statement when every rule holds
     * (prepareStartOrCreate); `started` is undefined when nothing was inserted. The standing is as it was
     * before the insert.
     */
    async startOrCreate(
      actor: Actor,
      id: number,
      proposal: StartProposal,
    ): Promise<{ exam: TakenExam; own: OwnStanding; started: OpenAttempt | undefined }> {
      const row = await starts.submit({ userId: actor.userId, id, proposal });
      const started = openAttemptOf(row?.started);
      if (started && typeof started.instance.layout === 'string') {
        started.instance.layout = JSON.parse(started.instance.layout) as PaperLayout;
      }
      return { exam: checked(actor, row, 'exam'), own: ownStanding(row), started };
    },
  };
}
