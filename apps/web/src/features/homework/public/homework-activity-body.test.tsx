import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { HomeworkDetail, SubmissionResponse } from '@lectern/contracts/homework/homework.schemas';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { makeCourse, makeViewer } from '../../../test/fixtures.ts';
import { fillRichText, preloadRichTextEditor, richTextValue } from '../../../test/rich-text.ts';
import { CourseContext } from '../../courses/public/course-context.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import {
  HOMEWORK_ID,
  makeHomeworkActivity,
  makeHomeworkDetail,
  makeStanding,
  makeSubmission,
  makeSubmissionFile,
  makeSubmitter,
  STUDENT_ID,
} from '../test/student-fixtures.ts';
import { HomeworkActivityBody } from './homework-activity-body.tsx';

const SUBMISSION = `/api/course/activities/${HOMEWORK_ID}/students/${STUDENT_ID}/submission`;
const VERSIONS = `/api/activities/${HOMEWORK_ID}/students/${STUDENT_ID}/submission_list`;
const POST = `POST /api/course/activities/${HOMEWORK_ID}/submissions`;

function studentRoutes(
  detail: Partial<HomeworkDetail> = {},
  standing: Partial<SubmissionResponse> = {},
  versions = [] as ReturnType<typeof makeSubmission>[],
): ApiRoutes {
  return {
    'GET /api/user': () => jsonResponse(makeViewer({ id: STUDENT_ID })),
    [`GET /api/homework/${HOMEWORK_ID}`]: () => jsonResponse(makeHomeworkDetail(detail)),
    [`GET ${SUBMISSION}`]: () => jsonResponse(makeStanding(standing)),
    [`GET ${VERSIONS}`]: () => jsonResponse({ submissions: versions }),
  };
}

function renderBody(activity: Activity = makeHomeworkActivity()) {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <CourseContext value={makeCourse({ id: 5 })}>
            <HomeworkActivityBody activity={activity} />
          </CourseContext>
        ),
      },
    ],
    '/course/5/activity/300',
  );
}

beforeAll(preloadRichTextEditor, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => onlineManager.setOnline(true));

describe('HomeworkActivityBody for a student', () => {
  it('saves a draft, then hands in after confirming', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      ...studentRoutes({ submit_times: 3 }, { submissions_left: 2 }),
      [POST]: (body) => {
        const isDraft = (body as { is_draft: boolean }).is_draft;
        return jsonResponse(
          {
            submission: makeSubmission({ is_draft: isDraft, version: 2 }),
            submitter: makeSubmitter(),
          },
          201,
        );
      },
    });
    const user = userEvent.setup({ delay: null });
    renderBody();

    expect(await screen.findByText('Implement a linked list.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('2 of 3')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(await screen.findByText('Nothing handed in yet.')).toBeTruthy();

    await fillRichText('Comment', '<p>My linked list</p>');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, POST)).toEqual([
        { comment: '<p>My linked list</p>', uploads: [], is_draft: true },
      ]),
    );
    expect(await screen.findByText('Draft saved')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Hand in this work?');
    expect(dialog.textContent).toContain('Hand-ins left afterwards: 1.');
    // Nothing is handed in before the student confirms.
    expect(sentBodies(fetchMock, POST)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sentBodies(fetchMock, POST)).toHaveLength(2));
    expect(sentBodies(fetchMock, POST)[1]).toEqual({
      comment: '<p>My linked list</p>',
      uploads: [],
      is_draft: false,
    });
    expect(await screen.findByText('Handed in as version 2')).toBeTruthy();
  });

  it('says when the connection is lost and hands in once it is back', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      ...studentRoutes({ submit_times: 3 }, { submissions_left: 2 }),
      [POST]: () =>
        jsonResponse({ submission: makeSubmission({ version: 2 }), submitter: makeSubmitter() }, 201),
    });
    const user = userEvent.setup({ delay: null });
    renderBody();

    expect(await screen.findByText('Implement a linked list.', {}, { timeout: 15_000 })).toBeTruthy();
    // The form is on screen (its page loaded) when the connection goes.
    expect(await screen.findByText('2 of 3')).toBeTruthy();
    expect(screen.queryByText('You are offline')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(await screen.findByText('You are offline')).toBeTruthy();
    await fillRichText('Comment', '<p>Written on the train</p>');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentBodies(fetchMock, POST)).toEqual([]);
    expect(screen.getByText(/sent by itself once the connection is back/)).toBeTruthy();

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Handed in as version 2')).toBeTruthy();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { comment: '<p>Written on the train</p>', uploads: [], is_draft: false },
    ]);
    expect(screen.queryByText('You are offline')).toBeNull();
  });

  it('does not hand in empty work', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi(studentRoutes());
    const user = userEvent.setup({ delay: null });
    renderBody();

    await user.click(await screen.findByRole('button', { name: 'Submit' }, { timeout: 15_000 }));
    expect(await screen.findByText('Write something or attach a file before handing in.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentBodies(fetchMock, POST)).toEqual([]);
  });

  it(
    'says why nothing can be handed in after the deadline, and disables the form',
    { timeout: 60_000 },
    async () => {
      mockApi(studentRoutes({ end_time: '2026-03-08T18:00:00.000Z', is_closed: true }));
      renderBody(makeHomeworkActivity({ end_time: '2026-03-08T18:00:00.000Z', status: 'expired' }));

      expect(
        await screen.findByText(
          'The deadline has passed, so this homework can no longer be handed in.',
          {},
          { timeout: 15_000 },
        ),
      ).toBeTruthy();
      expect(screen.getByText('Closed')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Save draft' }).hasAttribute('disabled')).toBe(true);
      const comment = await screen.findByRole('textbox', { name: 'Comment' });
      expect(comment.getAttribute('contenteditable')).toBe('false');
    },
  );

  it('accepts work again inside a make-up window the teacher granted', { timeout: 60_000 }, async () => {
    mockApi(
      studentRoutes(
        { end_time: '2026-03-08T18:00:00.000Z', is_closed: true },
        { submitter: makeSubmitter({ make_up_end_time: '2099-01-01T00:00:00.000Z' }) },
      ),
    );
    renderBody();

    expect(await screen.findByText('Make-up window', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses once every allowed hand-in is used', { timeout: 60_000 }, async () => {
    mockApi(
      studentRoutes(
        { submit_times: 2 },
        {
          submissions_left: 0,
          submission: makeSubmission({ version: 2 }),
          submitter: makeSubmitter({ submission_count: 2, status: 1, mark_status: 'unmarked' }),
        },
      ),
    );
    renderBody();

    expect(
      await screen.findByText('You have used all 2 hand-ins this homework allows.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('0 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
  });

  it('starts from the saved draft', { timeout: 60_000 }, async () => {
    mockApi(
      studentRoutes(
        {},
        {
          draft: makeSubmission({
            id: 950,
            is_draft: true,
            version: 1,
            comment: '<p>Half done</p>',
            submitted_at: null,
            uploads: [makeSubmissionFile({ name: 'notes.docx', upload_id: 77 })],
          }),
        },
      ),
    );
    renderBody();

    expect(
      await screen.findByText(/Your saved draft is filled in below/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await richTextValue('Comment')).toBe('<p>Half done</p>');
    expect(screen.getByText('notes.docx')).toBeTruthy();
  });

  it(
    'shows the server message and its field messages when a hand-in is refused',
    { timeout: 60_000 },
    async () => {
      mockApi({
        ...studentRoutes(),
        [POST]: () =>
          errorResponse(422, 'validation_failed', 'Some fields are invalid. Please check and try again.', {
            uploads: ['This file is missing or not ready. Please upload it again.'],
          }),
      });
      const user = userEvent.setup({ delay: null });
      renderBody();

      await fillRichText(
        await screen.findByRole('textbox', { name: 'Comment' }, { timeout: 15_000 }),
        'Answer',
      );
      await user.click(screen.getByRole('button', { name: 'Save draft' }));

      const alert = await screen.findByText('Some fields are invalid. Please check and try again.');
      expect(alert).toBeTruthy();
      expect(
        (await screen.findAllByText('This file is missing or not ready. Please upload it again.')).length,
      ).toBeGreaterThan(0);
      // What the student typed is still there.
      expect(await richTextValue('Comment')).toBe('<p>Answer</p>');
    },
  );

  it('lists every version with its files and time, newest first', { timeout: 60_000 }, async () => {
    mockApi(
      studentRoutes({}, { submission: makeSubmission({ id: 902, version: 2 }) }, [
        makeSubmission({
          id: 901,
          version: 1,
          comment: '<p>First try</p>',
          submitted_at: '2026-03-02T09:00:00.000Z',
          uploads: [makeSubmissionFile({ id: 52, name: 'first.docx' })],
        }),
        makeSubmission({
          id: 902,
          version: 2,
          comment: '<p>Second try</p>',
          is_late: true,
          submitted_at: '2026-03-03T10:30:00.000Z',
          uploads: [makeSubmissionFile({ id: 53, name: 'second.pdf' })],
        }),
      ]),
    );
    renderBody();

    const list = await screen.findByRole('list', { name: 'Handed-in versions' }, { timeout: 15_000 });
    const items = within(list)
      .getAllByRole('listitem', { name: '' })
      .filter((item) => item.parentElement === list);
    expect(items.map((item) => within(item).getByText(/^Version \d$/).textContent)).toEqual([
      'Version 2',
      'Version 1',
    ]);
    expect(within(items[0]!).getByText('Second try')).toBeTruthy();
    expect(within(items[0]!).getByText('Late')).toBeTruthy();
    expect(within(items[0]!).getByText('Handed in 2026-03-03 10:30:00')).toBeTruthy();
    expect(within(items[0]!).getByText('second.pdf')).toBeTruthy();
    expect(within(items[1]!).getByText('first.docx')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Download first.docx' }).getAttribute('href')).toBe(
      '/api/uploads/reference/52/blob',
    );
  });

  it('keeps the score hidden until it is published', { timeout: 60_000 }, async () => {
    const marked = makeSubmission({ is_marked: true, is_score_visible: false, score: null });
    mockApi(studentRoutes({ is_score_visible: false }, { submission: marked }, [marked]));
    renderBody();

    expect(
      (await screen.findAllByText('Scores are not published yet.', {}, { timeout: 15_000 })).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText('Score')).toBeNull();
    expect(screen.queryByText('Marked files')).toBeNull();
  });

  it('shows score, comment, rubric score and marked files once published', { timeout: 60_000 }, async () => {
    const marked = makeSubmission({
      is_marked: true,
      is_score_visible: true,
      score: 85,
      final_score: 85,
      instructor_comment: 'Clear and correct.',
      rubric_score: [
        { condition_index: 0, name: 'Correctness', level_index: 0, score: 60 },
        { condition_index: 1, name: 'Style', level_index: 1, score: 25 },
      ],
    });
    const fetchMock = mockApi({
      ...studentRoutes({ is_score_visible: true, announceScoreType: 2 }, { submission: marked }, [marked]),
      'GET /api/submissions/900/marked_attachments': () =>
        jsonResponse({
          marked_attachments: [
            {
              id: 3,
              submission_id: 900,
              reference_id: 71,
              upload_id: 81,
              origin_upload_id: 61,
              name: 'report-marked.pdf',
              size: 4096,
              type: 'document',
              mime_type: 'application/pdf',
              created_by: { id: 1, name: 'Li Wei' },
              created_at: '2026-03-04T09:00:00.000Z',
              updated_at: '2026-03-04T09:00:00.000Z',
              preview_url: '/api/uploads/81/preview',
              blob_url: '/api/uploads/reference/71/blob',
            },
          ],
        }),
    });
    renderBody();

    expect(await screen.findByText('My score:', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByText('85.0').length).toBe(2);
    expect(screen.getByText('Clear and correct.')).toBeTruthy();
    expect(screen.getByText('Correctness: 60.0')).toBeTruthy();
    expect(screen.getByText('Style: 25.0')).toBeTruthy();
    const download = await screen.findByRole('link', { name: 'Download report-marked.pdf' });
    expect(download.getAttribute('href')).toBe('/api/uploads/reference/71/blob');
    expect(screen.getByRole('link', { name: 'Preview report-marked.pdf' }).getAttribute('href')).toBe(
      '/api/uploads/81/preview',
    );
    expect(fetchMock).toHaveBeenCalled();
  });
});

describe('HomeworkActivityBody for the teaching team', () => {
  it('counts hand-ins and marks', { timeout: 60_000 }, async () => {
    mockApi({
      [`GET /api/homework/${HOMEWORK_ID}`]: () =>
        jsonResponse(
          makeHomeworkDetail({ permissions: { allow_mark: true, allow_edit: true, allow_setting: true } }),
        ),
      [`GET /api/homework/${HOMEWORK_ID}/submitters`]: () =>
        jsonResponse({
          submitters: [
            makeSubmitter({ id: 1, submission_count: 1, status: 1, mark_status: 'marked' }),
            makeSubmitter({ id: 2, submission_count: 2, status: 1, mark_status: 'unmarked' }),
            makeSubmitter({ id: 3 }),
          ],
          permissions: { allow_mark: true, allow_edit: true, allow_setting: true },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderBody(makeHomeworkActivity({ can_edit: true }));

    const summary = await screen.findByRole('group', { name: 'Hand-in summary' }, { timeout: 15_000 });
    await waitFor(() => expect(within(summary).getByText('/ 3')).toBeTruthy());
    expect(summary.textContent).toContain('Handed in2/ 3');
    expect(summary.textContent).toContain('Marked1/ 2');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('button', { name: /Publishing settings/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Choose a rubric/ })).toBeTruthy();
    // Every submitter is listed for marking, and "Mark" opens the marking dialog.
    expect((await screen.findAllByText('s001')).length).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Mark' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
