import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeLive, makeLiveActivity } from '../test/fixtures.ts';
import { LectureLiveActivityBody } from './lecture-live-activity-body.tsx';

function renderBody() {
  return renderRoutes(
    [
      {
        path: '/course/:courseId/activity/:activityId',
        element: <LectureLiveActivityBody activity={makeLiveActivity()} />,
      },
    ],
    '/course/5/activity/400',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the lecture live page', () => {
  it('counts down and books, reloading the detail after the toggle', { timeout: 60_000 }, async () => {
    let current = makeLive();
    const fetchMock = mockApi({
      'GET /api/lecture-lives/400': () => jsonResponse(current),
      'POST /api/live-activities/400/book-live': () => {
        current = makeLive({ is_booked_live: true, booked_count: 4, can_book_live: false });
        return jsonResponse({ is_booked_live: true, booked_count: 4 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderBody();
    expect(await screen.findByText('Not started', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^Starts in 0 d 02:0[45]:\d\d$/);
    expect(screen.getByText('3 people booked')).toBeTruthy();
    expect(screen.getByText('B1 101')).toBeTruthy();
    expect(screen.getByText('Volume 80%, quality 1080P')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(screen.getByText('4 people booked')).toBeTruthy();
    const calls = sentRequests(fetchMock).map((r) => `${r.method} ${r.url}`);
    expect(calls.filter((c) => c === 'GET /api/lecture-lives/400').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Stream key')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Start playing by itself' })).toBeNull();
  });

  it('says there is no permission to view the live', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/lecture-lives/400': () =>
        jsonResponse(makeLive({ status: 'live_in_progress', view_live: false, can_book_live: false })),
    });
    renderBody();
    expect(await screen.findByText('No permission to view live', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('lecture-live-video')).toBeNull();
  });

  it('says there is no permission to view the recording', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/lecture-lives/400': () =>
        jsonResponse(
          makeLive({
            status: 'replay_unpublished',
            view_record: false,
            can_book_live: false,
            replay_videos: [],
          }),
        ),
    });
    renderBody();
    // No videos reach a viewer without view_record: the box reads "no replay", the player says why.
    expect(await screen.findByText('No replay', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it(
    'shows the transcoding message and the failure with reprocess for the team',
    { timeout: 60_000 },
    async () => {
      let current = makeLive({
        status: 'replay_process_fail',
        replay_id: 9,
        can_reprocess_replay: true,
        can_book_live: false,
        can_manage: true,
      });
      const fetchMock = mockApi({
        'GET /api/lecture-lives/400': () => jsonResponse(current),
        'GET /api/lecture-lives/400/ingest': () =>
          jsonResponse({
            available: true,
            unavailable_reason: null,
            server_url: 'rtmp://lms.example.edu:1935/live',
            stream_key: 'sekret-key',
            full_url: 'rtmp://lms.example.edu:1935/live/sekret-key',
            stream_state: 'ended',
          }),
        'PUT /api/lecture-lives/400/controller-config': (body) => {
          current = { ...current, controller_config: { ...current.controller_config, ...(body as object) } };
          return jsonResponse(current);
        },
        'POST /api/courses/lecture-live-activity/400/reprocess': () => {
          current = makeLive({
            status: 'replay_processing',
            progress: { left_second: 30, progress: 40, retry_times: 1 },
            can_book_live: false,
          });
          return jsonResponse(current);
        },
      });
      const user = userEvent.setup({ delay: null });
      renderBody();
      expect(await screen.findByText('Processing the replay failed.', {}, { timeout: 15_000 })).toBeTruthy();
      expect(await screen.findByText('sekret-key')).toBeTruthy();
      expect(screen.getByText('rtmp://lms.example.edu:1935/live')).toBeTruthy();
      // The team's player settings: autoplay (off by default) turned on.
      const autoplay = screen.getByRole('switch', { name: 'Start playing by itself' });
      expect(autoplay.getAttribute('aria-checked')).toBe('false');
      await user.click(autoplay);
      expect(await screen.findByText('Player settings saved')).toBeTruthy();
      await waitFor(() =>
        expect(
          screen.getByRole('switch', { name: 'Start playing by itself' }).getAttribute('aria-checked'),
        ).toBe('true'),
      );
      expect(sentBodies(fetchMock, 'PUT /api/lecture-lives/400/controller-config')).toEqual([
        { autoplay: true },
      ]);
      await user.click(screen.getByRole('button', { name: 'Reprocess' }));
      expect(
        await screen.findByText('The replay is being transcoded; it can be watched once done.'),
      ).toBeTruthy();
      await waitFor(() =>
        expect(
          sentRequests(fetchMock).some(
            (r) => r.method === 'POST' && r.body && (r.body as { replay_id: number }).replay_id === 9,
          ),
        ).toBe(true),
      );
    },
  );

  it('plays the replay in a video element when one exists', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/lecture-lives/400': () =>
        jsonResponse(
          makeLive({
            status: 'replay_unpublished',
            can_book_live: false,
            replay_id: 9,
            replay_videos: [
              {
                id: 9,
                replay_id: 9,
                url: '/api/lecture-lives/400/hls/replays/9/index.m3u8',
                label: '1080P',
                duration: 3600,
              },
            ],
          }),
        ),
    });
    renderBody();
    expect(await screen.findByLabelText('Replay (1080P)', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Replay available')).toBeTruthy();
  });
});
