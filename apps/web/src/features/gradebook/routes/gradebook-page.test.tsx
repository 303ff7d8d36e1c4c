import type { Course } from '@lectern/contracts/courses/course.schemas';
import type { GradebookResponse, GradeScoreItem } from '@lectern/contracts/gradebook/gradebook.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { GradebookPage } from './gradebook-page.tsx';

const COURSE_ID = 42;
const GRADEBOOK = `GET /api/courses/${COURSE_ID}/gradebook`;

function makeItem(overrides: Partial<GradeScoreItem> = {}): GradeScoreItem {
  return {
    id: 1,
    title: 'Midterm',
    type: 'exam',
    weight: 1,
    published: true,
    activity_published: true,
    max_score: 50,
    end_time: null,
    ...overrides,
  };
}

const items = [
  makeItem(),
  makeItem({ id: 2, title: 'Essay', type: 'homework', max_score: 100, published: false }),
  makeItem({ id: 3, title: 'Draft quiz', type: 'classroom_exam', activity_published: false }),
];

function teacherBook(weight = 1): GradebookResponse {
  return {
    view: 'all',
    items: [
      { ...(items[0] as GradeScoreItem), weight },
      items[1] as GradeScoreItem,
      items[2] as GradeScoreItem,
    ],
    rows: [
      {
        student: { id: 11, name: 'Alice', user_no: 'S1' },
        scores: [
          { activity_id: 1, score: 40 },
          { activity_id: 2, score: 75 },
          { activity_id: 3, score: null },
        ],
        total: weight === 1 ? 77.5 : 79.5,
      },
      {
        student: { id: 12, name: 'Bob', user_no: 'S2' },
        scores: [
          { activity_id: 1, score: null },
          { activity_id: 2, score: 80 },
          { activity_id: 3, score: null },
        ],
        total: 40,
      },
    ],
  };
}

function renderPage(course: Course, handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  const view = renderRoutes(
    [
      {
        path: '/course/:courseId/grades',
        element: (
          <CourseContext value={course}>
            <GradebookPage />
          </CourseContext>
        ),
      },
    ],
    `/course/${COURSE_ID}/grades`,
  );
  return { ...view, fetchMock };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('GradebookPage for the teaching team', () => {
  it('shows students × items with release state, scores, totals and export links', async () => {
    renderPage(makeCourse(), { [GRADEBOOK]: () => jsonResponse(teacherBook()) });
    // Text queries, not role queries: computing roles over antd's table is slow in jsdom.
    const table = (await screen.findByText('Alice')).closest('table') as HTMLElement;
    // (Header text shows twice: antd also renders the header row hidden, to measure columns.)
    expect(within(table).getAllByText('Midterm')[0]?.closest('a')?.getAttribute('href')).toBe(
      `/course/${COURSE_ID}/activity/1`,
    );
    // That hidden copy holds nothing focusable: a screen reader could not tell where the focus went.
    const hidden = [...document.querySelectorAll('[aria-hidden="true"]')];
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.flatMap((element) => [...element.querySelectorAll('a, input, button')])).toEqual([]);
    // Count the header cells the user sees.
    const header = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');
    const headerText = (text: string) => header.filter((cell) => cell.includes(text)).length;
    expect(headerText('Not released to students')).toBe(1);
    expect(headerText('Activity not published')).toBe(1);
    expect(headerText('Out of 50')).toBe(2);
    // Two published items of weight 1: each is half of the total; the draft has no share.
    expect(headerText('50% of total')).toBe(2);
    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('Alice')).getByText('77.5%')).toBeTruthy();
    expect(within(rowOf('Alice')).getByText('75')).toBeTruthy();
    expect(within(rowOf('Bob')).getAllByLabelText('No score')).toHaveLength(2);
    expect(screen.getByText('Export CSV').closest('a')?.getAttribute('href')).toBe(
      `/api/courses/${COURSE_ID}/gradebook/export?format=csv`,
    );
    expect(screen.getByText('Export Excel').closest('a')?.getAttribute('href')).toBe(
      `/api/courses/${COURSE_ID}/gradebook/export?format=xlsx`,
    );
  });

  it('saves a changed weight and shows the new totals', async () => {
    const user = userEvent.setup();
    let weight = 1;
    const { fetchMock } = renderPage(makeCourse(), {
      [GRADEBOOK]: () => jsonResponse(teacherBook(weight)),
      [`PUT /api/courses/${COURSE_ID}/grade-score-items/1`]: (body) => {
        weight = (body as { weight: number }).weight;
        return jsonResponse({ ...items[0], weight });
      },
    });
    const input = await screen.findByRole('spinbutton', { name: 'Weight of Midterm' });
    await user.clear(input);
    await user.type(input, '3{Enter}');
    await waitFor(() =>
      expect(sentBodies(fetchMock, `PUT /api/courses/${COURSE_ID}/grade-score-items/1`)).toEqual([
        { weight: 3 },
      ]),
    );
    expect(await screen.findByText('79.5%')).toBeTruthy();
    expect(await screen.findByText('Weight saved')).toBeTruthy();
  });

  it('puts a refused weight back and says why', async () => {
    const user = userEvent.setup();
    renderPage(makeCourse(), {
      [GRADEBOOK]: () => jsonResponse(teacherBook()),
      [`PUT /api/courses/${COURSE_ID}/grade-score-items/1`]: () =>
        errorResponse(403, 'forbidden', 'You may not do this.'),
    });
    const input = await screen.findByRole('spinbutton', { name: 'Weight of Midterm' });
    await user.clear(input);
    await user.type(input, '4');
    await user.tab();
    expect(await screen.findByText('You may not do this.')).toBeTruthy();
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('1'));
  });

  it('shows weights read-only to those who may not set them', async () => {
    renderPage(makeCourse({ can_manage: false, current_user_roles: ['instructor_assistant'] }), {
      [GRADEBOOK]: () => jsonResponse(teacherBook()),
    });
    await screen.findByRole('table');
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});

describe('GradebookPage for a student', () => {
  const own: GradebookResponse = {
    view: 'own',
    items: [
      items[0] as GradeScoreItem,
      makeItem({ id: 4, title: 'Lab report', type: 'homework', max_score: 100 }),
    ],
    rows: [
      {
        student: { id: 11, name: 'Alice', user_no: 'S1' },
        scores: [
          { activity_id: 1, score: 40 },
          { activity_id: 4, score: null },
        ],
        total: 40,
      },
    ],
  };

  it('shows a SCORM courseware score as a percentage card, labelled by its type', async () => {
    renderPage(makeCourse({ can_manage: false, current_user_roles: ['student'] }), {
      [GRADEBOOK]: () =>
        jsonResponse({
          view: 'own',
          items: [makeItem({ id: 5, title: 'Safety SCO', type: 'h5_courseware', max_score: 100 })],
          rows: [
            {
              student: { id: 11, name: 'Alice', user_no: 'S1' },
              scores: [{ activity_id: 5, score: 90 }],
              total: 90,
            },
          ],
        } satisfies GradebookResponse),
    });
    const list = await screen.findByRole('list', { name: 'Grades' });
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card as HTMLElement).getByText('SCORM courseware')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('90 / 100')).toBeTruthy();
  });

  it('lists their released grades as cards with their total, no table', async () => {
    renderPage(makeCourse({ can_manage: false, current_user_roles: ['student'] }), {
      [GRADEBOOK]: () => jsonResponse(own),
    });
    const list = await screen.findByRole('list', { name: 'Grades' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('40 / 50')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Not scored yet')).toBeTruthy();
    expect(screen.getByText('My weighted total')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: /Export/ })).toBeNull();
  });

  it('speaks the UI language and says when nothing is released', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPage(makeCourse({ can_manage: false, current_user_roles: ['student'] }), {
      [GRADEBOOK]: () => jsonResponse({ view: 'own', items: [], rows: [] }),
    });
    expect(await screen.findByText('还没有公布任何成绩。')).toBeTruthy();
  });
});
