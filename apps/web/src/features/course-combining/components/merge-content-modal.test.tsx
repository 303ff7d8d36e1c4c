import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoursesToMergeResponse } from '@lectern/contracts/course-combining/course-combining.schemas';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CombineCoursePage } from '../routes/combine-course-page.tsx';

const FRESH: CoursesToMergeResponse = {
  combined: false,
  modules: [],
  courses: [
    {
      id: 1,
      name: 'Algebra A',
      course_code: 'ALG-A',
      merged: false,
      inspected: false,
      modules: [
        {
          id: 11,
          name: 'Sets',
          syllabuses: [{ id: 111, summary: 'Unions' }],
          activities: [{ id: 1001, title: 'Venn diagrams', type: 'material', syllabus_id: 111 }],
        },
      ],
    },
    {
      id: 2,
      name: 'Algebra B',
      course_code: null,
      merged: false,
      inspected: false,
      modules: [
        {
          id: 21,
          name: 'Loose ends',
          syllabuses: [],
          activities: [{ id: 2001, title: 'Leftover quiz', type: 'exam', syllabus_id: null }],
        },
      ],
    },
  ],
};

/** After step 1 moved "Sets" in: B's activity is still waiting. */
const AFTER_FIRST: CoursesToMergeResponse = {
  combined: false,
  modules: [{ id: 11, name: 'Sets' }],
  courses: [{ ...FRESH.courses[0]!, merged: true, modules: [] }, FRESH.courses[1]!],
};

const DONE: CoursesToMergeResponse = {
  combined: true,
  modules: [{ id: 11, name: 'Sets' }],
  courses: [
    { ...FRESH.courses[0]!, merged: true, modules: [] },
    { ...FRESH.courses[1]!, merged: true, modules: [{ ...FRESH.courses[1]!.modules[0]!, activities: [] }] },
  ],
};

function setup(states: CoursesToMergeResponse[]) {
  let state = 0;
  const fetchMock = mockApi({
    'GET /api/combine-courses/5/courses-to-merged': () =>
      jsonResponse(states[Math.min(state, states.length - 1)]),
    'POST /api/combine-courses/5/combine-contents': (body) => {
      state += 1;
      const { course_id, module_ids } = body as { course_id: number; module_ids: number[] };
      return jsonResponse({ course_id, module_ids, activity_count: 1 });
    },
    'POST /api/courses/5/assign-activity-to-module': (body) => {
      state += 1;
      return jsonResponse(body);
    },
    'PUT /api/courses/inspect-child/1': () => jsonResponse({ course_id: 1, inspected: true }),
    'PUT /api/courses/inspect-child/2': () => jsonResponse({ course_id: 2, inspected: true }),
    'PUT /api/courses/5/inspect': () => jsonResponse({ course_id: 5, inspected: true }),
  });
  const view = renderRoutes(
    [
      { path: '/combine-course/*', Component: CombineCoursePage },
      { path: '/user/courses', element: <p>my courses</p> },
      { path: '/course/:courseId/content', element: <p>course content</p> },
    ],
    '/combine-course/5/merge',
  );
  return { fetchMock, ...view };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('MergeContentModal', () => {
  it('chooses sections, then merges the remaining activities and saves', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup([FRESH, AFTER_FIRST, DONE]);
    const dialog = await screen.findByRole('dialog');
    // Each course's card shows its sections with their trees.
    expect(await within(dialog).findByText('Venn diagrams')).toBeTruthy();
    expect(within(dialog).getByText('Unions')).toBeTruthy();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /Sets/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 2: the activity left in Algebra B blocks saving while every activity needs a section.
    const remaining = await within(dialog).findByRole('checkbox', { name: /Leftover quiz/ });
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeTruthy();
    await user.click(remaining);
    await user.click(within(dialog).getByRole('combobox', { name: 'Section of the combined course' }));
    await user.click(await screen.findByTitle('Sets'));
    await user.click(within(dialog).getByRole('button', { name: 'Move to section' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('course content');
    expect(router.state.location.pathname).toBe('/course/5/content');
    expect(sentBodies(fetchMock, 'POST /api/combine-courses/5/combine-contents')).toEqual([
      { course_id: 1, module_ids: [11] },
    ]);
    expect(sentBodies(fetchMock, 'POST /api/courses/5/assign-activity-to-module')).toEqual([
      { module_id: 11, activity_ids: [2001] },
    ]);
    expect(sentRequests(fetchMock).map((r) => `${r.method} ${r.url}`)).toContain(
      'PUT /api/courses/5/inspect',
    );
  });

  it('opens an already combined course at step 2 without previous, and lets leftovers stay when not required', async () => {
    const user = userEvent.setup();
    setup([{ ...AFTER_FIRST, combined: true }]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: /Leftover quiz/ });
    expect(within(dialog).queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Every activity must be in a section of the combined course',
      }),
    );
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });

  it('goes to the course list when closed', async () => {
    const user = userEvent.setup();
    const { router } = setup([FRESH]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Venn diagrams');
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    await screen.findByText('my courses');
    expect(router.state.location.pathname).toBe('/user/courses');
  });
});
