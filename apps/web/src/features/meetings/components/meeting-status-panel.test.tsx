import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type {
  MeetingStateResponse,
  ParticipantsResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { MeetingStatusPanel } from './meeting-status-panel.tsx';
import { panelView, participantsLink } from './meeting-panel.rules.ts';
import { makeActivity } from '../../../test/fixtures.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const MIN = 60_000;

function meeting(overrides: Partial<Activity> = {}): Activity {
  return makeActivity({
    type: 'wecom_meeting',
    title: 'Seminar',
    start_time: '2026-03-01T10:00:00.000Z',
    end_time: '2026-03-01T11:00:00.000Z',
    is_closed: true,
    status: 'expired',
    ...overrides,
  });
}

function makeState(overrides: Partial<MeetingStateResponse> = {}): MeetingStateResponse {
  return {
    activity_id: 400,
    type: 'wecom_meeting',
    adapter: 'generic',
    status: 'expired',
    meeting_id: '123-456',
    meeting_code: null,
    host: { id: 7, name: 'Li Wei', user_no: 't7' },
    is_host: false,
    can_join: false,
    playback_enabled: true,
    playback_state: 'none',
    playback_available_at: null,
    replay_addresses: [],
    can_view_participants: false,
    participants_available_at: null,
    has_mobile_phone: true,
    ...overrides,
  };
}

function renderPanel(state: MeetingStateResponse, activity = meeting(), now = NOW) {
  return renderRoutes(
    [
      {
        path: '/course/:courseId/activity/:activityId',
        element: <MeetingStatusPanel activity={activity} state={state} now={now} />,
      },
      { path: '/user/settings', element: <p>Settings page</p> },
    ],
    '/course/5/activity/400',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('panel rules', () => {
  it('joins while in progress, plays back when available, waits while generating, labels otherwise', () => {
    expect(panelView(makeState({ status: 'in_progress', can_join: true }))).toEqual({
      kind: 'join',
      enabled: true,
    });
    expect(panelView(makeState({ status: 'in_progress', can_join: false }))).toEqual({
      kind: 'label',
      label: 'noJoinLink',
    });
    expect(panelView(makeState({ status: 'not_started' }))).toEqual({ kind: 'label', label: 'notStarted' });
    expect(
      panelView(makeState({ playback_state: 'available', replay_addresses: ['https://r.example/1'] })),
    ).toEqual({
      kind: 'playback',
      enabled: true,
    });
    expect(panelView(makeState({ playback_state: 'generating' }))).toEqual({
      kind: 'playback',
      enabled: false,
    });
    expect(panelView(makeState({ playback_enabled: false, playback_state: 'none' }))).toEqual({
      kind: 'label',
      label: 'ended',
    });
  });

  it('opens the participants link to instructors only from 1 hour after the end', () => {
    const end = NOW - 59 * MIN;
    const state = (opensAt: number) =>
      makeState({ can_view_participants: true, participants_available_at: new Date(opensAt).toISOString() });
    expect(participantsLink(makeState(), NOW)).toEqual({ shown: false, enabled: false });
    expect(participantsLink(state(end + 60 * MIN), NOW)).toEqual({ shown: true, enabled: false });
    expect(participantsLink(state(NOW - 1), NOW)).toEqual({ shown: true, enabled: true });
  });
});

describe('the meeting status panel', () => {
  it(
    'shows a join button while in progress and opens the link the server gives',
    { timeout: 60_000 },
    async () => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      const fetchMock = mockApi({
        'POST /api/activities/400/meeting/join': () =>
          jsonResponse({ url: 'https://meet.example.com/j/1', role: 'guest' }),
      });
      const user = userEvent.setup({ delay: null });
      renderPanel(makeState({ status: 'in_progress', can_join: true }), meeting({ status: 'inProgress' }));
      await user.click(await screen.findByRole('button', { name: /Join meeting/ }, { timeout: 15_000 }));
      await waitFor(() =>
        expect(open).toHaveBeenCalledWith('https://meet.example.com/j/1', '_blank', 'noopener,noreferrer'),
      );
      expect(sentRequests(fetchMock).map((r) => r.method)).toEqual(['POST']);
      expect(screen.getByText('123-456')).toBeTruthy();
    },
  );

  it(
    'shows a disabled replay with the generating text until 30 minutes after the end',
    { timeout: 60_000 },
    async () => {
      mockApi({});
      renderPanel(makeState({ playback_state: 'generating' }));
      const button = await screen.findByRole('button', { name: /Watch replay/ }, { timeout: 15_000 });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(screen.getByText(/available 30 minutes after the end/)).toBeTruthy();
    },
  );

  it('links the replay once available, and says ended when there is none', { timeout: 60_000 }, async () => {
    mockApi({});
    const { unmount } = renderPanel(
      makeState({ playback_state: 'available', replay_addresses: ['https://r.example/1'] }),
    );
    const link = await screen.findByRole('link', { name: /Watch replay/ }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('https://r.example/1');
    unmount();
    renderPanel(makeState({ playback_enabled: false }));
    expect(await screen.findByText('The meeting has ended.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Watch replay/ })).toBeNull();
  });

  it(
    'asks for a bound phone before joining ClassIn and offers the settings page',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi({});
      const user = userEvent.setup({ delay: null });
      renderPanel(
        makeState({ type: 'classin', status: 'in_progress', can_join: true, has_mobile_phone: false }),
        meeting({ type: 'classin', status: 'inProgress' }),
      );
      await user.click(await screen.findByRole('button', { name: /Join meeting/ }, { timeout: 15_000 }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Bind a mobile phone')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Go to settings' }));
      expect(await screen.findByText('Settings page')).toBeTruthy();
      expect(sentRequests(fetchMock)).toEqual([]);
    },
  );

  it(
    'keeps the participants link disabled until 1 hour after the end, then lists with a pager only above 10',
    { timeout: 60_000 },
    async () => {
      const participants = (count: number): ParticipantsResponse => ({
        result: {
          participants: Array.from({ length: Math.min(count, 10) }, (_, i) => ({
            user_id: i + 1,
            user_name: `Student ${i + 1}`,
            user_no: `s${i + 1}`,
            connected_duration: null,
            first_joined_at: '2026-03-01T10:05:00.000Z',
            join_count: 1,
          })),
          page: 1,
          page_size: 10,
          pages: Math.ceil(count / 10),
          total: count,
        },
      });
      let total = 12;
      const fetchMock = mockApi({
        'GET /api/activities/400/meeting/participant': () => jsonResponse(participants(total)),
      });
      const user = userEvent.setup({ delay: null });
      const early = renderPanel(
        makeState({
          can_view_participants: true,
          participants_available_at: new Date(NOW + 5 * MIN).toISOString(),
        }),
      );
      const disabled = await screen.findByRole('button', { name: 'View participants' }, { timeout: 15_000 });
      expect(disabled.hasAttribute('disabled')).toBe(true);
      early.unmount();

      renderPanel(
        makeState({
          can_view_participants: true,
          participants_available_at: new Date(NOW - MIN).toISOString(),
        }),
      );
      await user.click(await screen.findByRole('button', { name: 'View participants' }));
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText('12 participants in total')).toBeTruthy();
      expect(within(dialog).getByText('Student 1')).toBeTruthy();
      expect(dialog.querySelector('.ant-pagination')).not.toBeNull();

      total = 3;
      await user.type(within(dialog).getByRole('textbox', { name: 'User name' }), 'Stu');
      await user.click(within(dialog).getByRole('button', { name: 'Search' }));
      expect(await within(dialog).findByText('3 participants in total')).toBeTruthy();
      expect(dialog.querySelector('.ant-pagination')).toBeNull();
      const last = sentRequests(fetchMock).at(-1);
      expect(new URL(last?.url ?? '', 'http://x').searchParams.get('conditions')).toBe('{"user_name":"Stu"}');
    },
  );
});
