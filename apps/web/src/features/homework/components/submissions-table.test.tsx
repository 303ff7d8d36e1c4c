import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests, type ApiRoutes } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { HOMEWORK_ID, makeHomeworkDetail, makeSubmitter } from '../test/student-fixtures.ts';
import { HomeworkSubmissionsPanel, latestUploadIds, zipDownloadUrl } from './submissions-table.tsx';

const teacher = makeHomeworkDetail({
  duplicate_check_enabled: true,
  permissions: { allow_mark: true, allow_edit: true, allow_setting: true },
});

const wang = makeSubmitter({
  id: 7,
  name: 'Wang Fang',
  status: 1,
  mark_status: 'marked',
  submission_count: 2,
  score: 80,
  final_score: 80,
  submitted_at: '2026-03-02T09:00:00.000Z',
  latest_submission_id: 907,
  latest_upload_ids: [61, 62],
});
const zhao = makeSubmitter({
  id: 8,
  name: 'Zhao Lei',
  user_no: 's002',
  status: 1,
  mark_status: 'unmarked',
  submission_count: 1,
  latest_submission_id: 908,
  latest_upload_ids: [63],
});
const chen = makeSubmitter({ id: 9, name: 'Chen Jing', user_no: 's003' });

function server(extra: ApiRoutes = {}) {
  return mockApi({
    [`GET /api/homework/${HOMEWORK_ID}/submitters`]: () =>
      jsonResponse({ submitters: [wang, zhao, chen], permissions: teacher.permissions }),
    [`GET /api/homework/${HOMEWORK_ID}/duplicate-detect/rate`]: () =>
      jsonResponse({
        rates: [
          { target_id: 7, submission_id: 907, state: 'checked', rate: 42.5, similar_to: null, pair_id: null },
        ],
      }),
    ...extra,
  });
}

function renderPanel(homework: HomeworkDetail = teacher, simulating = false) {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <CourseContext value={makeCourse({ simulating })}>
            <HomeworkSubmissionsPanel homework={homework} />
          </CourseContext>
        ),
      },
    ],
    '/',
  );
}

async function rowOf(name: string) {
  const cell = await screen.findByText(name, undefined, { timeout: 15_000 });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function chooseAction(user: ReturnType<typeof userEvent.setup>, name: string, action: string) {
  await user.click(within(await rowOf(name)).getByRole('button', { name: `More actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

/** antd's confirmation, found by its question (its dialog carries no accessible name). */
async function confirmation(question: string): Promise<HTMLElement> {
  const [title] = await screen.findAllByText(question);
  const dialog = title?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog for ${question}`);
  return dialog;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('HomeworkSubmissionsPanel', { timeout: 60_000 }, () => {
  it('counts hand-ins and shows status, score to one decimal and duplicate rate', async () => {
    server();
    renderPanel();
    const wangRow = await rowOf('Wang Fang');
    expect(screen.getByTestId('submission-counts').textContent).toBe('2 of 3 submitted, 1 marked');
    expect(within(wangRow).getByText('Submitted')).toBeTruthy();
    expect(within(wangRow).getByText('80.0')).toBeTruthy();
    await within(wangRow).findByText('42.50%');
    // No rate for Zhao yet: '--' in the duplicate rate column (and score).
    expect(within(await rowOf('Zhao Lei')).getAllByText('--').length).toBeGreaterThanOrEqual(2);
    expect(within(await rowOf('Chen Jing')).getByText('Not submitted')).toBeTruthy();
  });

  it('filters by mark status', async () => {
    server();
    renderPanel();
    await rowOf('Wang Fang');
    fireEvent.click(screen.getByRole('radio', { name: 'Unmarked' }));
    await waitFor(() => expect(screen.queryByText('Wang Fang')).toBeNull());
    expect(screen.getByText('Zhao Lei')).toBeTruthy();
    expect(screen.queryByText('Chen Jing')).toBeNull();
  });

  it.each([
    ['redo', 'Wang Fang', 'Ask to redo', 'Ask Wang Fang to redo this homework?', 7],
    ['remind', 'Chen Jing', 'Remind', 'Remind Chen Jing to hand in?', 9],
    ['recommend', 'Zhao Lei', 'Recommend', 'Recommend the work of Zhao Lei?', 8],
  ])('asks before %s and then calls its endpoint', async (endpoint, name, action, question, id) => {
    const path = `POST /api/homework/${HOMEWORK_ID}/${endpoint}`;
    const api = server({ [path]: () => jsonResponse({ submitters: [] }) });
    renderPanel();
    const user = userEvent.setup();
    await chooseAction(user, name, action);
    const dialog = await confirmation(question);
    expect(sentBodies(api, path)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sentBodies(api, path)).toEqual([{ submitter_ids: [id] }]));
  });

  it('calls nothing when the confirmation is cancelled', async () => {
    const path = `POST /api/homework/${HOMEWORK_ID}/mark-unsubmitted`;
    const api = server({ [path]: () => jsonResponse({ submitters: [] }) });
    renderPanel();
    const user = userEvent.setup();
    await chooseAction(user, 'Zhao Lei', 'Mark as not submitted');
    const dialog = await confirmation('Mark Zhao Lei as not submitted?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Mark Zhao Lei as not submitted?')).toBeNull());
    expect(sentBodies(api, path)).toEqual([]);
  });

  it('gives a make-up window until the chosen time', async () => {
    const path = `POST /api/homework/${HOMEWORK_ID}/make-up`;
    const api = server({ [path]: () => jsonResponse({ submitters: [] }) });
    renderPanel();
    const user = userEvent.setup();
    await chooseAction(user, 'Chen Jing', 'Make-up window');
    const input = await screen.findByLabelText('Hand-ins accepted until');
    fireEvent.change(input, { target: { value: '2099-03-01 09:30' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(api, path)).toEqual([{ submitter_ids: [9], end_time: '2099-03-01T09:30:00.000Z' }]),
    );
  });

  it('offers no actions while simulating a student', async () => {
    server();
    renderPanel(teacher, true);
    const row = await rowOf('Wang Fang');
    const more = within(row).getByRole('button', { name: 'More actions for Wang Fang' }) as HTMLButtonElement;
    expect(more.disabled).toBe(true);
  });
});

describe('zipDownloadUrl', () => {
  it('asks for the files and the browser time zone', () => {
    expect(zipDownloadUrl([61, 62], 'Asia/Shanghai')).toBe(
      '/zip/uploads?upload_ids=61%2C62&timezone=Asia%2FShanghai',
    );
  });
});

describe('download all', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('zips every listed hand-in in one request, reading no submission lists', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = server();
    renderPanel();
    await rowOf('Wang Fang');
    await userEvent.setup().click(screen.getByRole('button', { name: /Download all/ }));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/zip\/uploads\?upload_ids=61%2C62%2C63&/));
    expect(sentRequests(api).filter((r) => r.url.includes('submission'))).toEqual([]);
  });

  it('takes each file once, in list order', () => {
    expect(latestUploadIds([wang, zhao, chen, { ...zhao, id: 10, latest_upload_ids: [62, 64] }])).toEqual([
      61, 62, 63, 64,
    ]);
  });
});
