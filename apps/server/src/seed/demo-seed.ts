import { ACTIVITY_DATA_SCHEMAS } from '@lectern/contracts/activities/activity-data.schemas';
import type { ActivityType } from '@lectern/contracts/activities/activity-types';
import {
  resolveCompletion,
  type OrgCompletionSettings,
} from '@lectern/contracts/activities/completion-criteria';
import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import * as accessTokensSchema from '../db/schema/access-tokens.ts';
import * as activitiesSchema from '../db/schema/activities.ts';
import * as announcementsSchema from '../db/schema/announcements.ts';
import * as rollcallsSchema from '../db/schema/rollcalls.ts';
import * as askQuestionsSchema from '../db/schema/ask-questions.ts';
import * as votesSchema from '../db/schema/votes.ts';
import * as h5CoursewareSchema from '../db/schema/h5-courseware.ts';
import * as activityResourcesSchema from '../db/schema/activity-resources.ts';
import * as lectureLiveSchema from '../db/schema/lecture-live.ts';
import * as meetingsSchema from '../db/schema/meetings.ts';
import * as questionnairesSchema from '../db/schema/questionnaires.ts';
import * as coursewareQuizzesSchema from '../db/schema/courseware-quizzes.ts';
import * as aiSchema from '../db/schema/ai.ts';
import * as aiPptSchema from '../db/schema/ai-ppt.ts';
import * as contentVersionsSchema from '../db/schema/content-versions.ts';
import * as courseServicesSchema from '../db/schema/course-services.ts';
import * as publicListingsSchema from '../db/schema/public-listings.ts';
import { activities, activityReads } from '../db/schema/activities.ts';
import * as coursesSchema from '../db/schema/courses.ts';
import * as examSubmissionsSchema from '../db/schema/exam-submissions.ts';
import * as examsSchema from '../db/schema/exams.ts';
import * as homeworkSchema from '../db/schema/homework.ts';
import {
  academicYears,
  courseMembers,
  courseModules,
  courses,
  groupMembers,
  groups,
  groupSets,
  semesters,
  syllabi,
} from '../db/schema/courses.ts';
import * as identitySchema from '../db/schema/identity.ts';
import { departments, orgs, users } from '../db/schema/identity.ts';
import * as uploadsSchema from '../db/schema/uploads.ts';
import * as discussionsSchema from '../db/schema/discussions.ts';
import * as duplicateCheckSchema from '../db/schema/duplicate-check.ts';
import * as gradebookSchema from '../db/schema/gradebook.ts';
import * as jobsSchema from '../db/schema/jobs.ts';
import * as notificationsSchema from '../db/schema/notifications.ts';
import * as rubricsSchema from '../db/schema/rubrics.ts';
import * as ssoSchema from '../db/schema/sso.ts';
import * as courseCombiningSchema from '../db/schema/course-combining.ts';
import { hashPassword } from '../modules/identity/password.ts';
import type { Database, Executor, Transaction } from '../platform/database.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { insertDemoAnnouncements } from './demo-announcements.ts';
import { attachDemoCourseware, withDemoCourseware, type StoredCourseware } from './demo-courseware.ts';
import { DEMO_COURSES, type DemoCourse, type DemoSemester } from './demo-courses.ts';
import { insertDemoDiscussions } from './demo-discussions.ts';
import { insertDemoExams } from './demo-exams.ts';
import { insertDemoHomework } from './demo-homework.ts';
import { DEMO_DEPARTMENTS, DEMO_PASSWORD, DEMO_PEOPLE, studentNo } from './demo-people.ts';
import { insertDemoClassroom } from './demo-classroom.ts';
import { insertDemoRollcalls } from './demo-rollcalls.ts';
import { insertDemoPublicListings } from './demo-public-listings.ts';
import { insertDemoCourseServices } from './demo-course-services.ts';
import { insertDemoMeetings } from './demo-meetings.ts';
import { insertDemoVideoQuizzes } from './demo-video-quizzes.ts';
import { insertDemoLectureLives } from './demo-lecture-live.ts';
import { insertDemoH5Courseware } from './demo-h5-courseware.ts';
import { insertDemoCourseCombining } from './demo-course-combining.ts';
import { insertDemoKnowledgeGraph } from './demo-knowledge-graph.ts';
import * as knowledgeGraphSchema from '../db/schema/knowledge-graph.ts';
import * as knowledgeMasterySchema from '../db/schema/knowledge-mastery.ts';

/**
 * Every application table, taken from the schema modules so a table added to one of them is reset too.
 * A new schema file must be added here; TRUNCATE ... CASCADE also empties any table that references
 * these by foreign key.
 */
const SCHEMA_MODULES: readonly Record<string, unknown>[] = [
  identitySchema,
  accessTokensSchema,
  coursesSchema,
  activitiesSchema,
  uploadsSchema,
  discussionsSchema,
  examsSchema,
  examSubmissionsSchema,
  homeworkSchema,
  duplicateCheckSchema,
  rubricsSchema,
  notificationsSchema,
  gradebookSchema,
  jobsSchema,
  ssoSchema,
  announcementsSchema,
  rollcallsSchema,
  askQuestionsSchema,
  votesSchema,
  lectureLiveSchema,
  meetingsSchema,
  questionnairesSchema,
  coursewareQuizzesSchema,
  aiSchema,
  aiPptSchema,
  contentVersionsSchema,
  courseServicesSchema,
  publicListingsSchema,
  courseCombiningSchema,
  h5CoursewareSchema,
  activityResourcesSchema,
  knowledgeGraphSchema,
  knowledgeMasterySchema,
];

export const APP_TABLES: readonly PgTable[] = SCHEMA_MODULES.flatMap((module) =>
  Object.values(module).filter((value): value is PgTable => is(value, PgTable)),
);

export const APP_TABLE_NAMES: readonly string[] = APP_TABLES.map((table) => getTableName(table));

/** Serialises seeding across processes that share one database (two servers starting at once). */
const SEED_LOCK_KEY = 7_406_150_201;

const ORG_SETTINGS = { h5_courseware_completeness: false };
const COMPLETION_SETTINGS: OrgCompletionSettings = {
  h5CoursewareCompleteness: ORG_SETTINGS.h5_courseware_completeness,
};

const DAY_MS = 86_400_000;

export type SeedCounts = {
  orgs: number;
  departments: number;
  users: number;
  academicYears: number;
  semesters: number;
  courses: number;
  courseMembers: number;
  courseModules: number;
  syllabi: number;
  groupSets: number;
  groups: number;
  groupMembers: number;
  activities: number;
  activityReads: number;
};

/** Loads the demo organisation when the database has no organisation yet. Returns whether it did. */
export async function seedDemoIfEmpty(
  db: Database,
  log: FastifyBaseLogger,
  options: { storage?: Storage } = {},
): Promise<boolean> {
  // Cheap check first, so an ordinary restart neither hashes a password nor takes the lock.
  if (!(await orgsEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts = await withDemoCourseware(options.storage, (courseware) =>
    db.transaction(async (tx) => {
      await takeSeedLock(tx);
      // Another process may have seeded while this one waited for the lock.
      if (!(await orgsEmpty(tx))) return null;
      return insertDemo(tx, passwordHash, new Date(), courseware);
    }),
  );
  if (!counts) return false;
  if (options.storage) await insertDemoH5Courseware(db, options.storage);
  logCounts(log, counts);
  return true;
}

/**
 * Loads the demo organisation; with `reset`, empties every application table first.
 * Returns whether anything was loaded (without reset, nothing is when an organisation exists).
 */
export async function seedDemo(
  db: Database,
  log: FastifyBaseLogger,
  options: { reset: boolean; storage?: Storage },
): Promise<boolean> {
  if (!options.reset) {
    const seeded = await seedDemoIfEmpty(db, log, { storage: options.storage });
    if (!seeded) log.info('demo data not loaded: the database already holds an organisation');
    return seeded;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts = await withDemoCourseware(options.storage, (courseware) =>
    db.transaction(async (tx) => {
      await takeSeedLock(tx);
      await tx.execute(
        sql`truncate table ${sql.join(
          APP_TABLE_NAMES.map((name) => sql.identifier(name)),
          sql`, `,
        )} restart identity cascade`,
      );
      return insertDemo(tx, passwordHash, new Date(), courseware);
    }),
  );
  if (!counts) return false;
  if (options.storage) await insertDemoH5Courseware(db, options.storage);
  logCounts(log, counts);
  return true;
}

async function takeSeedLock(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
}

async function orgsEmpty(executor: Executor): Promise<boolean> {
  const rows = await executor.select({ id: orgs.id }).from(orgs).limit(1);
  return rows.length === 0;
}

function logCounts(log: FastifyBaseLogger, counts: SeedCounts): void {
  const summary = Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  log.info({ counts }, `demo data seeded: ${summary}`);
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo seed: ${what} missing`);
  return value;
}

/** A moment `days` from now, on the hour, so seeded times read naturally. */
function daysFrom(now: Date, days: number): Date {
  const at = new Date(now.getTime() + days * DAY_MS);
  at.setUTCMinutes(0, 0, 0);
  return at;
}

function studentRange([from, to]: readonly [number, number]): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => studentNo(from + i));
}

function activityData(type: ActivityType, data: Record<string, unknown>): Record<string, unknown> {
  const parsed = ACTIVITY_DATA_SCHEMAS[type].safeParse(data);
  if (!parsed.success) throw new Error(`demo seed: invalid ${type} data: ${parsed.error.message}`);
  return parsed.data as Record<string, unknown>;
}

function defaultCompletion(type: ActivityType): { key: string; value: number | null } {
  const resolved = resolveCompletion(type, COMPLETION_SETTINGS, {});
  if (!resolved.ok) throw new Error(`demo seed: no default completion criterion for ${type}`);
  return { key: resolved.key, value: resolved.value };
}

async function insertDemo(
  tx: Transaction,
  passwordHash: string,
  now: Date,
  courseware: StoredCourseware | null = null,
): Promise<SeedCounts> {
  const counts: SeedCounts = {
    orgs: 0,
    departments: 0,
    users: 0,
    academicYears: 0,
    semesters: 0,
    courses: 0,
    courseMembers: 0,
    courseModules: 0,
    syllabi: 0,
    groupSets: 0,
    groups: 0,
    groupMembers: 0,
    activities: 0,
    activityReads: 0,
  };

  // Organisation and departments.
  const [org] = await tx
    .insert(orgs)
    .values({ name: 'Lectern University', code: 'lectern-u', settings: ORG_SETTINGS })
    .returning({ id: orgs.id });
  const orgId = required(org, 'organisation').id;
  counts.orgs = 1;

  const departmentRows = await tx
    .insert(departments)
    .values(DEMO_DEPARTMENTS.map((d, i) => ({ orgId, name: d.name, code: d.code, sort: i + 1 })))
    .returning({ id: departments.id, code: departments.code });
  const departmentId = new Map(departmentRows.map((d) => [d.code, d.id]));
  counts.departments = departmentRows.length;

  // People: one hash for everyone, computed by the caller.
  const userRows = await tx
    .insert(users)
    .values(
      DEMO_PEOPLE.map((p) => ({
        orgId,
        userNo: p.userNo,
        name: p.name,
        aliases: p.aliases,
        email: p.email.toLowerCase(),
        mobilePhone: p.mobilePhone,
        departmentId: p.department ? required(departmentId.get(p.department), p.department) : null,
        orgRole: p.orgRole,
        passwordHash,
      })),
    )
    .returning({ id: users.id, userNo: users.userNo });
  const userIds = new Map(userRows.map((u) => [u.userNo, u.id]));
  const userId = (userNo: string) => required(userIds.get(userNo), `user ${userNo}`);
  counts.users = userRows.length;

  // Academic calendar: the current year with two semesters, and last year's spring for history.
  const [pastYear] = await tx
    .insert(academicYears)
    .values({ orgId, name: '2025-2026 学年', code: '2025-2026', sort: 1 })
    .returning({ id: academicYears.id });
  const [currentYear] = await tx
    .insert(academicYears)
    .values({ orgId, name: '2026-2027 学年', code: '2026-2027', sort: 2 })
    .returning({ id: academicYears.id });
  const pastYearId = required(pastYear, 'academic year 2025-2026').id;
  const currentYearId = required(currentYear, 'academic year 2026-2027').id;
  counts.academicYears = 2;

  const semesterValues = {
    past: {
      academicYearId: pastYearId,
      name: '2025-2026 第二学期',
      code: '2025-2026-2',
      sort: 1,
      startDate: '2026-02-23',
      endDate: '2026-07-10',
    },
    current: {
      academicYearId: currentYearId,
      name: '2026-2027 第一学期',
      code: '2026-2027-1',
      sort: 2,
      startDate: '2026-09-01',
      endDate: '2027-01-20',
    },
    next: {
      academicYearId: currentYearId,
      name: '2026-2027 第二学期',
      code: '2026-2027-2',
      sort: 3,
      startDate: '2027-02-20',
      endDate: '2027-07-10',
    },
  };
  const semesterIds = new Map<string, { id: number; academicYearId: number }>();
  for (const [key, values] of Object.entries(semesterValues)) {
    const [row] = await tx
      .insert(semesters)
      .values({ orgId, ...values })
      .returning({ id: semesters.id, academicYearId: semesters.academicYearId });
    semesterIds.set(key, required(row, `semester ${values.code}`));
    counts.semesters += 1;
  }
  const semesterOf = (s: DemoSemester) => {
    const values = semesterValues[s];
    return { ...required(semesterIds.get(s), `semester ${s}`), values };
  };

  for (const course of DEMO_COURSES) {
    const courseCounts = await insertCourse(tx, course, {
      orgId,
      now,
      userId,
      departmentId: required(departmentId.get(course.department), course.department),
      semester: semesterOf(course.semester),
    });
    for (const [key, n] of Object.entries(courseCounts) as [keyof SeedCounts, number][]) counts[key] += n;
  }
  if (courseware) await attachDemoCourseware(tx, courseware);
  await insertDemoDiscussions(tx, orgId);
  await insertDemoExams(tx, orgId, now);
  await insertDemoVideoQuizzes(tx, orgId);
  await insertDemoLectureLives(tx, orgId);
  await insertDemoHomework(tx, orgId, now);
  await insertDemoAnnouncements(tx, orgId, now);
  await insertDemoRollcalls(tx, orgId, now);
  await insertDemoClassroom(tx, orgId, now);
  await insertDemoMeetings(tx, orgId, now);
  await insertDemoPublicListings(tx, orgId);
  await insertDemoCourseServices(tx, orgId);
  await insertDemoCourseCombining(tx, orgId, now);
  await insertDemoKnowledgeGraph(tx, orgId);
  return counts;
}

type CourseContext = {
  orgId: number;
  now: Date;
  userId: (userNo: string) => number;
  departmentId: number;
  semester: { id: number; academicYearId: number; values: { startDate: string; endDate: string } };
};

async function insertCourse(
  tx: Transaction,
  course: DemoCourse,
  ctx: CourseContext,
): Promise<Partial<SeedCounts>> {
  const ownerId = ctx.userId(course.owner);
  const [row] = await tx
    .insert(courses)
    .values({
      orgId: ctx.orgId,
      name: course.name,
      secondName: course.secondName,
      courseCode: course.courseCode,
      academicYearId: ctx.semester.academicYearId,
      semesterId: ctx.semester.id,
      compulsory: course.compulsory,
      startDate: ctx.semester.values.startDate,
      endDate: ctx.semester.values.endDate,
      classroomSchedule: course.classroomSchedule,
      credit: course.credit,
      departmentId: ctx.departmentId,
      grade: course.grade,
      klass: course.klass,
      createdBy: ownerId,
    })
    .returning({ id: courses.id });
  const courseId = required(row, `course ${course.courseCode}`).id;

  // Members: the owner teaches, then the rest of the teaching team, then the students.
  const students = studentRange(course.students);
  const members: { userNo: string; roles: CourseRole[] }[] = [
    { userNo: course.owner, roles: ['instructor'] },
    ...course.staff,
    ...students.map((userNo) => ({ userNo, roles: ['student'] as CourseRole[] })),
  ];
  await tx
    .insert(courseMembers)
    .values(members.map((m) => ({ courseId, userId: ctx.userId(m.userNo), roles: m.roles })));

  // Modules, syllabi and activities.
  let syllabusCount = 0;
  const activityValues: (typeof activities.$inferInsert)[] = [];
  for (const [moduleIndex, module] of course.modules.entries()) {
    const [moduleRow] = await tx
      .insert(courseModules)
      .values({ courseId, name: module.name, sort: moduleIndex + 1 })
      .returning({ id: courseModules.id });
    const moduleId = required(moduleRow, `module ${module.name}`).id;

    const syllabusRows = await tx
      .insert(syllabi)
      .values(module.syllabi.map((summary, i) => ({ courseId, moduleId, summary, sort: i + 1 })))
      .returning({ id: syllabi.id, sort: syllabi.sort });
    const syllabusIdBySort = new Map(syllabusRows.map((s) => [s.sort, s.id]));
    syllabusCount += syllabusRows.length;

    for (const [i, activity] of module.activities.entries()) {
      const completion = defaultCompletion(activity.type);
      const startTime = activity.start === undefined ? null : daysFrom(ctx.now, activity.start);
      let endTime: Date | null = null;
      if (activity.end !== undefined) endTime = daysFrom(ctx.now, activity.end);
      else if (startTime && activity.durationMinutes !== undefined) {
        endTime = new Date(startTime.getTime() + activity.durationMinutes * 60_000);
      }
      activityValues.push({
        courseId,
        moduleId,
        syllabusId:
          activity.syllabus === undefined
            ? null
            : required(syllabusIdBySort.get(activity.syllabus + 1), `syllabus of ${activity.title}`),
        type: activity.type,
        title: activity.title,
        data: activityData(activity.type, activity.data),
        startTime,
        endTime,
        published: !activity.draft,
        completionCriterionKey: completion.key,
        completionCriterionValue: completion.value,
        sort: i + 1,
        createdBy: ownerId,
      });
    }
  }
  const activityRows = await tx
    .insert(activities)
    .values(activityValues)
    .returning({ id: activities.id, published: activities.published, startTime: activities.startTime });

  // A handful of students have opened the activities that are already open to them.
  const readable = activityRows
    .filter((a) => a.published && (!a.startTime || a.startTime.getTime() <= ctx.now.getTime()))
    .sort((a, b) => a.id - b.id);
  const readValues: (typeof activityReads.$inferInsert)[] = [];
  for (const [j, userNo] of students.slice(0, 5).entries()) {
    for (const [k, activity] of readable.entries()) {
      if (k >= readable.length - j || (k + j) % 3 === 2) continue;
      const opened = Math.max(
        activity.startTime?.getTime() ?? ctx.now.getTime() - 60 * DAY_MS,
        ctx.now.getTime() - 60 * DAY_MS,
      );
      const firstReadAt = new Date(Math.min(opened + (j + 1) * 3_600_000, ctx.now.getTime()));
      const readCount = 1 + ((k + j) % 3);
      const lastReadAt = new Date(
        Math.min(firstReadAt.getTime() + (readCount - 1) * DAY_MS, ctx.now.getTime()),
      );
      readValues.push({
        activityId: activity.id,
        userId: ctx.userId(userNo),
        firstReadAt,
        lastReadAt,
        readCount,
      });
    }
  }
  if (readValues.length > 0) await tx.insert(activityReads).values(readValues);

  // Group sets: students are split evenly, by consecutive number or dealt out in turn.
  let groupCount = 0;
  let groupMemberCount = 0;
  for (const [setIndex, set] of course.groupSets.entries()) {
    const [setRow] = await tx
      .insert(groupSets)
      .values({ courseId, name: set.name, sort: setIndex + 1 })
      .returning({ id: groupSets.id });
    const groupSetId = required(setRow, `group set ${set.name}`).id;
    const groupRows = await tx
      .insert(groups)
      .values(
        Array.from({ length: set.groups }, (_, i) => ({ groupSetId, name: `第 ${i + 1} 组`, sort: i + 1 })),
      )
      .returning({ id: groups.id, sort: groups.sort });
    const groupIdBySort = new Map(groupRows.map((g) => [g.sort, g.id]));
    const size = Math.ceil(students.length / set.groups);
    const memberValues = students.map((userNo, i) => {
      const index = set.assign === 'chunk' ? Math.floor(i / size) : i % set.groups;
      const position = set.assign === 'chunk' ? i % size : Math.floor(i / set.groups);
      return {
        groupId: required(groupIdBySort.get(index + 1), `group ${index + 1} of ${set.name}`),
        groupSetId,
        userId: ctx.userId(userNo),
        isLeader: set.leaders && position === 0,
      };
    });
    await tx.insert(groupMembers).values(memberValues);
    groupCount += groupRows.length;
    groupMemberCount += memberValues.length;
  }

  return {
    courses: 1,
    courseMembers: members.length,
    courseModules: course.modules.length,
    syllabi: syllabusCount,
    groupSets: course.groupSets.length,
    groups: groupCount,
    groupMembers: groupMemberCount,
    activities: activityRows.length,
    activityReads: readValues.length,
  };
}
