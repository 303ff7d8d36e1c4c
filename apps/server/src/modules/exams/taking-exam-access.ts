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
import type { OpenAttempt } from './exam-taking.repository.ts';
import { paperVersionSql } from './paper-version.ts';

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
  db
    .select(loadColumns)
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .leftJoin(courseMembers, memberJoin)
    .where(and(eq(activities.id, sql.placeholder('id')), activityNotDeleted, courseNotDeleted))
    .prepare('taking_exam_load');

const prepareStart = (db: Database) =>
  db
    .select(standingColumns)
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .leftJoin(courseMembers, memberJoin)
    .where(and(eq(activities.id, sql.placeholder('id')), activityNotDeleted, courseNotDeleted))
    .prepare('taking_exam_start');

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
      return {
        exam: checked(actor, row, 'exam'),
        own: {
          used: Number(row?.used ?? 0),
          retakes: Number(row?.retakes ?? 0),
          maxAttempt: Number(row?.maxAttempt ?? 0),
          makeupUser: row?.makeupUser === true,
          open: openAttemptOf(row?.open),
        },
      };
    },
  };
}
