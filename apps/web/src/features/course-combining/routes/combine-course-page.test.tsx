import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CombinableCourse } from '@lectern/contracts/course-combining/course-combining.schemas';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CombineCoursePage } from './combine-course-page.tsx';

function course(values: Partial<CombinableCourse> & { id: number; display_name: string }): CombinableCourse {
  return {
    name: values.display_name,
    course_code: null,
    cover: null,
    semester: null,
    students_count: 10,
    parent_course_id: null,
    parent_course_name: null,
    ...values,
  };
}

const COURSES = [
  course({ id: 1, display_name: 'Algebra A', course_code: 'ALG-A' }),
  course({ id: 2, display_name: 'Algebra B' }),
  course({ id: 3, display_name: 'Geometry', parent_course_id: 9, parent_course_name: 'Maths (combined)' }),
];

function setup(path = '/combine-course/step-1', handlers: ApiRoutes = {}) {
  const fetchMock = mockApi({
    'GET /api/combine-courses': () => jsonResponse({ courses: COURSES }),
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/combine-course/*', Component: CombineCoursePage },
      { path: '/user/courses', element: <p>my courses</p> },
      { path: '/course/:courseId/content', element: <p>course content</p> },
    ],
    path,
  );
  return { fetchMock, ...view };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

async function choose(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('checkbox', { name }));
}

describe('CombineCoursePage', () => {
  it('redirects any other wizard path to step 1', async () => {
    const { router } = setup('/combine-course/elsewhere');
    await screen.findByRole('checkbox', { name: 'Algebra A' });
    expect(router.state.location.pathname).toBe('/combine-course/step-1');
  });

  it('sends step 2 opened without a selection back to step 1', async () => {
    const { router } = setup('/combine-course/step-2');
    await screen.findByRole('checkbox', { name: 'Algebra A' });
    expect(router.state.location.pathname).toBe('/combine-course/step-1');
  });

  it('keeps next disabled until two courses are chosen, and a combined course cannot be chosen', async () => {
    const user = userEvent.setup();
    setup();
    const geometry = await screen.findByRole('checkbox', { name: 'Geometry' });
    expect(geometry.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next step' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Already in Maths (combined)')).toBeTruthy();
    await choose(user, 'Algebra A');
    expect(screen.getByRole('button', { name: 'Next step' }).hasAttribute('disabled')).toBe(true);
    await choose(user, 'Algebra B');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next step' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('names the course after a chosen one, combines with a preset cover and opens it', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup('/combine-course/step-1', {
      'POST /api/combine-courses': () => jsonResponse({ courseId: 42 }),
    });
    await choose(user, 'Algebra A');
    await choose(user, 'Algebra B');
    await user.click(screen.getByRole('button', { name: 'Next step' }));

    const name = await screen.findByRole('textbox', { name: 'Name of the combined course' });
    expect((name as HTMLInputElement).value).toBe('Algebra A');
    expect(router.state.location.pathname).toBe('/combine-course/step-2');
    await user.click(screen.getByRole('radio', { name: 'Teal' }));
    await user.click(screen.getByRole('button', { name: 'Combine' }));

    await screen.findByText('course content');
    expect(router.state.location.pathname).toBe('/course/42/content');
    expect(sentBodies(fetchMock, 'POST /api/combine-courses')).toEqual([
      { title: 'Algebra A', subCourseIds: [1, 2], courseCoverKey: 'teal' },
    ]);
  });

  it('checks the name before combining and shows the server field errors', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup('/combine-course/step-1', {
      'POST /api/combine-courses': () =>
        errorResponse(400, 'validation_failed', 'Check the fields', {
          title: ['The course name can have at most 200 characters.'],
        }),
    });
    await choose(user, 'Algebra A');
    await choose(user, 'Algebra B');
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    const name = await screen.findByRole('textbox', { name: 'Name of the combined course' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Combine' }));
    expect(await screen.findByText('Enter a name for the combined course.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/combine-courses')).toEqual([]);

    await user.type(name, 'Too long anyway');
    await user.click(screen.getByRole('button', { name: 'Combine' }));
    expect(await screen.findByText('The course name can have at most 200 characters.')).toBeTruthy();
  });

  it('goes back to step 1 keeping the selection', async () => {
    const user = userEvent.setup();
    setup();
    await choose(user, 'Algebra A');
    await choose(user, 'Algebra B');
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    await user.click(await screen.findByRole('button', { name: 'Previous' }));
    const box = await screen.findByRole('checkbox', { name: 'Algebra A' });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
  });

  it('asks before cancelling, then goes to the course list', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    await screen.findByRole('checkbox', { name: 'Algebra A' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Leave without combining?').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await screen.findByText('my courses');
    expect(router.state.location.pathname).toBe('/user/courses');
  });
});
