import type { ExtensionApp } from '@lectern/contracts/course-services/extension-apps.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse, makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CourseContext } from '../../courses/public/course-context.ts';
import { CourseExtensionAppsPage } from './course-extension-apps-page.tsx';

const COURSE_ID = 42;

const app = (overrides: Partial<ExtensionApp>): ExtensionApp => ({
  id: 1,
  course_id: COURSE_ID,
  name: 'Virtual lab',
  url: 'https://lab.example.edu/optics',
  icon_url: null,
  visible_to_students: true,
  created_at: '2026-09-01T00:00:00.000Z',
  updated_at: '2026-09-01T00:00:00.000Z',
  ...overrides,
});

function renderPage(course: Course, apps: ExtensionApp[], canManage: boolean) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(makeViewer()),
    [`GET /api/courses/${COURSE_ID}/extension-apps`]: () =>
      jsonResponse({ extension_apps: apps, can_manage: canManage }),
    [`POST /api/courses/${COURSE_ID}/extension-apps`]: (body) =>
      (body as { url: string }).url.includes('blocked')
        ? errorResponse(400, 'validation_failed', 'Enter a web address starting with http:// or https://.', {
            url: ['Enter a web address starting with http:// or https://.'],
          })
        : jsonResponse(app({ id: 9, ...(body as object) }), 201),
    [`DELETE /api/courses/${COURSE_ID}/extension-apps/2`]: () => jsonResponse({ ok: true }),
    'GET /api/external-resource/1/preview-url': () =>
      jsonResponse({ url: 'https://lab.example.edu/optics', name: 'Virtual lab' }),
  });
  renderRoutes(
    [
      {
        path: '/course/:courseId/apps',
        element: (
          <CourseContext value={course}>
            <CourseExtensionAppsPage />
          </CourseContext>
        ),
      },
    ],
    `/course/${COURSE_ID}/apps`,
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseExtensionAppsPage', { timeout: 120_000 }, () => {
  it('lets students open and preview the apps, without managing them', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(makeCourse({ id: COURSE_ID, can_manage: false }), [app({})], false);
    const link = await screen.findByRole('link', { name: 'Virtual lab' });
    expect(link.getAttribute('href')).toBe('https://lab.example.edu/optics');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('lab.example.edu')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add app' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Virtual lab' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Preview Virtual lab' }));
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('Virtual lab');
    expect(frame.getAttribute('src')).toBe('https://lab.example.edu/optics');
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-forms allow-popups allow-scripts allow-same-origin allow-modals',
    );
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' })).toBeTruthy();
  });

  it('gives the teaching team hidden apps, adding and removing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = renderPage(
      makeCourse({ id: COURSE_ID }),
      [
        app({}),
        app({ id: 2, name: 'Answer key', url: 'http://keys.example.edu', visible_to_students: false }),
      ],
      true,
    );
    expect(await screen.findByText('Answer key')).toBeTruthy();
    expect(screen.getByText('Hidden from students')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add app' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Simulator');
    await user.type(within(dialog).getByRole('textbox', { name: 'Web address' }), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(
      await within(dialog).findByText('Enter a web address starting with http:// or https://'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/courses/${COURSE_ID}/extension-apps`)).toEqual([]);

    const address = within(dialog).getByRole('textbox', { name: 'Web address' });
    await user.clear(address);
    await user.type(address, 'https://sim.example.edu');
    await user.click(within(dialog).getByRole('switch', { name: 'Visible to students' }));
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, `POST /api/courses/${COURSE_ID}/extension-apps`)).toEqual([
        { name: 'Simulator', url: 'https://sim.example.edu', icon_url: null, visible_to_students: false },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Answer key' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, `DELETE /api/courses/${COURSE_ID}/extension-apps/2`)).toHaveLength(1),
    );
  });

  it("shows the server's field message when it refuses an address", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(makeCourse({ id: COURSE_ID }), [], true);
    expect(await screen.findByText(/No extension apps yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add app' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Blocked');
    await user.type(within(dialog).getByRole('textbox', { name: 'Web address' }), 'https://blocked.example');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(
      await within(dialog).findByText('Enter a web address starting with http:// or https://.'),
    ).toBeTruthy();
  });
});
