import type { IdentifyImportResponse } from '@lectern/contracts/data-import/data-import.schemas';
import { toSubjectInput } from '@lectern/contracts/data-import/imported-subject';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  sentRequests,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import {
  makeIdentifyResponse,
  makeImportedSubject,
  makeImportedSubSubject,
  makeUpload,
} from '../test/fixtures.ts';
import { findDialog, waitForDialogGone } from '../test/dialogs.ts';
import { UploadXhr } from '../test/upload-xhr.ts';
import {
  ClassroomSubjectsImportPage,
  ExamSubjectsImportPage,
  LibrarySubjectsImportPage,
} from './subjects-import-page.tsx';

const CONVERTED = '<p>1. [Single choice] What is the capital of France?</p><p>A. Berlin</p><p>B. Paris</p>';

function renderPage(path: string) {
  return renderRoutes(
    [
      { path: '/exam/:id/subjects/import', element: <ExamSubjectsImportPage /> },
      { path: '/course/classroom-exam/:id/subjects/import', element: <ClassroomSubjectsImportPage /> },
      { path: '/subject-lib/:id/import', element: <LibrarySubjectsImportPage /> },
      { path: '/exam/:id/subjects', element: <p>Exam questions page</p> },
      { path: '/subject-lib/:id/edit', element: <p>Library page</p> },
    ],
    path,
  );
}

function examRoutes(identify: IdentifyImportResponse, overrides: ApiRoutes = {}): ApiRoutes {
  return {
    'GET /api/exams/300/points': () => jsonResponse({ points: 20, total_points: 100 }),
    'POST /api/data-import/identify': () => jsonResponse(identify),
    ...overrides,
  };
}

const editor = () => screen.getByRole('textbox', { name: 'Document' });
const identifyButton = () => screen.getByRole('button', { name: 'Identify' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** Puts text into the raw editor the way typing or pasting does: the markup changes, then `input` fires. */
function typeIntoEditor(html: string) {
  editor().innerHTML = html;
  fireEvent.input(editor());
}

async function identifyTyped(html = CONVERTED) {
  typeIntoEditor(html);
  await waitFor(() => expect(identifyButton().hasAttribute('disabled')).toBe(false));
  fireEvent.click(identifyButton());
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  UploadXhr.reset({ status: 201, body: makeUpload() });
  vi.stubGlobal('XMLHttpRequest', UploadXhr);
});

describe('SubjectsImportPage', { timeout: 60_000 }, () => {
  it('keeps identify disabled until there is content, and shows the 200-question limit', async () => {
    mockApi(examRoutes(makeIdentifyResponse([])));
    renderPage('/exam/300/subjects/import');

    expect(
      await screen.findByText(
        'At most 200 questions are saved at a time: a larger file is shown whole and saved in batches of 200.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('80 of 100 points are still free.')).toBeTruthy();
    expect(identifyButton().hasAttribute('disabled')).toBe(true);
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    typeIntoEditor('<p>   </p>');
    expect(identifyButton().hasAttribute('disabled')).toBe(true);
    typeIntoEditor('<p>1. Is the earth round?</p>');
    expect(identifyButton().hasAttribute('disabled')).toBe(false);
  });

  it('counts the points left against the exam’s own total, not always 100', async () => {
    mockApi(
      examRoutes(makeIdentifyResponse([]), {
        'GET /api/exams/300/points': () => jsonResponse({ points: 20, total_points: 30 }),
      }),
    );
    renderPage('/exam/300/subjects/import');
    expect(await screen.findByText('10 of 30 points are still free.')).toBeTruthy();
  });

  it('uploads a Word file, converts it into the editor, identifies it once and previews the questions', async () => {
    const subject = makeImportedSubject();
    const fetchMock = mockApi(
      examRoutes(makeIdentifyResponse([subject]), {
        'POST /api/data-import/convert': () =>
          jsonResponse({ format: 'docx', content: CONVERTED, warnings: ['A chart was left out.'] }),
      }),
    );
    renderPage('/exam/300/subjects/import?mode=word');
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input');
      return found;
    });
    expect(input.getAttribute('accept')).toBe('.docx');

    await userEvent.upload(input, new File(['PK'], 'paper.docx'));

    expect(await screen.findByText('Identified 1 question')).toBeTruthy();
    expect(UploadXhr.sent).toHaveLength(1);
    expect(sentBodies(fetchMock, 'POST /api/data-import/convert')).toEqual([
      { upload_id: 55, belong: 'exam', belong_id: 300 },
    ]);
    expect(sentBodies(fetchMock, 'POST /api/data-import/identify')).toEqual([
      { belong: 'exam', belong_id: 300, content: CONVERTED, exam_type: 'standard' },
    ]);
    expect(editor().innerHTML).toBe(CONVERTED);
    expect(screen.getByText('A chart was left out.')).toBeTruthy();

    const card = screen.getByRole('article', { name: 'Question 1' });
    expect(within(card).getByText('Single choice')).toBeTruthy();
    expect(within(card).getByText('4 pts')).toBeTruthy();
    expect(within(card).getByText('Easy')).toBeTruthy();
    expect(within(card).getByText('What is the capital of France?')).toBeTruthy();
    const paris = within(card).getByText('Paris').closest('li')!;
    expect(within(paris).getByText('Correct')).toBeTruthy();
    expect(within(within(card).getByText('Berlin').closest('li')!).queryByText('Correct')).toBeNull();
    expect(within(card).getByText('Geography')).toBeTruthy();
    expect(screen.getByText('1 question, 4 points in total')).toBeTruthy();
    expect(screen.getByText('80 points free')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(false);
  });

  it('imports a GIFT file into a classroom exam in Moodle mode', async () => {
    const fetchMock = mockApi({
      'GET /api/classrooms/8/points': () => jsonResponse({ points: 0, total_points: 100 }),
      'POST /api/data-import/convert': () =>
        jsonResponse({ format: 'gift', content: CONVERTED, warnings: [] }),
      'POST /api/data-import/identify': () =>
        jsonResponse(makeIdentifyResponse([makeImportedSubject()], { remaining_points: 100 })),
    });
    renderPage('/course/classroom-exam/8/subjects/import?mode=moodle');
    expect(await screen.findByText('Import questions from Moodle XML, GIFT or Aiken')).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('accept')).toBe('.xml,.gift,.txt');

    await userEvent.upload(input, new File(['::Q1:: 2 + 2 = ? {=4 ~3}'], 'quiz.gift'));

    expect(await screen.findByText('Identified 1 question')).toBeTruthy();
    expect(((UploadXhr.sent[0]?.body as FormData).get('file') as File).name).toBe('quiz.gift');
    expect(sentBodies(fetchMock, 'POST /api/data-import/convert')).toEqual([
      { upload_id: 55, belong: 'classroom', belong_id: 8 },
    ]);
    expect(sentBodies(fetchMock, 'POST /api/data-import/identify')).toEqual([
      { belong: 'classroom', belong_id: 8, content: CONVERTED },
    ]);
  });

  it('refuses a file of the wrong kind before sending anything', async () => {
    const fetchMock = mockApi(examRoutes(makeIdentifyResponse([])));
    renderPage('/exam/300/subjects/import');
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('input[type="file"]')!);

    fireEvent.change(input, { target: { files: [new File(['x'], 'old-paper.doc')] } });

    expect(await screen.findByText('This file cannot be imported here: choose a .docx file.')).toBeTruthy();
    expect(UploadXhr.sent).toHaveLength(0);
    expect(sentBodies(fetchMock, 'POST /api/data-import/convert')).toEqual([]);
  });

  it('shows the errors of a question, its sub-questions included, and keeps save disabled', async () => {
    const broken = makeImportedSubject({
      number: '2',
      line: 7,
      errors: [
        {
          code: 'answerInvalid',
          message: 'Question 2, line 9: the answer C is not one of the options',
          line: 9,
          field: 'answer',
        },
      ],
    });
    const analysis = makeImportedSubject({
      type: 'analysis',
      description: '<p>Read the passage.</p>',
      options: [],
      answer: null,
      point: 1,
      knowledge_node_names: [],
      sub_subjects: [
        makeImportedSubSubject({
          errors: [
            {
              code: 'pointInvalid',
              message: 'Question 3 (1), line 14: points "x" are not a number',
              line: 14,
              field: 'point',
            },
          ],
        }),
      ],
    });
    mockApi(examRoutes(makeIdentifyResponse([makeImportedSubject(), broken, analysis])));
    renderPage('/exam/300/subjects/import');

    await identifyTyped();

    expect(await screen.findByText('Identified 3 questions; 2 need correcting')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Question 2' });
    expect(within(card).getByText('Question 2, line 9: the answer C is not one of the options')).toBeTruthy();
    const sub = screen.getByRole('article', { name: 'Question 3.1' });
    expect(within(sub).getByText('Question 3 (1), line 14: points "x" are not a number')).toBeTruthy();
    expect(screen.getByText('2 with errors')).toBeTruthy();
    expect(
      screen.getByText('2 questions have errors: correct them in the document and identify again.'),
    ).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });

  it('disables save when an exam has too few points left', async () => {
    const subjects = [makeImportedSubject({ point: 10 }), makeImportedSubject({ point: 5, number: '2' })];
    mockApi(examRoutes(makeIdentifyResponse(subjects, { remaining_points: 10 })));
    renderPage('/exam/300/subjects/import');

    await identifyTyped();

    expect(
      await screen.findByText(
        'These questions add up to 15 points, but only 10 points are free: lower some points and identify again.',
      ),
    ).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });

  it('has no points limit for a library, and saves to it and returns to it', async () => {
    const subjects = [makeImportedSubject({ point: 60 }), makeImportedSubject({ point: 70, number: '2' })];
    const fetchMock = mockApi({
      'POST /api/data-import/identify': () =>
        jsonResponse(makeIdentifyResponse(subjects, { remaining_points: null })),
      'POST /api/subject-libs/12/subjects': () => jsonResponse({ subjects: [] }, 201),
    });
    renderPage('/subject-lib/12/import');

    await identifyTyped();
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText(/points free/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Paper format' })).toBeNull();

    fireEvent.click(saveButton());

    expect(await screen.findByText('Library page')).toBeTruthy();
    expect(screen.getByText('Imported 2 questions')).toBeTruthy();
    const [body] = sentBodies(fetchMock, 'POST /api/subject-libs/12/subjects') as { subjects: unknown[] }[];
    expect(body?.subjects).toHaveLength(2);
  });

  describe('a library import of a file with categories', () => {
    const lib = (id: number, title: string, libType: string, parentId: number | null) => ({
      id,
      title,
      lib_type: libType,
      course_id: 40,
      parent_id: parentId,
      owner: { id: 7, name: 'Li Wei' },
      subjects_count: 0,
      sort: 0,
      created_at: '2026-11-20T08:00:00.000Z',
      updated_at: '2026-11-20T08:00:00.000Z',
    });
    const filed = () => [
      makeImportedSubject({ number: '1', category: 'Unit 1/Rivers', note: 'Nile' }),
      makeImportedSubject({ number: '2', category: 'Unit 1/Lakes' }),
      makeImportedSubject({ number: '3', category: null }),
      makeImportedSubject({ number: '4', category: 'Unit 1/Rivers' }),
    ];
    const routes = (): ApiRoutes => {
      let next = 100;
      return {
        'POST /api/data-import/identify': () =>
          jsonResponse(makeIdentifyResponse(filed(), { remaining_points: null })),
        'GET /api/subject-libs/12': () => jsonResponse({ ...lib(12, 'Geography', 'exam', 5), subjects: [] }),
        'POST /api/course/40/subject-libs': (body, url) => {
          next += 1;
          const { title, parent_id } = body as { title: string; parent_id: number | null };
          return jsonResponse(lib(next, title, url.searchParams.get('lib_type') ?? 'exam', parent_id), 201);
        },
        'POST /api/subject-libs/12/subjects': () => jsonResponse({ subjects: [] }, 201),
        'POST /api/subject-libs/102/subjects': () => jsonResponse({ subjects: [] }, 201),
        'POST /api/subject-libs/103/subjects': () => jsonResponse({ subjects: [] }, 201),
      };
    };

    it('previews the questions by category with their notes, and saves all into the library by default', async () => {
      const fetchMock = mockApi(routes());
      renderPage('/subject-lib/12/import');
      await identifyTyped();
      expect(await screen.findByRole('group', { name: 'Unit 1/Rivers' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'No category' })).toBeTruthy();
      expect(screen.getByText('Unit 1/Rivers (2)')).toBeTruthy();
      expect(screen.getByText('Nile')).toBeTruthy();
      expect(screen.getByRole('radio', { name: 'All into this library' })).toHaveProperty('checked', true);

      await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
      fireEvent.click(saveButton());
      expect(await screen.findByText('Library page')).toBeTruthy();
      const bodies = sentBodies(fetchMock, 'POST /api/subject-libs/12/subjects') as { subjects: unknown[] }[];
      expect(bodies.map((b) => b.subjects.length)).toEqual([4]);
      expect(sentBodies(fetchMock, 'POST /api/course/40/subject-libs')).toEqual([]);
    });

    it('creates a folder named after the top category and one library per category when chosen', async () => {
      const fetchMock = mockApi(routes());
      renderPage('/subject-lib/12/import');
      await identifyTyped();
      fireEvent.click(await screen.findByRole('radio', { name: /One library per category/ }));
      await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
      fireEvent.click(saveButton());
      expect(await screen.findByText('Library page')).toBeTruthy();

      const created = sentRequests(fetchMock).filter((r) => r.url.startsWith('/api/course/40/subject-libs'));
      expect(created.map((r) => [r.url, r.body])).toEqual([
        ['/api/course/40/subject-libs?lib_type=folder', { title: 'Unit 1', parent_id: 5 }],
        ['/api/course/40/subject-libs?lib_type=exam', { title: 'Rivers', parent_id: 101 }],
        ['/api/course/40/subject-libs?lib_type=exam', { title: 'Lakes', parent_id: 101 }],
      ]);
      const numbers = (key: string) =>
        (sentBodies(fetchMock, key) as { subjects: { sort: number }[] }[]).map((b) => b.subjects.length);
      expect(numbers('POST /api/subject-libs/102/subjects')).toEqual([2]);
      expect(numbers('POST /api/subject-libs/103/subjects')).toEqual([1]);
      // Questions the file filed nowhere stay with the chosen library.
      expect(numbers('POST /api/subject-libs/12/subjects')).toEqual([1]);
    });
  });

  it('saves the questions as the question editor takes them and returns to the exam', async () => {
    const subject = makeImportedSubject();
    const fetchMock = mockApi(
      examRoutes(makeIdentifyResponse([subject]), {
        'POST /api/exams/300/subjects': () => jsonResponse({ subjects: [] }, 201),
      }),
    );
    renderPage('/exam/300/subjects/import');

    await identifyTyped();
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());

    expect(await screen.findByText('Exam questions page')).toBeTruthy();
    expect(screen.getByText('Imported 1 question')).toBeTruthy();
    const bodies = sentBodies(fetchMock, 'POST /api/exams/300/subjects');
    expect(bodies).toEqual([{ subjects: [toSubjectInput(subject)] }]);
    expect(bodies[0]).toMatchObject({
      subjects: [
        {
          type: 'single_selection',
          description: '<p>What is the capital of France?</p>',
          point: 4,
          options: [
            { content: 'Berlin', is_answer: false },
            { content: 'Paris', is_answer: true },
          ],
          knowledge_node_names: ['Geography'],
        },
      ],
    });
  });

  it("keeps the work and shows the server's reason when saving fails", async () => {
    mockApi(
      examRoutes(makeIdentifyResponse([makeImportedSubject()]), {
        'POST /api/exams/300/subjects': () =>
          errorResponse(409, 'conflict', 'The exam has started; its questions can no longer change.'),
      }),
    );
    renderPage('/exam/300/subjects/import');

    await identifyTyped();
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());

    expect(await screen.findByText('The exam has started; its questions can no longer change.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Question 1' })).toBeTruthy();
    expect(editor().innerHTML).toBe(CONVERTED);
    expect(screen.queryByText('Exam questions page')).toBeNull();
  });

  it('shows the failure dialog when identifying is refused, and re-import starts again', async () => {
    mockApi(
      examRoutes(makeIdentifyResponse([]), {
        'POST /api/data-import/identify': () =>
          errorResponse(400, 'validation_failed', 'Some fields are invalid. Please check and try again.', {
            content: [
              '201 questions were found; at most 200 can be imported at once, so import them in parts.',
            ],
          }),
      }),
    );
    renderPage('/exam/300/subjects/import');
    const chooser = vi.spyOn(HTMLInputElement.prototype, 'click');

    await identifyTyped();

    const dialog = await findDialog('Import failed');
    expect(
      within(dialog).getByText(/201 questions were found; at most 200 can be imported at once/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-import' }));

    await waitForDialogGone('Import failed');
    expect(editor().innerHTML).toBe('');
    expect(identifyButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('The identified questions appear here.')).toBeTruthy();
    expect(chooser.mock.instances.some((input) => (input as HTMLInputElement).type === 'file')).toBe(true);
  });

  it('asks before leaving with unsaved content', async () => {
    mockApi(examRoutes(makeIdentifyResponse([])));
    const { router } = renderPage('/exam/300/subjects/import');
    typeIntoEditor('<p>1. Unsaved question</p>');

    fireEvent.click(await screen.findByRole('link', { name: /Back to the exam's questions/ }));
    const dialog = await findDialog('Leave without saving?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitForDialogGone('Leave without saving?');
    expect(router.state.location.pathname).toBe('/exam/300/subjects/import');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });
});
