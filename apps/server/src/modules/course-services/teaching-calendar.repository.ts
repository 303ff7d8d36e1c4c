import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { semesterWeeks } from '@lectern/contracts/course-services/teaching-calendar.schemas';
import { teachingCalendarEntries, teachingWeeks } from '../../db/schema/course-services.ts';
import { courseMembers, courseNotDeleted, courses, semesters } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type SemesterRow = { id: number; orgId: number; startDate: string | null; endDate: string | null };
export type TeachingWeekRow = typeof teachingWeeks.$inferSelect;
export type TeachingEntryValues = Omit<
  typeof teachingCalendarEntries.$inferInsert,
  'id' | 'courseId' | 'createdBy' | 'createdAt' | 'updatedAt'
>;

const entryColumns = {
  id: teachingCalendarEntries.id,
  courseId: teachingCalendarEntries.courseId,
  teachingWeekId: teachingCalendarEntries.teachingWeekId,
  type: teachingCalendarEntries.type,
  content: teachingCalendarEntries.content,
  hours: teachingCalendarEntries.hours,
  instructor: teachingCalendarEntries.instructor,
  location: teachingCalendarEntries.location,
  teachingDate: teachingCalendarEntries.teachingDate,
  teachingTime: teachingCalendarEntries.teachingTime,
  timeRange: teachingCalendarEntries.timeRange,
  weekSequence: teachingWeeks.sequence,
  courseName: courses.name,
  courseDisplayName: courses.displayName,
};
export type TeachingEntryRow = {
  id: number;
  courseId: number;
  teachingWeekId: number;
  type: string;
  content: string;
  hours: number;
  instructor: string;
  location: string;
  teachingDate: string;
  teachingTime: string;
  timeRange: string;
  weekSequence: number;
  courseName: string;
  courseDisplayName: string | null;
};

const ordered = [asc(teachingCalendarEntries.teachingDate), asc(teachingCalendarEntries.timeRange)];

export function teachingCalendarRepository(db: Database) {
  function entries(tx: Executor) {
    return tx
      .select(entryColumns)
      .from(teachingCalendarEntries)
      .innerJoin(teachingWeeks, eq(teachingWeeks.id, teachingCalendarEntries.teachingWeekId))
      .innerJoin(courses, eq(courses.id, teachingCalendarEntries.courseId));
  }

  return {
    async findSemester(id: number, tx: Executor = db): Promise<SemesterRow | undefined> {
      const [row] = await tx
        .select({
          id: semesters.id,
          orgId: semesters.orgId,
          startDate: semesters.startDate,
          endDate: semesters.endDate,
        })
        .from(semesters)
        .where(eq(semesters.id, id));
      return row;
    },

    /** The semester a course belongs to, if any. */
    async courseSemester(courseId: number, tx: Executor = db): Promise<SemesterRow | undefined> {
      const [row] = await tx
        .select({
          id: semesters.id,
          orgId: semesters.orgId,
          startDate: semesters.startDate,
          endDate: semesters.endDate,
        })
        .from(courses)
        .innerJoin(semesters, eq(semesters.id, courses.semesterId))
        .where(eq(courses.id, courseId));
      return row;
    },

    /**
     * The organisation's semester holding the date; otherwise the latest one that has started (or the
     * earliest one when none has), so the weeks call answers something useful between terms.
     */
    async currentSemester(orgId: number, date: string, tx: Executor = db): Promise<SemesterRow | undefined> {
      const dated = and(
        eq(semesters.orgId, orgId),
        isNotNull(semesters.startDate),
        isNotNull(semesters.endDate),
      );
      const columns = {
        id: semesters.id,
        orgId: semesters.orgId,
        startDate: semesters.startDate,
        endDate: semesters.endDate,
      };
      const [started] = await tx
        .select(columns)
        .from(semesters)
        .where(and(dated, lte(semesters.startDate, date)))
        .orderBy(desc(semesters.startDate))
        .limit(1);
      if (started) return started;
      const [first] = await tx
        .select(columns)
        .from(semesters)
        .where(dated)
        .orderBy(asc(semesters.startDate))
        .limit(1);
      return first;
    },

    /**
     * The semester's weeks as rows, rewritten from its dates first so they always follow the semester's
     * settings; weeks past a shortened semester stay stored (entries may point at them) but are not returned.
     */
    async weeks(semester: SemesterRow, tx: Executor = db): Promise<TeachingWeekRow[]> {
      const derived = semesterWeeks(semester.startDate, semester.endDate);
      if (derived.length === 0) return [];
      return tx
        .insert(teachingWeeks)
        .values(derived.map((w) => ({ orgId: semester.orgId, semesterId: semester.id, ...w })))
        .onConflictDoUpdate({
          target: [teachingWeeks.semesterId, teachingWeeks.sequence],
          set: { startDate: sql`excluded.start_date`, endDate: sql`excluded.end_date` },
        })
        .returning()
        .then((rows) => rows.sort((a, b) => a.sequence - b.sequence));
    },

    async findEntry(id: number, tx: Executor = db): Promise<TeachingEntryRow | undefined> {
      const [row] = await entries(tx).where(and(eq(teachingCalendarEntries.id, id), courseNotDeleted));
      return row;
    },

    async courseEntries(courseId: number, weekId?: number, tx: Executor = db): Promise<TeachingEntryRow[]> {
      return entries(tx)
        .where(
          and(
            eq(teachingCalendarEntries.courseId, courseId),
            weekId === undefined ? undefined : eq(teachingCalendarEntries.teachingWeekId, weekId),
          ),
        )
        .orderBy(...ordered, asc(teachingCalendarEntries.id));
    },

    /** Entries of the courses the user belongs to (every course of the organisation for an admin). */
    async search(
      who: { userId: number; orgId: number; allOrgCourses: boolean },
      keyword: string,
      page: { offset: number; limit: number },
      tx: Executor = db,
    ): Promise<{ rows: TeachingEntryRow[]; total: number }> {
      const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const mine: SQL = who.allOrgCourses
        ? eq(courses.orgId, who.orgId)
        : inArray(
            teachingCalendarEntries.courseId,
            tx
              .select({ id: courseMembers.courseId })
              .from(courseMembers)
              .where(eq(courseMembers.userId, who.userId)),
          );
      const where = and(
        mine,
        eq(courses.orgId, who.orgId),
        courseNotDeleted,
        keyword === ''
          ? undefined
          : or(
              ilike(teachingCalendarEntries.content, pattern),
              ilike(teachingCalendarEntries.location, pattern),
              ilike(teachingCalendarEntries.instructor, pattern),
              ilike(courses.name, pattern),
              ilike(sql`coalesce(${courses.displayName}, '')`, pattern),
            ),
      );
      const [rows, [total]] = await Promise.all([
        entries(tx)
          .where(where)
          .orderBy(...ordered, asc(teachingCalendarEntries.id))
          .offset(page.offset)
          .limit(page.limit),
        tx
          .select({ n: count() })
          .from(teachingCalendarEntries)
          .innerJoin(courses, eq(courses.id, teachingCalendarEntries.courseId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async insert(
      courseId: number,
      createdBy: number,
      values: TeachingEntryValues,
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(teachingCalendarEntries)
        .values({ ...values, courseId, createdBy })
        .returning({ id: teachingCalendarEntries.id });
      if (!row) throw new Error('teaching calendar entry not inserted');
      return row.id;
    },

    async update(id: number, values: TeachingEntryValues, tx: Executor = db): Promise<void> {
      await tx
        .update(teachingCalendarEntries)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(teachingCalendarEntries.id, id));
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(teachingCalendarEntries).where(eq(teachingCalendarEntries.id, id));
    },
  };
}
