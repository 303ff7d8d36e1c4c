import type { AnnouncementsResponse } from '@lectern/contracts/announcements/announcements.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeCourse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { fillRichText, preloadRichTextEditor } from '../../../test/rich-text.ts';
import { CourseContext } from '../../courses/public/course-context.ts';
import { makeAnnouncement } from '../test/fixtures.ts';
import { CourseAnnouncementsPage } from './course-announcements-page.tsx';

const COURSE_ID = 42;
const LIST = `GET /api/courses/${COURSE_ID}/announcements`;
const CREATE = `POST /api/courses/${COURSE_ID}/announcements`;

const studentCourse = makeCourse({ id: COURSE_ID, can_manage: false, current_user_roles: ['student'] });
const teacherCourse = makeCourse({ id: COURSE_ID });

function renderPage(course: Course, handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  renderRoutes(
    [
      {
        path: '/course/:courseId/announcements',
        element: (
          <CourseContext value={course}>
            <CourseAnnouncementsPage />
          </CourseContext>
        ),
      },
    ],
    `/course/${COURSE_ID}/announcements`,
  );
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

beforeAll(async () => {
  await preloadRichTextEditor();
  // The dialog is a lazy chunk: loaded once here so each test's dialog opens at once on a busy machine.
  await import('../components/announcement-form-modal.tsx');
}, 60_000);
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('CourseAnnouncementsPage', { timeout: 120_000 }, () => {
  it('shows a student the announcements with the unread count, and marks one read when opened', async () => {
    let list: AnnouncementsResponse = {
      announcements: [
        makeAnnouncement({ id: 1, title: 'Exam room changed', pinned: true }),
        makeAnnouncement({
          id: 2,
          title: 'Welcome',
          read_at: '2025-03-02T08:00:00.000Z',
          content: '<p>Hello <em>class</em></p>',
        }),
      ],
      unread_count: 1,
    };
    const { fetchMock, user } = renderPage(studentCourse, {
      [LIST]: () => jsonResponse(list),
      'PUT /api/announcements/1/read': () => {
        const opened = makeAnnouncement({
          id: 1,
          title: 'Exam room changed',
          read_at: '2025-03-03T08:00:00.000Z',
        });
        list = { announcements: [opened, list.announcements[1] ?? opened], unread_count: 0 };
        return jsonResponse(opened);
      },
    });

    expect(await screen.findByText('Exam room changed')).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(screen.getByText('Pinned')).toBeTruthy();
    expect(screen.getByText('Unread')).toBeTruthy();
    // Students read; they do not post.
    expect(screen.queryByRole('button', { name: /New announcement/ })).toBeNull();

    // Opening a read one sends nothing.
    await user.click(screen.getByText('Welcome'));
    expect(await screen.findByText('class')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/announcements/2/read')).toHaveLength(0);

    await user.click(screen.getByText('Exam room changed'));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT /api/announcements/1/read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('1 unread')).toBeNull());
    expect(screen.queryByText('Unread')).toBeNull();
  });

  it('tells a student when there is nothing yet', async () => {
    renderPage(studentCourse, { [LIST]: () => jsonResponse({ announcements: [], unread_count: 0 }) });
    expect(await screen.findByText('No announcements yet')).toBeTruthy();
  });

  it('shows the teaching team a scheduled announcement as scheduled, with edit and delete', async () => {
    const { user } = renderPage(teacherCourse, {
      [LIST]: () =>
        jsonResponse({
          announcements: [
            makeAnnouncement({
              title: 'Midterm',
              published: false,
              publish_at: '2099-05-01T08:00:00.000Z',
              can_manage: true,
            }),
          ],
          unread_count: 0,
        }),
    });
    expect(await screen.findByText(/^Scheduled for 2099-05-01/)).toBeTruthy();
    await user.click(screen.getByText('Midterm'));
    expect(await screen.findByRole('button', { name: /Edit/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeTruthy();
  });
});

describe('posting an announcement', { timeout: 120_000 }, () => {
  it('names what is missing or too long before sending anything', async () => {
    const { fetchMock, user } = renderPage(teacherCourse, {
      [LIST]: () => jsonResponse({ announcements: [], unread_count: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: /New announcement/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a title.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the announcement text.')).toBeTruthy();

    // Set at once, as pasting would.
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'x'.repeat(101) } });
    expect(await within(dialog).findByText('The title can have at most 100 characters.')).toBeTruthy();
    expect(sentBodies(fetchMock, CREATE)).toHaveLength(0);
  });

  it('sends the announcement and shows the server’s field messages under their fields', async () => {
    let attempts = 0;
    const { fetchMock, user } = renderPage(teacherCourse, {
      [LIST]: () => jsonResponse({ announcements: [], unread_count: 0 }),
      [CREATE]: () => {
        attempts += 1;
        if (attempts === 1) {
          return errorResponse(400, 'validation_failed', 'File 9 does not exist or you may not use it.', {
            upload_ids: ['File 9 does not exist or you may not use it.'],
          });
        }
        return jsonResponse(makeAnnouncement({ title: 'Lab moved', can_manage: true }), 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: /New announcement/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Lab moved' } });
    await fillRichText('Content', '<p>Room <strong>B</strong></p>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findAllByText('File 9 does not exist or you may not use it.'),
    ).not.toHaveLength(0);
    expect(sentBodies(fetchMock, CREATE)[0]).toEqual({
      title: 'Lab moved',
      content: '<p>Room <strong>B</strong></p>',
      publish_at: null,
      pinned: false,
      upload_ids: [],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Announcement posted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
