import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { IdentifyImportResponse } from '@lectern/contracts/data-import/data-import.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeIdentifyResponse, makeImportedSubject } from '../test/fixtures.ts';
import { ImportPreview, type ImportExamPoints } from './import-preview.tsx';

function Harness(props: { initial: IdentifyImportResponse; remaining: number; exam?: ImportExamPoints }) {
  const [result, setResult] = useState(props.initial);
  return (
    <ImportPreview
      result={result}
      remainingPoints={props.remaining}
      exam={props.exam}
      onPointChange={(index, point) =>
        setResult((previous) => {
          const subjects = previous.subjects.map((s, i) => (i === index ? { ...s, point } : s));
          return { ...previous, subjects, total_point: subjects.reduce((sum, s) => sum + s.point, 0) };
        })
      }
    />
  );
}

function renderPreview(props: Parameters<typeof Harness>[0]) {
  return renderRoutes([{ path: '/', element: <Harness {...props} /> }], '/');
}

const twoQuestions = () =>
  makeIdentifyResponse([makeImportedSubject({ point: 10 }), makeImportedSubject({ point: 10, line: 9 })]);

function storedExam(data: Record<string, unknown>): Activity {
  return {
    id: 300,
    course_id: 5,
    module_id: 1,
    syllabus_id: null,
    module_name: 'Module',
    syllabus_summary: null,
    type: 'exam',
    title: 'Midterm',
    data,
    start_time: null,
    end_time: null,
    last_sub_meeting_end_time: null,
    published: false,
    is_started: true,
    is_closed: false,
    status: 'inProgress',
    completion_criterion: 'submitted',
    completion_criterion_key: 'submitted',
    completion_criterion_value: null,
    sort: 1,
    created_by: { id: 7, name: 'Li Wei' },
    created_at: '2026-02-20T08:00:00.000Z',
    updated_at: '2026-02-20T08:00:00.000Z',
    uploads: [],
    can_edit: true,
    read: false,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ImportPreview points', { timeout: 60_000 }, () => {
  it('says when the exam is full and raises its total in place, keeping its other settings', async () => {
    const data = { total_points: 100, submit_times: 2, time_limit_minutes: 45 };
    const fetchMock = mockApi({
      'GET /api/activities/300': () => jsonResponse(storedExam(data)),
      'PUT /api/activities/300': (body) =>
        jsonResponse(storedExam((body as { data: Record<string, unknown> }).data)),
    });
    renderPreview({
      initial: twoQuestions(),
      remaining: 0,
      exam: { activityId: 300, total: 100, used: 100 },
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("The exam's points are all used")).toBeTruthy();
    expect(within(alert).getByText(/no points left \(0\), so these questions \(20 points\)/)).toBeTruthy();
    // Each question's points can be changed right here.
    expect(screen.getByRole('spinbutton', { name: 'Points of Question 1' })).toBeTruthy();
    const total = within(alert).getByLabelText('Exam total points') as HTMLInputElement;
    expect(total.value).toBe('120.0');
    fireEvent.click(within(alert).getByRole('button', { name: 'Save total' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/activities/300')).toEqual([
        { data: { total_points: 120, submit_times: 2, time_limit_minutes: 45 } },
      ]),
    );
    expect(await screen.findByText("The exam's total is now 120 points.")).toBeTruthy();
  });

  it('lets the points of the previewed questions be lowered until they fit', async () => {
    mockApi({});
    renderPreview({ initial: twoQuestions(), remaining: 5 });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The questions have more points than the exam has left')).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Points of Question 1' }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Points of Question 2' }), {
      target: { value: '3' },
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('2 questions, 5 points in total')).toBeTruthy();
    // Once they fit, the points are shown, not edited.
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('asks nothing while the questions fit', async () => {
    mockApi({});
    renderPreview({ initial: twoQuestions(), remaining: 80 });
    expect(await screen.findByText('2 questions, 20 points in total')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});

describe('ImportPreview question warnings', { timeout: 60_000 }, () => {
  it('shows what a question lost on its own card, in the teacher’s language, and nothing on the others', async () => {
    await i18n.changeLanguage('zh-CN');
    mockApi({});
    const lost =
      '“Author”中只得部分分的答案没有导入：Shakspere (50%)。填空只接受完全正确的答案，这些答案导入后不得分';
    renderPreview({
      initial: makeIdentifyResponse([
        makeImportedSubject({ point: 10 }),
        makeImportedSubject({ point: 10, line: 9, warnings: [lost] }),
      ]),
      remaining: 80,
    });
    const second = await screen.findByRole('article', { name: '第 2 题' });
    expect(within(second).getByText('文件中有 1 处内容没有保留')).toBeTruthy();
    expect(within(second).getByText(lost)).toBeTruthy();
    const first = screen.getByRole('article', { name: '第 1 题' });
    expect(within(first).queryByText(lost)).toBeNull();
    // A warning is not an error: the question is not marked as needing correction.
    expect(within(second).queryByText('需要修改')).toBeNull();
  });
});

describe('ImportPreview partial credit', { timeout: 60_000 }, () => {
  it('shows what each option of a weighted choice earns, and nothing on an all-or-nothing one', async () => {
    await i18n.changeLanguage('en-US');
    mockApi({});
    renderPreview({
      initial: makeIdentifyResponse([
        makeImportedSubject({
          type: 'multiple_selection',
          options: [
            { sort: 0, content: '2', is_answer: true, weight: 0.5 },
            { sort: 1, content: '3', is_answer: true, weight: 0.5 },
            { sort: 2, content: '4', is_answer: false, weight: -1 },
            { sort: 3, content: '6', is_answer: false, weight: 0 },
          ],
          answer: 'AB',
        }),
        makeImportedSubject({ line: 9 }),
      ]),
      remaining: 80,
    });
    const first = await screen.findByRole('article', { name: 'Question 1' });
    expect(within(first).getAllByText('50% of the points')).toHaveLength(2);
    expect(within(first).getByText('-100% of the points')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Question 2' });
    expect(within(second).queryByText(/of the points/)).toBeNull();
  });
});
