import type { Subject } from '@lectern/contracts/exams/subject.schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  fillRichText,
  findRichTextEditor,
  preloadRichTextEditor,
  richTextValue,
  typeInEditor,
} from '../../../test/rich-text.ts';
import { choose, findDialog, waitForDialogGone } from '../test/authoring-dom.ts';
import { makeAuthoringExam, makeLibDetail, makeLibNode, makeSubject } from '../test/authoring-fixtures.ts';
import { ClassroomSubjectsPage } from './classroom-subjects-page.tsx';
import { ExamSubjectsPage } from './exam-subjects-page.tsx';
// The editor is a lazy chunk: loaded once up front, so no test waits for it.
beforeAll(preloadRichTextEditor, 60_000);

const threeQuestions = (): Subject[] => [
  makeSubject({ id: 1, description: '<p>Which structure is LIFO?</p>', point: 10 }),
  makeSubject({
    id: 2,
    type: 'short_answer',
    description: '<p>Explain recursion.</p>',
    options: [],
    answer: '<p>A function calling itself.</p>',
    answer_explanation: '<p>See chapter 3.</p>',
    point: 5,
    difficulty_level: 1,
  }),
  makeSubject({ id: 3, description: '<p>Pick the queue.</p>', point: 5 }),
];

function examRoutes(overrides: ApiRoutes = {}, subjects = threeQuestions(), points = 20): ApiRoutes {
  return {
    'GET /api/exams/300': () => jsonResponse(makeAuthoringExam({ used_points: points })),
    'GET /api/exams/300/subjects': () => jsonResponse({ subjects }),
    'GET /api/exams/300/points': () => jsonResponse({ points, total_points: 100 }),
    ...overrides,
  };
}

function renderPage(path = '/exam/300/subjects') {
  return renderRoutes(
    [
      { path: '/exam/:id/subjects', element: <ExamSubjectsPage /> },
      { path: '/course/classroom-exam/:id/subjects', element: <ClassroomSubjectsPage /> },
    ],
    path,
  );
}

function urls(fetchMock: ReturnType<typeof mockApi>, prefix: string): string[] {
  return sentRequests(fetchMock)
    .map((r) => `${r.method} ${r.url}`)
    .filter((u) => u.startsWith(prefix));
}

const setText = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

// antd under jsdom is slow, and several tests go through whole dialogs.
describe('ExamSubjectsPage', { timeout: 120_000 }, () => {
  it('lists the questions with type, points and difficulty, and the points used against the total', async () => {
    mockApi(examRoutes());
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Midterm' })).toBeTruthy();
    expect(await screen.findByText('Points used: 20 / 100')).toBeTruthy();
    const row = await screen.findByTestId('subject-row-2');
    expect(within(row).getByText('Short answer')).toBeTruthy();
    expect(within(row).getByText('5 pts')).toBeTruthy();
    expect(within(row).getByText('Hard')).toBeTruthy();
    expect(within(row).getByText('Explain recursion.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Marking/ }).getAttribute('href')).toBe('/exam/300/marking');
    expect(screen.getByRole('link', { name: /Question libraries/ }).getAttribute('href')).toBe(
      '/subject-libs?course_id=5',
    );
  });

  it('adds a question, counting its points live and refreshing the points used', async () => {
    let points = 20;
    const fetchMock = mockApi(
      examRoutes({
        'GET /api/exams/300/points': () => jsonResponse({ points, total_points: 100 }),
        'POST /api/exams/300/subjects': () => {
          points = 25;
          return jsonResponse({ subjects: [makeSubject({ id: 9, point: 5 })] }, 201);
        },
      }),
    );
    renderPage();
    expect(await screen.findByText('Points used: 20 / 100')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await findDialog('Add question');
    // Question text and options are the rich-text editor: set as one paragraph each.
    await fillRichText(
      await within(dialog).findByRole('textbox', { name: 'Question text' }),
      'What is a heap?',
    );
    await fillRichText(await within(dialog).findByRole('textbox', { name: 'Option A' }), 'A tree');
    await fillRichText(await within(dialog).findByRole('textbox', { name: 'Option B' }), 'A list');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove option D' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove option C' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A is correct' }));
    setText(within(dialog).getByLabelText('Points'), '5');
    // The dialog counts the question being typed on top of what the paper already uses.
    expect(await within(dialog).findByText('Points used: 25 / 100')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Question added')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/exams/300/subjects')).toEqual([
      {
        subjects: [
          {
            type: 'single_selection',
            description: '<p>What is a heap?</p>',
            note: null,
            point: 5,
            difficulty_level: 0,
            options: [
              { content: '<p>A tree</p>', is_answer: true, sort: 0 },
              { content: '<p>A list</p>', is_answer: false, sort: 1 },
            ],
            answer: null,
            answer_explanation: null,
            blanks: [],
            pairs: [],
            knowledge_node_ids: [],
            knowledge_node_names: [],
            settings: {},
          },
        ],
      },
    ]);
    expect(await screen.findByText('Points used: 25 / 100')).toBeTruthy();
  });

  it('keeps every change made in the same moment as a keystroke in an option', async () => {
    const fetchMock = mockApi(
      examRoutes({
        'POST /api/exams/300/subjects': () =>
          jsonResponse({ subjects: [makeSubject({ id: 9, point: 5 })] }, 201),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await findDialog('Add question');
    const option = (letter: string) => within(dialog).findByRole('textbox', { name: `Option ${letter}` });
    const button = (name: string) => within(dialog).getByRole('button', { name });
    await fillRichText(
      await within(dialog).findByRole('textbox', { name: 'Question text' }),
      'What is a heap?',
    );
    setText(within(dialog).getByLabelText('Points'), '5');
    await fillRichText(await option('A'), 'A tree');
    await fillRichText(await option('B'), 'A list');
    await fillRichText(await option('C'), 'A queue');
    fireEvent.click(button('Remove option D'));
    await waitFor(() => expect(within(dialog).queryByTestId('option-row-D')).toBeNull());
    const optionA = await findRichTextEditor(await option('A'));
    const optionB = await findRichTextEditor(await option('B'));

    // The editor reports keystrokes from its own input handling, outside React's events: a click may be
    // handled before the dialog has rendered the last keystroke, or the editor may report a keystroke
    // after the click. Each block is one such moment, with no render inside it.
    act(() => {
      typeInEditor(optionA, ' of nodes');
      fireEvent.click(within(dialog).getByRole('radio', { name: 'B is correct' }));
    });
    act(() => {
      fireEvent.click(button('Remove option C'));
      typeInEditor(optionB, ' of nodes');
    });

    await waitFor(() => expect(within(dialog).queryByTestId('option-row-C')).toBeNull());
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Question added')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/exams/300/subjects')[0]).toMatchObject({
      subjects: [
        {
          description: '<p>What is a heap?</p>',
          options: [
            { content: '<p>A tree of nodes</p>', is_answer: false, sort: 0 },
            { content: '<p>A list of nodes</p>', is_answer: true, sort: 1 },
          ],
        },
      ],
    });
  });

  it('edits a question with PUT and shows its points message under the points', async () => {
    const fetchMock = mockApi(
      examRoutes({
        'PUT /api/subjects/1': () =>
          errorResponse(400, 'validation_failed', 'Some fields are invalid. Please check and try again.', {
            point: ['50 points do not fit: 90 of 100 points are used by the other questions.'],
          }),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit question 1' }, { timeout: 15_000 }));
    const dialog = await findDialog('Edit question');
    expect(await richTextValue(await within(dialog).findByRole('textbox', { name: 'Option B' }))).toContain(
      'Stack',
    );
    setText(within(dialog).getByLabelText('Points'), '50');
    // 20 used, this question's own 10 replaced by 50.
    expect(await within(dialog).findByText('Points used: 60 / 100')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const points = within(dialog).getByLabelText('Points');
    await waitFor(() =>
      expect(points.closest('.ant-form-item')?.textContent).toContain('90 of 100 points are used'),
    );
    expect(sentBodies(fetchMock, 'PUT /api/subjects/1')[0]).toMatchObject({
      type: 'single_selection',
      point: 50,
      options: [
        { content: 'Queue', is_answer: false, sort: 0 },
        { content: 'Stack', is_answer: true, sort: 1 },
      ],
    });
  });

  it('deletes a question only after the confirmation', async () => {
    const fetchMock = mockApi(
      examRoutes({
        'DELETE /api/subjects/2': () => jsonResponse({ message: 'The question has been deleted.' }),
      }),
    );
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete question 2' }, { timeout: 15_000 }));
    let confirm = await findDialog('Delete this question?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitForDialogGone('Delete this question?');
    expect(urls(fetchMock, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }));
    confirm = await findDialog('Delete this question?');
    expect(within(confirm).getByText('Explain recursion.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The question has been deleted.')).toBeTruthy();
    expect(urls(fetchMock, 'DELETE')).toEqual(['DELETE /api/subjects/2']);
  });

  it('reorders with the move buttons and sends every id in the new order', async () => {
    let paper = threeQuestions();
    const fetchMock = mockApi(
      examRoutes({
        'GET /api/exams/300/subjects': () => jsonResponse({ subjects: paper }),
        'PUT /api/exams/300/subjects/sort': (body) => {
          const ids = (body as { subject_ids: number[] }).subject_ids;
          const byId = new Map(paper.map((s) => [s.id, s]));
          paper = ids.map((id) => byId.get(id)!);
          return jsonResponse({ subjects: paper });
        },
      }),
    );
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Move question 3 up' }, { timeout: 15_000 }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/exams/300/subjects/sort')).toEqual([{ subject_ids: [1, 3, 2] }]),
    );
    const rows = screen.getAllByTestId(/^subject-row-/).map((row) => row.dataset.testid);
    expect(rows).toEqual(['subject-row-1', 'subject-row-3', 'subject-row-2']);
    // The first row cannot go higher.
    expect((screen.getByRole('button', { name: 'Move question 1 up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('filters by keyword and type on the server and then offers no reordering', async () => {
    const fetchMock = mockApi(examRoutes());
    renderPage();
    await screen.findByTestId('subject-row-1');

    const search = screen.getByRole('searchbox', { name: 'Search questions' });
    setText(search, 'queue');
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await choose(screen.getByRole('combobox', { name: 'Question type' }), 'Single choice');

    await waitFor(() =>
      expect(urls(fetchMock, 'GET /api/exams/300/subjects')).toContain(
        'GET /api/exams/300/subjects?keyword=queue&subject_type=single_selection',
      ),
    );
    expect(await screen.findByText('Clear the search and type filter to reorder questions.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Move question/ })).toBeNull();
  });

  it('gives a text block no number, so the questions are numbered as students see them', async () => {
    const paper = [
      makeSubject({ id: 9, type: 'paragraph_desc', description: '<p>Part one</p>', options: [], point: 0 }),
      ...threeQuestions(),
    ];
    mockApi(examRoutes({}, paper));
    renderPage();

    const block = await screen.findByTestId('subject-row-9', {}, { timeout: 15_000 });
    expect(within(block).queryByText(/^\d+\.$/)).toBeNull();
    expect(within(block).getByRole('button', { name: 'Edit text block (item 1)' })).toBeTruthy();
    expect(within(screen.getByTestId('subject-row-1')).getByText('1.')).toBeTruthy();
    expect(within(screen.getByTestId('subject-row-3')).getByText('3.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit question 3' })).toBeTruthy();
  });

  it('switches to the make-up paper when the exam has make-up students', async () => {
    const fetchMock = mockApi({
      ...examRoutes(),
      'GET /api/exams/300': () => jsonResponse(makeAuthoringExam({ has_make_up_user: true })),
    });
    renderPage();
    await screen.findByTestId('subject-row-1');

    fireEvent.click(screen.getByText('Make-up paper'));

    await waitFor(() =>
      expect(urls(fetchMock, 'GET /api/exams/300/subjects')).toContain(
        'GET /api/exams/300/subjects?is_makeup_exam=1',
      ),
    );
    expect(urls(fetchMock, 'GET /api/exams/300/points')).toContain(
      'GET /api/exams/300/points?is_makeup_exam=1',
    );
  });

  it('locks adding and editing once students have started the paper', async () => {
    mockApi({
      ...examRoutes(),
      'GET /api/exams/300': () => jsonResponse(makeAuthoringExam({ subjects_locked: true })),
    });
    renderPage();

    expect(await screen.findByText(/Students have started this paper/)).toBeTruthy();
    await screen.findByTestId('subject-row-1');
    expect((screen.getByRole('button', { name: 'Add question' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit question 1' })).toBeNull();
  });

  it('previews the paper as a student sees it, with no answers', async () => {
    mockApi(examRoutes());
    renderPage();
    await screen.findByTestId('subject-row-1');

    fireEvent.click(screen.getByRole('tab', { name: /Preview as a student/ }));

    const first = await screen.findByRole('region', { name: 'Question 1' });
    expect(within(first).getByText('Which structure is LIFO?')).toBeTruthy();
    expect(within(first).getByRole('radio', { name: /Stack/ })).toBeTruthy();
    expect(screen.queryByText('A function calling itself.')).toBeNull();
    expect(screen.queryByText('See chapter 3.')).toBeNull();
    expect(document.querySelectorAll('input[type="radio"]:checked')).toHaveLength(0);
  });

  it('copies selected questions from a library into the exam', async () => {
    const libQuestions = [
      makeSubject({ id: 41, description: '<p>Library question one</p>', point: 4 }),
      makeSubject({ id: 42, description: '<p>Library question two</p>', point: 6 }),
    ];
    const fetchMock = mockApi(
      examRoutes({
        'GET /api/subject-libs': () =>
          jsonResponse({ subject_libs: [makeLibNode({ id: 9, title: 'Trees', subjects_count: 2 })] }),
        'GET /api/course/5/subject-libs': () =>
          jsonResponse({
            subject_libs: [makeLibNode({ id: 10, title: 'Course bank', course_id: 5, subjects_count: 0 })],
          }),
        'GET /api/subject-libs/9': () =>
          jsonResponse(makeLibDetail({ id: 9, title: 'Trees', subjects: libQuestions })),
        'POST /api/subject-libs/9/copy': () =>
          jsonResponse({ subjects: [makeSubject({ id: 50, point: 6 })] }, 201),
      }),
    );
    renderPage();
    await screen.findByTestId('subject-row-1');

    fireEvent.click(screen.getByRole('button', { name: 'Import from a library' }));
    const dialog = await findDialog('Import questions from a library');
    await choose(within(dialog).getByRole('combobox', { name: 'Library' }), 'Trees (2 questions)');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select question 2' }));
    expect(within(dialog).getByText('1 question selected, 6 points')).toBeTruthy();
    expect(within(dialog).getByText('Points used: 26 / 100')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy 1 question' }));

    expect(await screen.findByText('1 question copied')).toBeTruthy();
    expect(urls(fetchMock, 'POST')).toEqual(['POST /api/subject-libs/9/copy?examId=300']);
    expect(sentBodies(fetchMock, 'POST /api/subject-libs/9/copy')).toEqual([{ subject_ids: [42] }]);
    expect(urls(fetchMock, 'GET /api/subject-libs?')).toEqual(['GET /api/subject-libs?with_folder=0']);
  });

  it('keeps the import dialog open with the server’s reason when the copy does not fit', async () => {
    mockApi(
      examRoutes({
        'GET /api/subject-libs': () =>
          jsonResponse({ subject_libs: [makeLibNode({ id: 9, title: 'Trees', subjects_count: 1 })] }),
        'GET /api/course/5/subject-libs': () => jsonResponse({ subject_libs: [] }),
        'GET /api/subject-libs/9': () =>
          jsonResponse(
            makeLibDetail({ id: 9, title: 'Trees', subjects: [makeSubject({ id: 41, point: 90 })] }),
          ),
        'POST /api/subject-libs/9/copy': () =>
          errorResponse(400, 'validation_failed', 'Some fields are invalid. Please check and try again.', {
            examId: ['90 points do not fit: 80 of 100 points are left.'],
          }),
      }),
    );
    renderPage();
    await screen.findByTestId('subject-row-1');

    fireEvent.click(screen.getByRole('button', { name: 'Import from a library' }));
    const dialog = await findDialog('Import questions from a library');
    await choose(within(dialog).getByRole('combobox', { name: 'Library' }), 'Trees (1 question)');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy 1 question' }));

    expect(await within(dialog).findByText('90 points do not fit: 80 of 100 points are left.')).toBeTruthy();
    expect(document.body.contains(dialog)).toBe(true);
  });
});

describe('ClassroomSubjectsPage', { timeout: 120_000 }, () => {
  it('edits a classroom exam’s questions with its own calls and points', async () => {
    const fetchMock = mockApi({
      'GET /api/classroom-exams/77': () =>
        jsonResponse(makeAuthoringExam({ id: 77, type: 'classroom_exam', title: 'In-class quiz' })),
      'GET /api/classroom-exams/77/subjects': () =>
        jsonResponse({ subjects: [makeSubject({ id: 1, point: 30 })] }),
      'GET /api/classrooms/77/points': () => jsonResponse({ points: 30, total_points: 100 }),
    });
    renderPage('/course/classroom-exam/77/subjects');

    expect(await screen.findByRole('heading', { name: 'In-class quiz' })).toBeTruthy();
    expect(await screen.findByText('Points used: 30 / 100')).toBeTruthy();
    await screen.findByTestId('subject-row-1');
    expect(screen.queryByRole('link', { name: /Marking/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Retake records' })).toBeNull();
    expect(urls(fetchMock, 'GET /api/exams')).toEqual([]);
  });
});
