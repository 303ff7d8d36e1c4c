import type { CoursePublicSettings } from '@lectern/contracts/public-listings/public-listings.schemas';
import { screen, waitFor, within } from '@testing-library/react';
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
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { CoursePublicListingPage } from './course-public-listing-page.tsx';

const SETTINGS: CoursePublicSettings = {
  public_scope: 'private',
  classification_id: null,
  sign_up_charge_amount: null,
  certification_title: null,
  credit_state: 'air',
  public_typical_mistakes: false,
};

const permission = (type: 'download' | 'print', allow: boolean) => ({
  course_id: 42,
  type,
  allow_students: allow,
  allowed: true,
});

function renderPage(routes: ApiRoutes = {}) {
  const fetchMock = mockApi({
    'GET /api/courses/42/public-settings': () => jsonResponse(SETTINGS),
    'GET /api/course-classifications': () =>
      jsonResponse({ classifications: [{ id: 3, name: 'Mathematics', sort: 1 }] }),
    'GET /api/courses/42/video': () => jsonResponse({ video: null }),
    'GET /api/courses/42/download-print-permissions': (_body, url) =>
      jsonResponse(permission(url.searchParams.get('type') as 'download' | 'print', true)),
    ...routes,
  });
  renderRoutes(
    [
      {
        path: '/course/:courseId/public-listing',
        element: (
          <CourseContext value={makeCourse({ id: 42 })}>
            <CoursePublicListingPage />
          </CourseContext>
        ),
      },
    ],
    '/course/42/public-listing',
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the course’s public listing page', () => {
  it('lists the course for everyone in a classification, keeping what it does not edit', async () => {
    const fetchMock = renderPage({
      'PUT /api/courses/42/public-settings': (body) => jsonResponse(body),
    });
    const user = userEvent.setup({ delay: null });
    const everyone = await screen.findByRole('radio', { name: 'Everyone' }, { timeout: 15_000 });
    expect(screen.getByRole('radio', { name: 'Members only' })).toHaveProperty('checked', true);
    await user.click(everyone);
    await user.click(screen.getByRole('combobox', { name: 'Classification' }));
    await user.click(await screen.findByTitle('Mathematics'));
    await user.type(screen.getByRole('spinbutton', { name: 'Sign-up charge' }), '9.9');
    await user.type(screen.getByRole('textbox', { name: 'Certificate title' }), '  Algebra certificate ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/courses/42/public-settings')).toEqual([
        {
          public_scope: 'public',
          classification_id: 3,
          sign_up_charge_amount: 9.9,
          certification_title: 'Algebra certificate',
          credit_state: 'air',
          public_typical_mistakes: false,
        },
      ]),
    );
    expect(await screen.findByText('Listing saved')).toBeTruthy();
  });

  it('publishes the typical mistakes to visitors only once switched on', async () => {
    const fetchMock = renderPage({
      'PUT /api/courses/42/public-settings': (body) => jsonResponse(body),
    });
    const user = userEvent.setup({ delay: null });
    const toggle = await screen.findByRole(
      'switch',
      { name: 'Show typical mistakes to visitors' },
      { timeout: 15_000 },
    );
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/courses/42/public-settings')).toEqual([
        expect.objectContaining({ public_scope: 'private', public_typical_mistakes: true }),
      ]),
    );
  });

  it('shows the server’s field errors under their fields', async () => {
    renderPage({
      'PUT /api/courses/42/public-settings': () =>
        errorResponse(400, 'validation_failed', 'Check the form.', {
          classification_id: ['Choose a classification of your organisation.'],
        }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 15_000 }));
    expect(await screen.findByText('Choose a classification of your organisation.')).toBeTruthy();
  });

  it('turns students’ downloads off without touching printing', async () => {
    const fetchMock = renderPage({
      'PUT /api/courses/42/download-print-permissions': (body) => {
        const { type, allow_students } = body as { type: 'download' | 'print'; allow_students: boolean };
        return jsonResponse(permission(type, allow_students));
      },
    });
    const user = userEvent.setup({ delay: null });
    const download = await screen.findByRole(
      'switch',
      { name: 'Students may download files' },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(download.getAttribute('aria-checked')).toBe('true'));
    await user.click(download);
    await waitFor(() => expect(download.getAttribute('aria-checked')).toBe('false'));
    expect(sentBodies(fetchMock, 'PUT /api/courses/42/download-print-permissions')).toEqual([
      { type: 'download', allow_students: false },
    ]);
    const print = screen.getByRole('switch', { name: 'Students may print files' });
    expect(print.getAttribute('aria-checked')).toBe('true');
    expect(within(document.body).getAllByText('Saved').length).toBeGreaterThan(0);
  });
});
