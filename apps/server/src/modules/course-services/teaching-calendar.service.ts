import type { z } from 'zod';
import { pageMeta, type PageQuery } from '@lectern/contracts/common/pagination.schemas';
import type {
  SaveTeachingEntryRequestSchema,
  TeachingCalendarSearchResponse,
  TeachingCalendarsResponse,
  TeachingEntry,
  TeachingWeeksResponse,
  TimetablesResponse,
} from '@lectern/contracts/course-services/teaching-calendar.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { presentEntry, presentWeek } from './teaching-calendar.presenter.ts';
import {
  teachingCalendarRepository,
  type TeachingEntryRow,
  type TeachingWeekRow,
} from './teaching-calendar.repository.ts';

type SaveInput = z.output<typeof SaveTeachingEntryRequestSchema>;

const today = () => new Date().toISOString().slice(0, 10);

export function teachingCalendarService(ctx: AppContext) {
  const repo = teachingCalendarRepository(ctx.db);
  const access = courseAccess(ctx.db);

  async function courseWeeks(courseId: number): Promise<TeachingWeekRow[]> {
    const semester = await repo.courseSemester(courseId);
    return semester ? repo.weeks(semester) : [];
  }

  /** The week must be one of the course's semester, and the date inside it. */
  async function checked(courseId: number, input: SaveInput) {
    const weeks = await courseWeeks(courseId);
    if (weeks.length === 0) throw new AppError('conflict', 'courseServices.noSemester');
    const week = weeks.find((w) => w.id === input.teachingWeekId);
    if (!week) throw invalid({ teachingWeekId: ['courseServices.weekNotInSemester'] });
    if (input.teachingDate < week.startDate || input.teachingDate > week.endDate) {
      throw invalid({ teachingDate: ['courseServices.dateNotInWeek'] });
    }
    return { ...input };
  }

  async function loadEntry(actor: Actor, id: number): Promise<TeachingEntryRow> {
    const entry = await repo.findEntry(id);
    if (!entry) throw notFound('courseServices.entryNotFound');
    // Someone outside the course learns nothing, not even that the entry exists.
    const course = await access.load(actor, entry.courseId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'forbidden')
        throw notFound('courseServices.entryNotFound');
      throw error;
    });
    assertCan(course, 'course.manage');
    return entry;
  }

  async function present(actor: Actor, id: number): Promise<TeachingEntry> {
    const row = await repo.findEntry(id);
    if (!row) throw notFound('courseServices.entryNotFound');
    return presentEntry(row, actor.locale);
  }

  return {
    /** `GET /api/org/{id}/teaching-weeks`: any member of the organisation; another one's reads as absent. */
    async weeks(actor: Actor, orgId: number, semesterId: number | undefined): Promise<TeachingWeeksResponse> {
      if (orgId !== actor.orgId) throw notFound();
      const semester =
        semesterId === undefined
          ? await repo.currentSemester(orgId, today())
          : await repo.findSemester(semesterId);
      if (!semester || semester.orgId !== orgId) {
        if (semesterId === undefined) return { teaching_weeks: [] };
        throw notFound();
      }
      const rows = await repo.weeks(semester);
      return { teaching_weeks: rows.map((w) => presentWeek(w, actor.locale)) };
    },

    /** `GET /api/course/{id}/teaching-calendars`: the course's whole schedule, for its members. */
    async list(actor: Actor, courseId: number): Promise<TeachingCalendarsResponse> {
      assertCan(await access.load(actor, courseId), 'course.read');
      const rows = await repo.courseEntries(courseId);
      return { teaching_calendars: rows.map((r) => presentEntry(r, actor.locale)) };
    },

    /** `GET /api/courses/{id}/timetables?current_date=`: the week holding the date, and its entries. */
    async timetables(actor: Actor, courseId: number, currentDate?: string): Promise<TimetablesResponse> {
      assertCan(await access.load(actor, courseId), 'course.read');
      const date = currentDate ?? today();
      const weeks = await courseWeeks(courseId);
      const week = weeks.find((w) => w.startDate <= date && date <= w.endDate);
      const rows = week ? await repo.courseEntries(courseId, week.id) : [];
      return {
        current_date: date,
        teaching_week: week ? presentWeek(week, actor.locale) : null,
        timetables: rows.map((r) => presentEntry(r, actor.locale)),
      };
    },

    /** `GET /api/teaching-calendars`: entries across the caller's courses, by keyword. */
    async search(
      actor: Actor,
      query: PageQuery & { keyword: string },
    ): Promise<TeachingCalendarSearchResponse> {
      const { rows, total } = await repo.search(
        { userId: actor.userId, orgId: actor.orgId, allOrgCourses: actor.orgRole === 'admin' },
        query.keyword,
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
      );
      return {
        ...pageMeta(query, total),
        teaching_calendars: rows.map((r) => presentEntry(r, actor.locale)),
      };
    },

    /** `POST /api/course/{id}/teaching-calendar`: the teaching team adds an entry. */
    async create(actor: Actor, courseId: number, input: SaveInput): Promise<TeachingEntry> {
      assertCan(await access.load(actor, courseId), 'course.manage');
      const values = await checked(courseId, input);
      const id = await repo.insert(courseId, actor.userId, values);
      return present(actor, id);
    },

    /** `PUT /api/teaching-calendar/{id}`. */
    async update(actor: Actor, id: number, input: SaveInput): Promise<TeachingEntry> {
      const entry = await loadEntry(actor, id);
      await repo.update(id, await checked(entry.courseId, input));
      return present(actor, id);
    },

    /** `DELETE /api/teaching-calendar/{id}`. */
    async remove(actor: Actor, id: number): Promise<void> {
      await loadEntry(actor, id);
      await repo.delete(id);
    },
  };
}
