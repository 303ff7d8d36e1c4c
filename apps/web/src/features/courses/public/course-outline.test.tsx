import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from './course-context.ts';
import { CourseOutline, type CourseSection } from './course-outline.tsx';

const modules: Course['modules'] = [
  {
    id: 11,
    name: 'Week 2: Lists',
    sort: 1,
    syllabuses: [
      { id: 22, summary: 'Linked lists', module_id: 11, sort: 1 },
      { id: 21, summary: 'Arrays', module_id: 11, sort: 0 },
    ],
  },
  { id: 10, name: 'Week 1: Introduction', sort: 0, syllabuses: [] },
];

function sectionKey(section: CourseSection): string {
  return `${section.courseId}/${section.moduleId}/${section.syllabusId ?? 'module'}`;
}

function renderOutline(course: Course) {
  const renderSection = vi.fn((section: CourseSection) => <p>{`content ${sectionKey(section)}`}</p>);
  const renderSectionActions = vi.fn((section: CourseSection) => (
    <button type="button">{`add activity ${sectionKey(section)}`}</button>
  ));
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <CourseContext value={course}>
            <CourseOutline renderSection={renderSection} renderSectionActions={renderSectionActions} />
          </CourseContext>
        ),
      },
    ],
    '/',
  );
  return { renderSection, renderSectionActions };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseOutline', () => {
  it('renders modules and syllabi in order, with the caller content of every section', () => {
    const { renderSection } = renderOutline(makeCourse({ modules, can_manage: false }));

    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Week 1: Introduction', 'Week 2: Lists', 'Arrays', 'Linked lists']);
    const sections = renderSection.mock.calls.map(([section]) => section);
    expect(sections).toEqual([
      { courseId: 42, moduleId: 10, syllabusId: null },
      { courseId: 42, moduleId: 11, syllabusId: null },
      { courseId: 42, moduleId: 11, syllabusId: 21 },
      { courseId: 42, moduleId: 11, syllabusId: 22 },
    ]);
    const arrays = screen.getByRole('region', { name: 'Arrays' });
    expect(within(arrays).getByText('content 42/11/21')).toBeTruthy();
    expect(within(arrays).getByRole('button', { name: 'add activity 42/11/21' })).toBeTruthy();
  });

  it('offers students no outline management', () => {
    renderOutline(makeCourse({ modules, can_manage: false }));

    expect(screen.queryByRole('button', { name: /Add module/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add syllabus/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('offers managers to add a module, also when there is none yet', async () => {
    renderOutline(makeCourse({ modules: [], can_manage: true }));

    expect(await screen.findByText('Start by adding the first module of this course')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add module/ })).toBeTruthy();
  });

  it('shows students an empty outline without the add button', () => {
    renderOutline(makeCourse({ modules: [], can_manage: false }));

    expect(screen.getByText('This course has no content yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add module/ })).toBeNull();
  });

  it('moves a module down by sending the new order', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'PUT /api/courses/42/modules/sort': () =>
        jsonResponse({ modules: [modules[0], modules[1]].map((m, sort) => ({ ...m!, sort })) }),
      'GET /api/courses/42': () => jsonResponse(makeCourse({ modules })),
    });
    renderOutline(makeCourse({ modules, can_manage: true }));

    expect(
      ((await screen.findByRole('button', { name: 'Move "Week 1: Introduction" up' })) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move "Week 1: Introduction" down' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/courses/42/modules/sort')).toEqual([{ ids: [11, 10] }]),
    );
  });

  it('adds a syllabus to a module', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/courses/42/syllabuses': () =>
        jsonResponse({ id: 30, summary: 'Recursion', module_id: 10, sort: 0 }, 201),
    });
    renderOutline(makeCourse({ modules, can_manage: true }));

    const intro = await screen.findByRole('region', { name: 'Week 1: Introduction' });
    await user.click(within(intro).getByRole('button', { name: /Add syllabus/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Syllabus title'));
    await user.paste('Recursion');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/courses/42/syllabuses')).toEqual([
        { module_id: 10, summary: 'Recursion' },
      ]),
    );
  });
});
