import type { z } from 'zod';
import { examSettings } from '@lectern/contracts/exams/exam-settings';
import type {
  CourseExamsQuerySchema,
  CourseExamsResponse,
  CourseSubjectsQuerySchema,
  CourseSubjectsResponse,
  Exam,
  ExamType,
  MakeupUsersResponse,
  UpdateMakeupUsersRequestSchema,
} from '@lectern/contracts/exams/exam.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, can } from '../courses/courses.policy.ts';
import { examAccess } from './exam-access.ts';
import { assertAuthorRead, canAuthor } from './exams.policy.ts';
import { presentExam, presentExamListItem, presentSubjectSummary } from './exams.presenter.ts';
import { examsRepository } from './exams.repository.ts';

type CourseExamsQuery = z.output<typeof CourseExamsQuerySchema>;
type CourseSubjectsQuery = z.output<typeof CourseSubjectsQuerySchema>;
type UpdateMakeupUsers = z.output<typeof UpdateMakeupUsersRequestSchema>;

/** Exam reads (list, detail), make-up lists and the course-wide question list. */
export function examsService(ctx: AppContext) {
  const repo = examsRepository(ctx.db);
  const activities = activitiesRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const exams = examAccess(ctx.db);

  async function makeupUsers(activityId: number): Promise<MakeupUsersResponse> {
    const rows = await repo.makeupUsers(activityId);
    return {
      user_ids: rows.map((r) => r.id),
      users: rows.map((r) => ({ id: r.id, name: r.name, user_no: r.userNo })),
    };
  }

  return {
    /** A course's exams in course order; students see published ones only. */
    async list(actor: Actor, courseId: number, query: CourseExamsQuery): Promise<CourseExamsResponse> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await activities.list({
        courseId,
        type: query.type ?? 'exam',
        publishedOnly: !can(access, 'activity.read_unpublished'),
        viewerId: actor.userId,
      });
      const counts = await repo.subjectCounts(
        rows.map((r) => r.id),
        false,
      );
      return {
        exams: rows.map((row) => presentExamListItem(row, examSettings(row.data), counts.get(row.id) ?? 0)),
      };
    },

    /** The exam with every setting (defaults filled in) and what its papers hold. */
    async get(actor: Actor, id: number, type: ExamType): Promise<Exam> {
      const { activity, settings, access } = await exams.loadExam(actor, id, { type });
      const main = { activityId: activity.id, isMakeup: false };
      const makeup = { activityId: activity.id, isMakeup: true };
      const isExam = activity.type === 'exam';
      const [row, usedPoints, makeupUsedPoints, counts, makeupCounts, locked, makeupLocked] =
        await Promise.all([
          activities.findDetailedById(activity.id, actor.userId),
          repo.usedPoints(main, null),
          repo.usedPoints(makeup, null),
          repo.subjectCounts([activity.id], false),
          repo.subjectCounts([activity.id], true),
          isExam ? repo.paperStarted(main) : false,
          isExam ? repo.paperStarted(makeup) : false,
        ]);
      if (!row) throw notFound('exams.notFound');
      return presentExam(
        row,
        settings,
        {
          usedPoints,
          makeupUsedPoints,
          subjectsCount: counts.get(activity.id) ?? 0,
          makeupSubjectsCount: makeupCounts.get(activity.id) ?? 0,
          locked,
          makeupLocked,
        },
        canAuthor(access),
      );
    },

    async makeupUsers(actor: Actor, id: number): Promise<MakeupUsersResponse> {
      const { activity, access } = await exams.loadExam(actor, id);
      assertAuthorRead(access);
      return makeupUsers(activity.id);
    },

    /** Replaces who takes the make-up paper; each must be a student of the exam's course. */
    async updateMakeupUsers(actor: Actor, id: number, body: UpdateMakeupUsers): Promise<MakeupUsersResponse> {
      const { activity } = await exams.loadExam(actor, id, { manage: true });
      const ids = [...new Set(body.user_ids)];
      const students = await repo.studentsAmong(activity.courseId, ids);
      const strangers = ids.filter((userId) => !students.has(userId));
      if (strangers.length > 0) {
        throw invalid({
          user_ids: [{ key: 'exams.makeupUsersNotStudents', params: { ids: strangers.join(', ') } }],
        });
      }
      await ctx.db.transaction(async (tx) => repo.replaceMakeupUsers(activity.id, ids, tx));
      return makeupUsers(activity.id);
    },

    /** Questions across a course's exams, paged, for pulling them into a library. */
    async courseSubjects(
      actor: Actor,
      courseId: number,
      query: CourseSubjectsQuery,
    ): Promise<CourseSubjectsResponse> {
      assertAuthorRead(await courses.load(actor, courseId));
      const { rows, total } = await repo.courseSubjects({
        courseId,
        keyword: query.keyword,
        type: query.subject_type,
        difficultyLevel: query.difficulty_level,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { items: rows.map(presentSubjectSummary), total, page: query.page, page_size: query.page_size };
    },
  };
}

export type ExamsService = ReturnType<typeof examsService>;
