import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TeachingCalendarSearchResponseSchema,
  TeachingEntryResponseSchema,
  TeachingWeeksResponseSchema,
  TimetablesResponseSchema,
  type SaveTeachingEntryRequest,
} from '@lectern/contracts/course-services/teaching-calendar.schemas';
import {
  addMember,
  createAcademicYear,
  createCourse,
  createOrg,
  createSemester,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;
let otherOrgId: number;
let semesterId: number;
let courseId: number;
let noSemesterCourseId: number;
let teacher: Session;
let student: Session;
let outsider: Session;
let simulating: Session;
let admin: Session;
let weekIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  otherOrgId = (await createOrg(t)).id;
  const year = await createAcademicYear(t, orgId);
  // A Monday start, 16 days long: weeks 1 and 2 full, week 3 two days.
  const semester = await createSemester(t, orgId, year.id, {
    startDate: '2027-03-01',
    endDate: '2027-03-16',
  });
  semesterId = semester.id;
  const teacherUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  const outsiderUser = await createUser(t, orgId);
  const adminUser = await createUser(t, orgId, { orgRole: 'admin' });
  const course = await createCourse(t, orgId, teacherUser.id, { name: 'Optics', semesterId });
  courseId = course.id;
  noSemesterCourseId = (await createCourse(t, orgId, teacherUser.id)).id;
  await addMember(t, courseId, studentUser.id, ['student']);
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
  outsider = await loginAs(t, outsiderUser);
  admin = await loginAs(t, adminUser);
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: courseId });
});
afterAll(async () => t.close());

const call = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: session?.headers ?? {},
    ...(payload === undefined ? {} : { payload }),
  });

const entry = (overrides: Partial<SaveTeachingEntryRequest> = {}): SaveTeachingEntryRequest => ({
  teachingWeekId: weekIds[0]!,
  type: 'theory',
  content: 'Reflection and refraction',
  hours: 2,
  instructor: 'Dr. Lee',
  location: 'Room 101',
  teachingDate: '2027-03-02',
  teachingTime: '1-2',
  timeRange: '08:00-09:40',
  ...overrides,
});

describe('teaching weeks', () => {
  it('derives the weeks from the semester’s dates, named in the caller’s language', async () => {
    const res = await call(teacher, 'GET', `/api/org/${orgId}/teaching-weeks?semester_id=${semesterId}`);
    expect(res.statusCode).toBe(200);
    const weeks = TeachingWeeksResponseSchema.parse(res.json()).teaching_weeks;
    expect(weeks.map((w) => [w.sequence, w.name, w.start_date, w.end_date])).toEqual([
      [1, 'Week 1', '2027-03-01', '2027-03-07'],
      [2, 'Week 2', '2027-03-08', '2027-03-14'],
      [3, 'Week 3', '2027-03-15', '2027-03-16'],
    ]);
    weekIds = weeks.map((w) => w.id);
    const zh = await t.app.inject({
      method: 'GET',
      url: `/api/org/${orgId}/teaching-weeks?semester_id=${semesterId}`,
      headers: { ...student.headers, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().teaching_weeks[0].name).toBe('第1周');
    // The same rows each time: entries keep pointing at them.
    const again = TeachingWeeksResponseSchema.parse(
      (await call(student, 'GET', `/api/org/${orgId}/teaching-weeks`)).json(),
    );
    expect(again.teaching_weeks.map((w) => w.id)).toEqual(weekIds);
  });

  it('answers 404 for another organisation and its semesters', async () => {
    expect((await call(teacher, 'GET', `/api/org/${otherOrgId}/teaching-weeks`)).statusCode).toBe(404);
    expect(
      (await call(teacher, 'GET', `/api/org/${orgId}/teaching-weeks?semester_id=999999`)).statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', `/api/org/${orgId}/teaching-weeks`)).statusCode).toBe(401);
  });
});

describe('teaching calendar entries', () => {
  let entryId: number;

  it('lets the teaching team add an entry and returns it in camelCase with its week and course', async () => {
    const res = await call(teacher, 'POST', `/api/course/${courseId}/teaching-calendar`, entry());
    expect(res.statusCode).toBe(201);
    const created = TeachingEntryResponseSchema.parse(res.json()).teaching_calendar;
    entryId = created.id;
    expect(created).toMatchObject({
      teachingWeekId: weekIds[0],
      type: 'theory',
      content: 'Reflection and refraction',
      hours: 2,
      teachingDate: '2027-03-02',
      timeRange: '08:00-09:40',
      teachingWeek: { id: weekIds[0], sequence: 1, name: 'Week 1' },
      course: { id: courseId, name: 'Optics' },
    });
  });

  it('strips markup from text fields', async () => {
    const res = await call(teacher, 'POST', `/api/course/${courseId}/teaching-calendar`, {
      ...entry({ teachingWeekId: weekIds[1]!, teachingDate: '2027-03-09' }),
      content: '<script>alert(1)</script><b>Lenses</b>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().teaching_calendar.content).toBe('Lenses');
  });

  it('refuses students, simulation and outsiders', async () => {
    expect(
      (await call(student, 'POST', `/api/course/${courseId}/teaching-calendar`, entry())).statusCode,
    ).toBe(403);
    const sim = await call(simulating, 'POST', `/api/course/${courseId}/teaching-calendar`, entry());
    expect(sim.statusCode).toBe(403);
    expect(sim.json().code).toBe('simulating_read_only');
    expect(
      (await call(outsider, 'POST', `/api/course/${courseId}/teaching-calendar`, entry())).statusCode,
    ).toBe(403);
    expect((await call(student, 'PUT', `/api/teaching-calendar/${entryId}`, entry())).statusCode).toBe(403);
    expect((await call(outsider, 'PUT', `/api/teaching-calendar/${entryId}`, entry())).statusCode).toBe(404);
    expect((await call(student, 'DELETE', `/api/teaching-calendar/${entryId}`)).statusCode).toBe(403);
  });

  it('refuses bad input with errors on the fields', async () => {
    const bad = await call(teacher, 'POST', `/api/course/${courseId}/teaching-calendar`, {
      ...entry(),
      type: 'party',
      content: '',
      hours: 0,
      timeRange: '10:00-09:00',
      teachingDate: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'content',
      'hours',
      'teachingDate',
      'timeRange',
      'type',
    ]);

    const outsideWeek = await call(
      teacher,
      'POST',
      `/api/course/${courseId}/teaching-calendar`,
      entry({ teachingDate: '2027-03-10' }),
    );
    expect(outsideWeek.statusCode).toBe(400);
    expect(outsideWeek.json().errors.teachingDate).toEqual(['The teaching date is not in the chosen week.']);

    const foreignWeek = await call(
      teacher,
      'POST',
      `/api/course/${courseId}/teaching-calendar`,
      entry({ teachingWeekId: 999999 }),
    );
    expect(foreignWeek.statusCode).toBe(400);
    expect(Object.keys(foreignWeek.json().errors)).toEqual(['teachingWeekId']);

    const noSemester = await call(
      teacher,
      'POST',
      `/api/course/${noSemesterCourseId}/teaching-calendar`,
      entry(),
    );
    expect(noSemester.statusCode).toBe(409);
  });

  it('shows members the course’s calendar and the current week’s timetable', async () => {
    const list = await call(student, 'GET', `/api/course/${courseId}/teaching-calendars`);
    expect(list.statusCode).toBe(200);
    expect(list.json().teaching_calendars.map((e: { content: string }) => e.content)).toEqual([
      'Reflection and refraction',
      'Lenses',
    ]);
    const week2 = TimetablesResponseSchema.parse(
      (await call(student, 'GET', `/api/courses/${courseId}/timetables?current_date=2027-03-12`)).json(),
    );
    expect(week2.teaching_week?.sequence).toBe(2);
    expect(week2.timetables.map((e) => e.content)).toEqual(['Lenses']);
    const outside = TimetablesResponseSchema.parse(
      (await call(student, 'GET', `/api/courses/${courseId}/timetables?current_date=2027-05-01`)).json(),
    );
    expect(outside).toMatchObject({ teaching_week: null, timetables: [] });
    expect((await call(outsider, 'GET', `/api/course/${courseId}/teaching-calendars`)).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/courses/${courseId}/timetables`)).statusCode).toBe(403);
    expect(
      (await call(student, 'GET', `/api/courses/${courseId}/timetables?current_date=tomorrow`)).statusCode,
    ).toBe(400);
  });

  it('searches entries across the caller’s courses only, paged', async () => {
    const mine = TeachingCalendarSearchResponseSchema.parse(
      (await call(student, 'GET', '/api/teaching-calendars?keyword=lens&page=1&page_size=10')).json(),
    );
    expect(mine).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(mine.teaching_calendars[0]?.course.id).toBe(courseId);
    const byCourse = TeachingCalendarSearchResponseSchema.parse(
      (await call(student, 'GET', '/api/teaching-calendars?keyword=optics&page_size=1')).json(),
    );
    expect(byCourse).toMatchObject({ total: 2, pages: 2 });
    expect(byCourse.teaching_calendars).toHaveLength(1);
    // A literal % matches itself, not everything.
    expect((await call(student, 'GET', '/api/teaching-calendars?keyword=%25')).json().total).toBe(0);
    expect((await call(outsider, 'GET', '/api/teaching-calendars')).json().total).toBe(0);
    expect((await call(admin, 'GET', '/api/teaching-calendars')).json().total).toBe(2);
  });

  it('lets the team change and remove an entry', async () => {
    const put = await call(
      teacher,
      'PUT',
      `/api/teaching-calendar/${entryId}`,
      entry({ hours: 1.5, type: 'experiment' }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json().teaching_calendar).toMatchObject({ hours: 1.5, type: 'experiment' });
    expect((await call(teacher, 'DELETE', `/api/teaching-calendar/${entryId}`)).statusCode).toBe(200);
    expect((await call(teacher, 'DELETE', `/api/teaching-calendar/${entryId}`)).statusCode).toBe(404);
    const left = await call(student, 'GET', `/api/course/${courseId}/teaching-calendars`);
    expect(left.json().teaching_calendars).toHaveLength(1);
  });
});
