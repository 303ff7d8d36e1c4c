import type { ClassroomState } from '@lectern/contracts/exams/exam-taking.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeExam, makePaper, makeSubject } from '../test/taking-fixtures.ts';
import { ClassroomProjectorPage } from './classroom-projector-page.tsx';

const COURSE_ID = 5;
const EXAM_ID = 300;
const STATE = `GET /api/classroom-exams/${EXAM_ID}/state`;
const question = makePaper().find((s) => s.id === 2)!;

function state(answered: number, isOpen = true): ClassroomState {
  return {
    exam_id: EXAM_ID,
    released: {
      subject: question,
      is_open: isOpen,
      released_at: '2026-03-01T08:10:00.000Z',
      closed_at: isOpen ? null : '2026-03-01T08:12:00.000Z',
      correct_option_ids: [22],
    },
    student_count: 10,
    answer_count: answered,
    option_counts: [
      { option_id: 21, count: 1 },
      { option_id: 22, count: answered - 1 },
    ],
    correct_count: answered - 1,
    my_answer: null,
    releases: [],
  };
}

function renderProjector(current: () => ClassroomState) {
  const fetchMock = mockApi({
    [`GET /api/classroom-exams/${EXAM_ID}`]: () =>
      jsonResponse(makeExam({ id: EXAM_ID, type: 'classroom_exam', title: 'Week 3 quiz', can_edit: true })),
    [STATE]: () => jsonResponse(current()),
    [`GET /api/classroom-exams/${EXAM_ID}/subjects`]: () =>
      jsonResponse({
        subjects: [
          makeSubject({ id: 1, type: 'paragraph_desc' }),
          makeSubject({ id: 2, type: 'single_selection' }),
          makeSubject({ id: 3, type: 'multiple_selection' }),
        ],
      }),
    [`POST /api/classroom-exams/${EXAM_ID}/subjects/3/release`]: () => jsonResponse(state(0)),
  });
  renderRoutes(
    [
      {
        path: '/course/:courseId/classroom-exams/:examId/projector',
        element: (
          <CourseContext value={makeCourse({ id: COURSE_ID })}>
            <ClassroomProjectorPage />
          </CourseContext>
        ),
      },
    ],
    `/course/${COURSE_ID}/classroom-exams/${EXAM_ID}/projector`,
  );
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
installFakeEventSource();

describe('ClassroomProjectorPage', () => {
  it('shows the released question and its answers, the right option only when revealed', async () => {
    const { user } = renderProjector(() => state(4));
    expect(await screen.findByRole('heading', { level: 2, name: 'Week 3 quiz' })).toBeTruthy();
    expect(screen.getByText('Which structure is LIFO?')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('4 of 10 answered');
    // The class sees this screen while it answers: no option is marked right yet.
    expect(screen.queryByText('Correct')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show the answer' }));
    expect(screen.getByText('Correct')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide the answer' }));
    expect(screen.queryByText('Correct')).toBeNull();
  });

  it('refetches when the push stream says this exam changed, and ignores other exams', async () => {
    let answered = 4;
    const { fetchMock } = renderProjector(() => state(answered));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('4 of 10 answered'));
    const stateCalls = () => sentRequests(fetchMock).filter((r) => r.url.endsWith('/state')).length;
    const before = stateCalls();

    answered = 7;
    FakeEventSource.last?.emit({
      course_id: COURSE_ID,
      type: 'exam.answers_changed',
      data: { exam_id: EXAM_ID + 1, subject_id: 2 },
    });
    FakeEventSource.last?.emit({
      course_id: COURSE_ID,
      type: 'exam.answers_changed',
      data: { exam_id: EXAM_ID, subject_id: 2 },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('7 of 10 answered'));
    expect(stateCalls()).toBe(before + 1);
  });

  it('closed questions show the right option; the next releasable question is one click away', async () => {
    const { fetchMock, user } = renderProjector(() => state(4, false));
    expect(await screen.findByText('Correct')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show the answer' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Release the next question' }));
    await waitFor(() =>
      expect(sentRequests(fetchMock).some((r) => r.url.endsWith('/subjects/3/release'))).toBe(true),
    );
  });
});
