import type { CalendarEvent } from '@lectern/contracts/calendar/calendar.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../shared/components/date-time.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests, type ApiRoutes } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { CalendarPage } from './calendar-page.tsx';

function makeEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    kind: 'end',
    time: '2027-03-10T09:59:00.000Z',
    activity_id: 5,
    activity_type: 'homework',
    title: 'Essay',
    published: true,
    start_time: null,
    end_time: '2027-03-10T09:59:00.000Z',
    course_id: 3,
    course_name: 'Physics',
    ...overrides,
  };
}

// 20:00 UTC on 14 March is already 15 March in Shanghai; the midterm opens and closes that day.
const EVENTS: CalendarEvent[] = [
  makeEvent(),
  makeEvent({
    kind: 'start',
    time: '2027-03-14T20:00:00.000Z',
    activity_id: 8,
    activity_type: 'exam',
    title: 'Midterm',
    start_time: '2027-03-14T20:00:00.000Z',
    end_time: '2027-03-14T22:00:00.000Z',
    course_id: 4,
    course_name: 'Algebra',
  }),
  makeEvent({
    kind: 'end',
    time: '2027-03-14T22:00:00.000Z',
    activity_id: 8,
    activity_type: 'exam',
    title: 'Midterm',
    start_time: '2027-03-14T20:00:00.000Z',
    end_time: '2027-03-14T22:00:00.000Z',
    course_id: 4,
    course_name: 'Algebra',
  }),
  makeEvent({ activity_id: 9, title: 'Unpublished lab', published: false, time: '2027-03-20T02:00:00.000Z' }),
];

function renderPage(path = '/user/calendar?month=2027-03&view=month', routes: ApiRoutes = {}) {
  const fetchMock = mockApi({
    'GET /api/calendar/events': (_body, url) =>
      jsonResponse({ events: url.searchParams.get('start')?.startsWith('2027-02') ? EVENTS : [] }),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/user/calendar', element: <CalendarPage /> },
      { path: '/course/:courseId/activity/:activityId', element: <p>Activity page</p> },
    ],
    path,
  );
  return { ...view, fetchMock };
}

beforeEach(async () => {
  // The test project runs with TZ=UTC; the user's zone is eight hours ahead.
  setDisplayTimeZone('Asia/Shanghai');
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => setDisplayTimeZone(null));

describe('CalendarPage', () => {
  it('asks for the whole weeks of the month as UTC instants of the user’s midnights', async () => {
    const { fetchMock } = renderPage();
    await screen.findByRole('table', { name: '2027年3月' });
    // March 2027 starts on a Monday, the first day of a Chinese week; five weeks end on Sunday 4 April.
    const url = new URL(sentRequests(fetchMock)[0]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('start')).toBe('2027-02-28T16:00:00.000Z');
    expect(url.searchParams.get('end')).toBe('2027-04-04T16:00:00.000Z');
  });

  it('places events on their day in the user’s zone, each a link to its activity', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: '2027年3月' });
    const cell = within(table).getByText('15').closest('td');
    expect(cell).not.toBeNull();
    // Opening and closing the same day reads as one window.
    const link = await within(cell as HTMLElement).findByRole('link', { name: /04:00–06:00 Midterm/ });
    expect(link.getAttribute('href')).toBe('/course/4/activity/8');
    expect(within(within(table).getByText('14').closest('td') as HTMLElement).queryByRole('link')).toBeNull();
    // The homework's deadline says so, in the user's zone.
    const essayCell = within(table).getByText('10').closest('td') as HTMLElement;
    expect(within(essayCell).getByRole('link', { name: /17:59 截止 Essay/ })).toBeTruthy();
  });

  it('lists the days with events as a list, drafts marked, and opens an activity', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('table', { name: '2027年3月' });
    // The radio itself is covered by its label, which takes the click as in a browser.
    expect(screen.getByRole('radio', { name: '月' })).toHaveProperty('checked', true);
    await user.click(screen.getByText('列表'));

    const day = await screen.findByRole('heading', { level: 3, name: /3月15日/ });
    const items = within(day.closest('li') as HTMLElement).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(items[0] as HTMLElement).getByText('04:00–06:00')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('考试')).toBeTruthy();
    const draftDay = screen.getByRole('heading', { level: 3, name: /3月20日/ }).closest('li') as HTMLElement;
    expect(within(draftDay).getByText('未发布')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);

    await user.click(within(items[0] as HTMLElement).getByRole('link', { name: 'Midterm' }));
    expect(await screen.findByText('Activity page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/course/4/activity/8');
  });

  it('moves between months, keeping the place in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/user/calendar?month=2027-03&view=list');
    await screen.findByRole('heading', { level: 3, name: /3月15日/ });

    await user.click(screen.getByRole('button', { name: '下个月' }));
    expect(await screen.findByText('本月没有安排。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '2027年4月' })).toBeTruthy();
    expect(router.state.location.search).toBe('?month=2027-04&view=list');

    await user.click(screen.getByRole('button', { name: '上个月' }));
    expect(await screen.findByRole('heading', { level: 3, name: /3月15日/ })).toBeTruthy();
  });

  it('shows a list by default on a phone', async () => {
    // jsdom matches no media query, so antd's breakpoints see a phone.
    renderPage('/user/calendar?month=2027-03');
    expect(await screen.findByRole('heading', { level: 3, name: /3月15日/ })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names the page and its controls in English too', async () => {
    await i18n.changeLanguage('en-US');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'March 2027' })).toBeTruthy();
    // An English week starts on Sunday: the grid begins on 28 February.
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toBe('Su');
    expect(screen.getByText('Times in Asia/Shanghai.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: /Midterm/ })).toBeTruthy());
  });

  it('shows one week of the user’s zone and pages by weeks, keeping the month in step', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderPage('/user/calendar?month=2027-03&view=week&week=2027-03-10', {
      // The server answers what falls in the range asked.
      'GET /api/calendar/events': (_body, url) => {
        const [start, end] = ['start', 'end'].map((k) => Date.parse(url.searchParams.get(k) ?? ''));
        return jsonResponse({
          events: EVENTS.filter((e) => Date.parse(e.time) >= start! && Date.parse(e.time) < end!),
        });
      },
    });
    // A Chinese week starts on Monday: 8 to 14 March, asked for as UTC instants of Shanghai midnights.
    const table = await screen.findByRole('table', { name: '2027年3月8日 – 2027年3月14日' });
    const url = new URL(sentRequests(fetchMock)[0]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('start')).toBe('2027-03-07T16:00:00.000Z');
    expect(url.searchParams.get('end')).toBe('2027-03-14T16:00:00.000Z');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(await within(table).findByRole('link', { name: /17:59 截止 Essay/ })).toBeTruthy();
    // The midterm is on the 15th in Shanghai, though the 14th in UTC: next week, not this one.
    expect(within(table).queryByRole('link', { name: /Midterm/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: '下一周' }));
    const next = await screen.findByRole('table', { name: '2027年3月15日 – 2027年3月21日' });
    expect(router.state.location.search).toBe('?month=2027-03&view=week&week=2027-03-15');
    expect(sentRequests(fetchMock).length).toBeGreaterThan(1);
    await user.click(screen.getByRole('button', { name: '下一周' }));
    await user.click(screen.getByRole('button', { name: '下一周' }));
    expect(router.state.location.search).toBe('?month=2027-03&view=week&week=2027-03-29');
    await user.click(screen.getByRole('button', { name: '下一周' }));
    expect(router.state.location.search).toBe('?month=2027-04&view=week&week=2027-04-05');
    expect(next).toBeTruthy();
  });

  it('makes, copies, remakes and turns off the iCalendar feed link', async () => {
    await i18n.changeLanguage('en-US');
    const user = userEvent.setup();
    let made = 0;
    const { fetchMock } = renderPage('/user/calendar?month=2027-03&view=month', {
      'GET /api/calendar/feed': () => jsonResponse({ active: false, created_at: null }),
      'POST /api/calendar/feed': () => {
        made += 1;
        return jsonResponse({
          active: true,
          created_at: '2027-03-01T00:00:00.000Z',
          path: `/api/calendar/feed/${String(made).repeat(43)}.ics`,
        });
      },
      'DELETE /api/calendar/feed': () => jsonResponse({ ok: true }),
    });
    await user.click(await screen.findByRole('button', { name: /Subscribe/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar feed' });
    expect(await within(dialog).findByText('You have no feed link.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Make feed link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Your feed link' });
    expect((link as HTMLInputElement).value).toBe(
      `${window.location.origin}/api/calendar/feed/${'1'.repeat(43)}.ics`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe((link as HTMLInputElement).value);

    // A new link needs confirming, since the old one stops working.
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    await user.click((await screen.findAllByRole('button', { name: 'OK' })).at(-1)!);
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('textbox', { name: 'Your feed link' }) as HTMLInputElement).value,
      ).toContain('2'.repeat(43)),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Turn off feed' }));
    await user.click((await screen.findAllByRole('button', { name: 'OK' })).at(-1)!);
    expect(await within(dialog).findByText('You have no feed link.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    const writes = sentRequests(fetchMock).filter(
      (r) => r.url.includes('/api/calendar/feed') && r.method !== 'GET',
    );
    expect(writes.map((r) => r.method)).toEqual(['POST', 'POST', 'DELETE']);
  });
});
