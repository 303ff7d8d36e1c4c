import { and, eq, getTableColumns, sql } from 'drizzle-orm';
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
const standingColumns = {
  ...loadColumns,
  used: sql<number>`(select count(*)::int from ${examSubmissions} f where f.activity_id = ${activities.id} and f.examinee_id = ${userId} and f.status = 'submitted')`,
  retakes: sql<number>`(select count(*)::int from ${examRetakeRecords} r where r.activity_id = ${activities.id} and r.examinee_id = ${userId})`,
  maxAttempt: sql<number>`(select coalesce(max(p.attempt), 0)::int from ${examPaperInstances} p where p.activity_id = ${activities.id} and p.user_id = ${userId})`,
  makeupUser: sql<boolean>`exists (select 1 from ${examMakeupUsers} m where m.activity_id = ${activities.id} and m.user_id = ${userId})`,
  open: sql<RawOpenAttempt | null>`(
    select json_build_object('id', i.id, 'attempt', i.attempt, 'is_makeup', i.is_makeup, 'layout', i.layout,
      'created_at', i.created_at, 'submission_id', s.id, 'draft_data', s.draft_data, 'updated_at', s.updated_at)
    from ${examPaperInstances} i join ${examSubmissions} s on s.instance_id = i.id
    where i.activity_id = ${activities.id} and i.user_id = ${userId} and s.status = 'draft'
    order by i.attempt desc limit 1)`,
};

const memberJoin = and(eq(courseMembers.courseId, activities.courseId), eq(courseMembers.userId, userId));

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
const takableExam = () => sql`from ${activities}
  join ${courses} on ${courses.id} = ${activities.courseId}
  join ${courseMembers} on ${memberJoin}
  where ${activities.id} = ${p.id} and ${activityNotDeleted} and ${courseNotDeleted}
    and ${activities.type} = 'exam' and ${activities.published} and ${courses.orgId} = ${p.orgId}
    and ${courses.courseType} = ${p.courseType}::int
    and ${activities.data} = ${p.data}::jsonb
    and (${activities.startTime} is null or ${activities.startTime} <= ${p.now}::timestamptz)
    and (${activities.endTime} is null or ${activities.endTime} >= ${p.now}::timestamptz)
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
 * What the one-statement writes hold the rows to, as the start does (takableExam), and for a hand-in the
 * paper at the version its answers were graded against.
 */
const takingRulesHold = () => sql`exists (
  select 1 ${takableExam()}
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

const handInStatements = new WeakMap<Database, ReturnType<typeof prepareHandInIfTaking>>();
const saveDraftStatements = new WeakMap<Database, ReturnType<typeof prepareSaveDraftIfTaking>>();
const loadStatements = new WeakMap<Database, ReturnType<typeof prepareLoad>>();
const startStatements = new WeakMap<Database, ReturnType<typeof prepareStart>>();
const startOrCreateStatements = new WeakMap<Database, ReturnType<typeof prepareStartOrCreate>>();

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

/**
 * Loads an exam for taking it, with the same answers examAccess gives: an activity of another type, of
 * another organisation, or hidden from the caller is `exams.notFound`; a course the caller has no part in
 * is forbidden.
 */
export function takingExamAccess(db: Database) {
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

    /** The caller's draft saved when every rule holds on the rows (prepareSaveDraftIfTaking), else undefined. */
    async saveDraftIfTaking(
      actor: Actor,
      id: number,
      proposal: DraftProposal,
    ): Promise<{ id: number; updatedAt: Date } | undefined> {
      let statement = saveDraftStatements.get(db);
      if (!statement) saveDraftStatements.set(db, (statement = prepareSaveDraftIfTaking(db)));
      const [row] = await statement.execute({
        id,
        userId: actor.userId,
        instanceId: proposal.instanceId,
        draft: proposal.draft,
        ...takingParams(proposal),
        // A draft is not graded: any version of the paper takes it.
        version: null,
      });
      return row;
    },

    /** The caller's hand-in written when every rule holds on the rows (prepareHandInIfTaking), else undefined. */
    async handInIfTaking(
      actor: Actor,
      id: number,
      proposal: HandInProposal,
    ): Promise<SubmissionRow | undefined> {
      let statement = handInStatements.get(db);
      if (!statement) handInStatements.set(db, (statement = prepareHandInIfTaking(db)));
      const [row] = await statement.execute({
        id,
        userId: actor.userId,
        instanceId: proposal.instanceId,
        ...handInParams(proposal.values),
        submitTimes: proposal.submitTimes,
        ...takingParams(proposal),
        version: proposal.paperVersion,
      });
      return row;
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
      let statement = startOrCreateStatements.get(db);
      if (!statement) startOrCreateStatements.set(db, (statement = prepareStartOrCreate(db)));
      const [row] = await statement.execute({
        id,
        userId: actor.userId,
        version: proposal.paperVersion,
        layout: JSON.stringify(proposal.layout),
        submitTimes: proposal.submitTimes,
        hasMakeup: proposal.hasMakeupUsers,
        ...takingParams(proposal),
      });
      const started = openAttemptOf(row?.started);
      if (started && typeof started.instance.layout === 'string') {
        started.instance.layout = JSON.parse(started.instance.layout) as PaperLayout;
      }
      return { exam: checked(actor, row, 'exam'), own: ownStanding(row), started };
    },
  };
}
