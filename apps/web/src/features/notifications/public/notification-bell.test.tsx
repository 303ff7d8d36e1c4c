import type {
  Notification,
  NotificationsResponse,
} from '@lectern/contracts/notifications/notifications.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { unreadCountQueryOptions, UNREAD_POLL_MS } from '../api/get-unread-count.ts';
import { NotificationBell } from './notification-bell.tsx';

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    type: 'homework_redo',
    course_id: 7,
    activity_id: 70,
    payload: { title: 'Essay 1', course_name: 'Physics' },
    read_at: null,
    created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    ...overrides,
  };
}

function page(notifications: Notification[], unread: number): NotificationsResponse {
  return {
    notifications,
    page: 1,
    page_size: 10,
    pages: 1,
    total: notifications.length,
    unread_count: unread,
  };
}

function renderBell(state: { unread: number; notifications: Notification[] }) {
  const fetchMock = mockApi({
    'GET /api/notifications/unread-count': () => jsonResponse({ unread_count: state.unread }),
    'GET /api/notifications': () => jsonResponse(page(state.notifications, state.unread)),
    'PUT /api/notifications/1/read': () => {
      state.unread = Math.max(0, state.unread - 1);
      state.notifications = state.notifications.map((n) =>
        n.id === 1 ? { ...n, read_at: new Date().toISOString() } : n,
      );
      return jsonResponse(state.notifications.find((n) => n.id === 1));
    },
    'PUT /api/notifications/read-all': () => {
      state.unread = 0;
      state.notifications = state.notifications.map((n) => ({ ...n, read_at: new Date().toISOString() }));
      return jsonResponse({ unread_count: 0 });
    },
  });
  const view = renderRoutes(
    [
      { path: '/user/courses', element: <NotificationBell /> },
      {
        path: '/course/:courseId/activity/:activityId',
        Component: function ActivityStandIn() {
          return <p>{`activity page ${useLocation().pathname}`}</p>;
        },
      },
    ],
    '/user/courses',
  );
  return { ...view, fetchMock };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('NotificationBell', () => {
  it('shows the unread count on the bell and names it for screen readers', async () => {
    renderBell({ unread: 3, notifications: [] });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByRole('button', { name: '通知，3 条未读' })).toBeTruthy();
  });

  it('polls every minute and again when the window regains focus', () => {
    const options = unreadCountQueryOptions();
    expect(UNREAD_POLL_MS).toBe(60_000);
    expect(options.refetchInterval).toBe(60_000);
    expect(options.refetchOnWindowFocus).toBe(true);
  });

  it('lists notifications in the UI language with a link to the activity, and marks one read on opening', async () => {
    const user = userEvent.setup();
    const state = {
      unread: 2,
      notifications: [
        makeNotification(),
        makeNotification({
          id: 2,
          type: 'homework_make_up',
          payload: { title: 'Lab 2', end_time: '2026-12-01T10:00:00.000Z' },
          read_at: '2026-11-20T10:00:00.000Z',
        }),
      ],
    };
    const { fetchMock } = renderBell(state);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));

    const link = await screen.findByRole('link', {
      name: 'Your homework “Essay 1” was returned for you to redo',
    });
    expect(link.getAttribute('href')).toBe('/course/7/activity/70');
    expect(screen.getByText('You may hand in “Lab 2” late, until 2026-12-01 10:00')).toBeTruthy();
    expect(screen.getByText(/Physics ·/)).toBeTruthy();
    expect(screen.getAllByText('2 hours ago')).toHaveLength(2);

    await user.click(link);
    expect(await screen.findByText('activity page /course/7/activity/70')).toBeTruthy();
    await waitFor(() =>
      expect(
        sentRequests(fetchMock).some((r) => r.method === 'PUT' && r.url === '/api/notifications/1/read'),
      ).toBe(true),
    );
  });

  it('marks everything read and the badge goes away', async () => {
    const user = userEvent.setup();
    renderBell({ unread: 1, notifications: [makeNotification({ type: 'exam_score_published' })] });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByText('Your score for the exam “Essay 1” is published')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves focus into the list when opened and back to the bell on Escape', async () => {
    const user = userEvent.setup();
    renderBell({ unread: 1, notifications: [makeNotification()] });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(bell));
  });

  it('says so when there is nothing', async () => {
    const user = userEvent.setup();
    renderBell({ unread: 0, notifications: [] });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
  });
});
