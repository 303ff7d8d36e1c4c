import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
import { choose, findDialog, waitForDialogGone } from '../test/authoring-dom.ts';
import { makeLib, makeLibNode } from '../test/authoring-fixtures.ts';
import { SubjectLibsPage } from './subject-libs-page.tsx';

/** A folder "Semester 1" holding the library "Trees", and the loose library "Graphs". */
const myTree = () => [
  makeLibNode({
    id: 1,
    title: 'Semester 1',
    lib_type: 'folder',
    children: [makeLibNode({ id: 2, title: 'Trees', parent_id: 1, subjects_count: 5 })],
  }),
  makeLibNode({ id: 3, title: 'Graphs', subjects_count: 2 }),
];

function renderPage(routes: ApiRoutes, path = '/subject-libs') {
  const fetchMock = mockApi({
    'GET /api/subject-libs': () => jsonResponse({ subject_libs: myTree() }),
    ...routes,
  });
  renderRoutes(
    [
      { path: '/subject-libs', element: <SubjectLibsPage /> },
      { path: '/subject-lib/:id/edit', element: <p>library editor</p> },
    ],
    path,
  );
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

describe('SubjectLibsPage', { timeout: 120_000 }, () => {
  it('shows folders with the libraries in them, each library linking to its editor', async () => {
    const fetchMock = renderPage({});

    expect(await screen.findByText('Semester 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Trees/ }).getAttribute('href')).toBe('/subject-lib/2/edit');
    expect(screen.getByRole('link', { name: /Graphs/ }).getAttribute('href')).toBe('/subject-lib/3/edit');
    // A folder is not a library one can open.
    expect(screen.queryByRole('link', { name: /Semester 1/ })).toBeNull();
    expect(sentRequests(fetchMock).map((r) => r.url)).toEqual(['/api/subject-libs?with_folder=1']);
  });

  it('creates a library inside a folder and a folder at the top, with their lib_type', async () => {
    const fetchMock = renderPage({
      'POST /api/subject-libs': (body) =>
        jsonResponse(makeLib({ id: 20, ...(body as { title: string; parent_id: number | null }) }), 201),
    });
    await screen.findByText('Semester 1');

    fireEvent.click(screen.getByRole('button', { name: 'New library' }));
    let dialog = await findDialog('New library');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Sorting  ' } });
    await choose(within(dialog).getByRole('combobox', { name: 'Folder' }), 'Semester 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Library created')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    dialog = await findDialog('New folder');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Archive' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Folder created')).toBeTruthy();

    expect(writes(fetchMock)).toEqual([
      'POST /api/subject-libs?lib_type=exam',
      'POST /api/subject-libs?lib_type=folder',
    ]);
    expect(sentBodies(fetchMock, 'POST /api/subject-libs')).toEqual([
      { title: 'Sorting', parent_id: 1 },
      { title: 'Archive', parent_id: null },
    ]);
  });

  it('asks for a name first, and shows the server’s message under it', async () => {
    const fetchMock = renderPage({
      'POST /api/subject-libs': () =>
        errorResponse(400, 'validation_failed', 'Some fields are invalid. Please check and try again.', {
          title: ['The name can have at most 255 characters.'],
        }),
    });
    await screen.findByText('Semester 1');

    fireEvent.click(screen.getByRole('button', { name: 'New library' }));
    const dialog = await findDialog('New library');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name can have at most 255 characters.')).toBeTruthy();
  });

  it('renames a library', async () => {
    const fetchMock = renderPage({
      'PUT /api/subject-libs/2': () => jsonResponse(makeLib({ id: 2, title: 'Binary trees' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Trees' }));
    const dialog = await findDialog('Rename');
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Trees');
    fireEvent.change(name, { target: { value: 'Binary trees' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Renamed')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/subject-libs/2')).toEqual([{ title: 'Binary trees' }]);
  });

  it('moves a library into a folder, never offering a folder as its own parent', async () => {
    const fetchMock = renderPage({
      'PUT /api/subject-libs/3': () => jsonResponse(makeLib({ id: 3, title: 'Graphs', parent_id: 1 })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move Semester 1' }));
    let dialog = await findDialog('Move Semester 1');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Folder' }));
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).toBeTruthy());
    expect(
      within(document.querySelector<HTMLElement>('.ant-select-dropdown')!).queryByTitle('Semester 1'),
    ).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForDialogGone('Move Semester 1');

    fireEvent.click(screen.getByRole('button', { name: 'Move Graphs' }));
    dialog = await findDialog('Move Graphs');
    await choose(within(dialog).getByRole('combobox', { name: 'Folder' }), 'Semester 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Moved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/subject-libs/3')).toEqual([{ parent_id: 1 }]);
  });

  it('deletes after confirming, and says why a folder that is not empty stays', async () => {
    const fetchMock = renderPage({
      'DELETE /api/subject-libs/3': () => jsonResponse({ message: 'The question library has been deleted.' }),
      'DELETE /api/subject-libs/1': () =>
        errorResponse(409, 'conflict', 'This folder is not empty. Move or delete the libraries in it first.'),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Graphs' }));
    let confirm = await findDialog('Delete this library?');
    expect(within(confirm).getByText('“Graphs” and its 2 questions will be deleted.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The question library has been deleted.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Semester 1' }));
    confirm = await findDialog('Delete this folder?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This folder is not empty. Move or delete the libraries in it first.'),
    ).toBeTruthy();
    expect(writes(fetchMock)).toEqual(['DELETE /api/subject-libs/3', 'DELETE /api/subject-libs/1']);
  });

  it('opened from a course, also manages the course’s libraries with the course calls', async () => {
    const fetchMock = renderPage(
      {
        'GET /api/course/5/subject-libs': () =>
          jsonResponse({ subject_libs: [makeLibNode({ id: 30, title: 'Course bank', course_id: 5 })] }),
        'POST /api/course/5/subject-libs': () => jsonResponse(makeLib({ id: 31, course_id: 5 }), 201),
      },
      '/subject-libs?course_id=5',
    );
    expect(await screen.findByRole('tab', { name: 'My libraries' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Course libraries' }));
    expect(await screen.findByText('Course bank')).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'Course libraries' });
    fireEvent.click(within(panel).getByRole('button', { name: 'New folder' }));
    const dialog = await findDialog('New folder');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Week 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Folder created')).toBeTruthy();
    expect(writes(fetchMock)).toEqual(['POST /api/course/5/subject-libs?lib_type=folder']);
    expect(sentRequests(fetchMock).map((r) => r.url)).toContain('/api/course/5/subject-libs?with_folder=1');
  });
});
