import type { HomeworkDetail, HomeworkSubmitter } from '@lectern/contracts/homework/homework.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { HOMEWORK_ID, makeHomeworkDetail, makeSubmission, makeSubmitter } from '../test/student-fixtures.ts';
import { MarkingDialog } from './marking-dialog.tsx';

const SCORE_PATH = `PUT /api/course/activities/${HOMEWORK_ID}/submission/score`;
const RULE_MESSAGE = 'Enter a score from 0 to 100 with at most one decimal place.';

const teacher = makeHomeworkDetail({
  permissions: { allow_mark: true, allow_edit: true, allow_setting: true },
});

const submitted = { status: 1, submission_count: 1 } as const;
const wang = makeSubmitter({ id: 7, name: 'Wang Fang', mark_status: 'unmarked', ...submitted });
const zhao = makeSubmitter({ id: 8, name: 'Zhao Lei', mark_status: 'marked', score: 80, ...submitted });
const chen = makeSubmitter({ id: 9, name: 'Chen Jing', mark_status: 'unmarked', ...submitted, status: 2 });

function server(extra: ApiRoutes = {}, submitters: HomeworkSubmitter[] = [wang, zhao, chen]) {
  const routes: ApiRoutes = {
    [`GET /api/homework/${HOMEWORK_ID}/submitters`]: () =>
      jsonResponse({ submitters, permissions: teacher.permissions }),
  };
  for (const { id } of submitters) {
    const submissionId = 900 + id;
    routes[`GET /api/activities/${HOMEWORK_ID}/students/${id}/submission_list`] = () =>
      jsonResponse({
        submissions: [
          makeSubmission({ id: submissionId, student_id: id, comment: `<p>Answer of ${id}</p>` }),
        ],
      });
    routes[`GET /api/submissions/${submissionId}/marked_attachments`] = () =>
      jsonResponse({ marked_attachments: [] });
    routes[`GET /api/activity/${HOMEWORK_ID}/submitter/${id}/score-records`] = () =>
      jsonResponse({ records: [], page: 1, page_size: 5, pages: 0, total: 0, start: 0, end: 0 });
  }
  return mockApi({ ...routes, ...extra });
}

function renderDialog({
  homework = teacher,
  submitterId = 7,
  simulating = false,
}: { homework?: HomeworkDetail; submitterId?: number | null; simulating?: boolean } = {}) {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <MarkingDialog
            homework={homework}
            open
            submitterId={submitterId}
            simulating={simulating}
            onClose={() => undefined}
          />
        ),
      },
    ],
    '/',
  );
}

async function typeScore(value: string, label = 'Score') {
  const input = await screen.findByRole('textbox', { name: label }, { timeout: 15_000 });
  fireEvent.change(input, { target: { value } });
  return input as HTMLInputElement;
}

function disabled(element: HTMLElement): boolean {
  return (element as HTMLInputElement | HTMLButtonElement).disabled;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

// The dialog mounts in steps (list, versions, sidebar), each a render of many antd parts: on a shared,
// busy machine that takes longer than the default allowance.
describe('MarkingDialog', { timeout: 60_000 }, () => {
  it('lays out a 272 px drawer and a 304 px sidebar, with a comment of at most 2000 characters', async () => {
    server();
    renderDialog({ submitterId: null });
    await screen.findByText('Answer of 7', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('marking-drawer').style.width).toBe('272px');
    expect(screen.getByTestId('marking-sidebar').style.width).toBe('304px');
    expect(within(screen.getByTestId('marking-drawer')).getByText('Version 1')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Comment' }).getAttribute('maxlength')).toBe('2000');
  });

  it('refuses 100.5 and 7.25 with homework.validationScore and sends nothing', async () => {
    const api = server({ [SCORE_PATH]: () => jsonResponse(makeSubmission()) });
    renderDialog();
    const user = userEvent.setup();
    for (const typed of ['100.5', '7.25']) {
      await typeScore(typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText(RULE_MESSAGE);
    }
    expect(sentBodies(api, SCORE_PATH)).toEqual([]);
  });

  it('says the score rule in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    server();
    renderDialog();
    await typeScore('100.5', '成绩');
    await userEvent.setup().click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('请输入 0-100 之间的分数，最多保留一位小数');
  });

  it('accepts 99.5 and 100.0 and sends the exact wire body', async () => {
    const api = server({
      [SCORE_PATH]: (body) => jsonResponse(makeSubmission({ id: 907, is_marked: true, ...(body as object) })),
    });
    renderDialog();
    const user = userEvent.setup();
    await typeScore('99.5');
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Clear and well tested.' },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBodies(api, SCORE_PATH)).toHaveLength(1));
    await typeScore('100.0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBodies(api, SCORE_PATH)).toHaveLength(2));
    expect(sentBodies(api, SCORE_PATH)).toEqual([
      {
        id: 907,
        score: 99.5,
        instructor_comment: 'Clear and well tested.',
        rubric_score: null,
        final_score: 99.5,
      },
      {
        id: 907,
        score: 100,
        instructor_comment: 'Clear and well tested.',
        rubric_score: null,
        final_score: 100,
      },
    ]);
    expect(screen.queryByText(RULE_MESSAGE)).toBeNull();
  });

  // The rubric dialog (1080 wide, a radio card per level) is the heaviest render here.
  it('fills the score from the rubric and sends the chosen levels', { timeout: 120_000 }, async () => {
    const api = server({
      'GET /api/rubrics/5': () =>
        jsonResponse({
          id: 5,
          name: 'Lists',
          conditions: [
            {
              name: 'Correctness',
              description: 'Works',
              levels: [
                { score: 60, description: 'All' },
                { score: 30, description: 'Some' },
              ],
            },
            {
              name: 'Style',
              description: 'Readable',
              levels: [
                { score: 40, description: 'Clear' },
                { score: 25, description: 'Fair' },
              ],
            },
          ],
          total: 100,
          created_by: { id: 1, name: 'Li Wei' },
          engage_number: 1,
          can_edit: true,
          created_at: '2026-03-01T08:00:00.000Z',
          updated_at: '2026-03-01T08:00:00.000Z',
        }),
      [SCORE_PATH]: () => jsonResponse(makeSubmission({ id: 907, score: 85, is_marked: true })),
    });
    renderDialog({ homework: { ...teacher, rubric_id: 5 } });
    const user = userEvent.setup();
    const link = await screen.findByRole('button', { name: 'Score with the rubric' }, { timeout: 15_000 });
    await waitFor(() => expect(disabled(link)).toBe(false));
    await user.click(link);
    fireEvent.click(await screen.findByRole('radio', { name: /60/ }));
    fireEvent.click(screen.getByRole('radio', { name: /25/ }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Score' }) as HTMLInputElement).value).toBe('85'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBodies(api, SCORE_PATH)).toHaveLength(1));
    expect(sentBodies(api, SCORE_PATH)[0]).toEqual({
      id: 907,
      score: 85,
      instructor_comment: null,
      rubric_score: [
        { condition_index: 0, level_index: 0 },
        { condition_index: 1, level_index: 1 },
      ],
      final_score: 85,
    });
  });

  it('shows the server message when the save fails, and unknown error without one', async () => {
    let calls = 0;
    server({
      [SCORE_PATH]: () => {
        calls += 1;
        return calls === 1
          ? errorResponse(409, 'conflict', 'The homework was deleted meanwhile.')
          : Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    renderDialog();
    const user = userEvent.setup();
    await typeScore('88');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The homework was deleted meanwhile.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Unknown error. The score was not saved.');
  });

  it('turns scoring and commenting off for a simulating instructor', async () => {
    server();
    renderDialog({ simulating: true });
    expect(disabled(await typeScore('88'))).toBe(true);
    expect(disabled(screen.getByRole('textbox', { name: 'Comment' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Save' }))).toBe(true);
    expect(screen.getByText('While viewing as a student you cannot give scores or comments.')).toBeTruthy();
  });

  it('turns scoring off when the server does not allow marking', async () => {
    server();
    renderDialog({ homework: makeHomeworkDetail() });
    expect(disabled(await typeScore('88'))).toBe(true);
    expect(screen.getByText('You may not mark this homework.')).toBeTruthy();
  });

  it('walks previous/next in the order the filter leaves', async () => {
    server();
    renderDialog();
    const user = userEvent.setup();
    await screen.findByText('Answer of 7', undefined, { timeout: 15_000 });
    expect(screen.getByText('1 of 3')).toBeTruthy();

    // antd draws the radio button over its input, which therefore takes no pointer events itself.
    fireEvent.click(screen.getByRole('radio', { name: 'Unmarked' }));
    await screen.findByText('1 of 2');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    // Zhao (marked) is left out: after Wang comes Chen.
    await screen.findByText('Answer of 9');
    expect(screen.getByText('2 of 2')).toBeTruthy();
    expect(disabled(screen.getByRole('button', { name: /Next/ }))).toBe(true);
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    await screen.findByText('Answer of 7');
    expect(disabled(screen.getByRole('button', { name: /Previous/ }))).toBe(true);
  });
});
