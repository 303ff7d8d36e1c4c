import type { Subject } from '@lectern/contracts/exams/subject.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  sentRequests,
  type ApiRoutes,
  type FetchMock,
} from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { fillRichText, preloadRichTextEditor } from '../../../test/rich-text.ts';
import { choose, findDialog } from '../test/authoring-dom.ts';
import { makeExamListItem, makeLibDetail, makeLibNode, makeSubject } from '../test/authoring-fixtures.ts';
import { SubjectLibPage } from './subject-lib-page.tsx';

// The editor is a lazy chunk: loaded once up front, so no test waits for it.
beforeAll(preloadRichTextEditor, 60_000);

const questions = (): Subject[] => [
  makeSubject({ id: 1, description: '<p>First</p>', point: 4 }),
  makeSubject({ id: 2, description: '<p>Second</p>', point: 6 }),
  makeSubject({ id: 3, description: '<p>Third</p>', point: 2 }),
];

function renderPage(routes: ApiRoutes, courseId: number | null = null) {
  const fetchMock = mockApi({
    'GET /api/subject-libs/9': () =>
      jsonResponse(makeLibDetail({ id: 9, title: 'Trees', course_id: courseId, subjects: questions() })),
    ...routes,
  });
  renderRoutes([{ path: '/subject-lib/:id/edit', element: <SubjectLibPage /> }], '/subject-lib/9/edit');
  return fetchMock;
}

function writes(fetchMock: FetchMock): string[] {
  return sentRequests(fetchMock)
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.url}`);
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('SubjectLibPage', { timeout: 120_000 }, () => {
  it('adds a question to the library', async () => {
    const fetchMock = renderPage({
      'POST /api/subject-libs/9/subjects': () => jsonResponse({ subjects: [makeSubject({ id: 4 })] }, 201),
    });
    expect(await screen.findByRole('heading', { name: 'Trees' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await findDialog('Add question');
    await choose(within(dialog).getByRole('combobox', { name: 'Question type' }), 'Short answer');
    await fillRichText(
      await within(dialog).findByRole('textbox', { name: 'Question text' }),
      'Define a tree.',
    );
    fireEvent.change(within(dialog).getByLabelText('Points'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Question added')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/subject-libs/9/subjects')[0]).toMatchObject({
      subjects: [{ type: 'short_answer', description: '<p>Define a tree.</p>', point: 3, answer: '' }],
    });
  });

  it('reorders its questions', async () => {
    const fetchMock = renderPage({
      'PUT /api/subject-libs/9/subjects/sort': () => jsonResponse({ subjects: questions() }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move question 1 down' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/subject-libs/9/subjects/sort')).toEqual([
        { subject_ids: [2, 1, 3] },
      ]),
    );
  });

  it('copies the selected questions into an exam of a course the viewer teaches', async () => {
    const fetchMock = renderPage({
      'POST /api/my-courses': () =>
        jsonResponse({
          courses: [{ id: 5, name: 'Data Structures', display_name: 'Data Structures (2025)' }],
          page: 1,
          page_size: 100,
          total: 1,
          pages: 1,
        }),
      'GET /api/courses/5/exams': () =>
        jsonResponse({ exams: [makeExamListItem({ has_make_up_user: true })] }),
      'POST /api/subject-libs/9/copy': () => jsonResponse({ subjects: [makeSubject({ id: 60 })] }, 201),
    });
    await screen.findByRole('heading', { name: 'Trees' });

    const copy = screen.getByRole('button', { name: 'Copy to exam' }) as HTMLButtonElement;
    expect(copy.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select question 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select question 3' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(copy);

    const dialog = await findDialog('Copy 2 questions to an exam');
    await choose(within(dialog).getByRole('combobox', { name: 'Course' }), 'Data Structures (2025)');
    // The exam picker opens once a course is chosen.
    const exam = within(dialog).getByRole('combobox', { name: 'Exam' });
    await waitFor(() => expect(exam.closest('.ant-select-disabled')).toBeNull());
    await choose(exam, 'Midterm');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Add to the make-up paper' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('1 question copied')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([
      'POST /api/my-courses',
      'POST /api/subject-libs/9/copy?examId=300&is_makeup_exam=1',
    ]);
    expect(sentBodies(fetchMock, 'POST /api/subject-libs/9/copy')).toEqual([{ subject_ids: [1, 3] }]);
    expect(sentRequests(fetchMock).map((r) => r.url)).toContain('/api/courses/5/exams?type=exam');
  });

  it('copies a course library’s questions into a classroom exam of that course, showing a refusal under the exam', async () => {
    const fetchMock = renderPage(
      {
        'GET /api/courses/5/exams': (_body, url) =>
          jsonResponse({
            exams:
              url.searchParams.get('type') === 'classroom_exam'
                ? [makeExamListItem({ id: 77, type: 'classroom_exam', title: 'In-class quiz' })]
                : [],
          }),
        'POST /api/subject-libs/9/copy': () =>
          errorResponse(400, 'validation_failed', 'Some fields are invalid. Please check and try again.', {
            classroomId: ['12 points do not fit: 5 of 100 points are left.'],
          }),
      },
      5,
    );
    await screen.findByRole('heading', { name: 'Trees' });
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy to exam' }));

    const dialog = await findDialog('Copy 3 questions to an exam');
    // A course library copies within its course: no course to choose.
    expect(within(dialog).queryByRole('combobox', { name: 'Course' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Classroom exam' }));
    await choose(within(dialog).getByRole('combobox', { name: 'Exam' }), 'In-class quiz');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('12 points do not fit: 5 of 100 points are left.')).toBeTruthy();
    expect(writes(fetchMock)).toEqual(['POST /api/subject-libs/9/copy?classroomId=77']);
    expect(sentBodies(fetchMock, 'POST /api/subject-libs/9/copy')).toEqual([{ subject_ids: [1, 2, 3] }]);
  });

  it('moves the selected questions into another library', async () => {
    const fetchMock = renderPage({
      'GET /api/subject-libs': () =>
        jsonResponse({
          subject_libs: [makeLibNode({ id: 9, title: 'Trees' }), makeLibNode({ id: 12, title: 'Graphs' })],
        }),
      'POST /api/subject-libs/9/subjects/move': () => jsonResponse({ subjects: [makeSubject({ id: 2 })] }),
    });
    await screen.findByRole('heading', { name: 'Trees' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select question 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to library' }));

    const dialog = await findDialog('Move 1 question to another library');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Library' }));
    // The library itself is not a target.
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown [title="Graphs"]')).toBeTruthy());
    expect(document.querySelector('.ant-select-dropdown [title="Trees"]')).toBeNull();
    fireEvent.click(document.querySelector<HTMLElement>('.ant-select-dropdown [title="Graphs"]')!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('1 question moved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/subject-libs/9/subjects/move')).toEqual([
      { subject_ids: [2], target_lib_id: 12 },
    ]);
  });

  it('searches and filters the library on the server', async () => {
    const fetchMock = renderPage({});
    await screen.findByRole('heading', { name: 'Trees' });
    const search = screen.getByRole('searchbox', { name: 'Search questions' });
    fireEvent.change(search, { target: { value: 'heap' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(sentRequests(fetchMock).map((r) => r.url)).toContain('/api/subject-libs/9?keyword=heap'),
    );
  });
});
