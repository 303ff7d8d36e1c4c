import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { LectureLiveActivityBody } from '../public/lecture-live-activity-body.tsx';
import { makeLive, makeLiveActivity } from '../test/fixtures.ts';
import { formatWatched } from './viewing-stats-panel.tsx';

const INGEST = {
  available: true,
  unavailable_reason: null,
  server_url: 'rtmp://lms.example.edu:1935/live',
  stream_key: 'sekret-key',
  full_url: 'rtmp://lms.example.edu:1935/live/sekret-key',
  stream_state: 'ended',
};

const STATS = {
  viewer_count: 2,
  student_count: 30,
  total_live_seconds: 3790,
  total_replay_seconds: 620,
  viewers: [
    {
      user_id: 7,
      user_no: 's20240001',
      name: 'Zhang San',
      live_seconds: 3600,
      replay_seconds: 0,
      last_visit_at: '2030-03-01T09:00:00.000Z',
    },
    {
      user_id: 8,
      user_no: 's20240002',
      name: 'Li Si',
      live_seconds: 190,
      replay_seconds: 620,
      last_visit_at: '2030-03-02T09:00:00.000Z',
    },
  ],
};

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

describe('viewing statistics on the lecture live page', () => {
  it('formats watched time as a clock', () => {
    expect(formatWatched(0)).toBe('0:00');
    expect(formatWatched(190)).toBe('3:10');
    expect(formatWatched(3790)).toBe('1:03:10');
  });

  it.each([
    ['en-US', 'Viewing statistics', '2 / 30 students', 'Replay'],
    ['zh-CN', '观看统计', '2 / 30 名学生', '回放'],
    ['zh-TW', '觀看統計', '2 / 30 名學生', '回放'],
  ])(
    'shows the teaching team totals and each viewer’s live and replay time (%s)',
    { timeout: 60_000 },
    async (language, title, viewers, replayColumn) => {
      await i18n.changeLanguage(language);
      mockApi({
        'GET /api/lecture-lives/400': () =>
          jsonResponse(makeLive({ status: 'replay_unpublished', can_manage: true, can_book_live: false })),
        'GET /api/lecture-lives/400/ingest': () => jsonResponse(INGEST),
        'GET /api/lecture-lives/400/viewing-stats': () => jsonResponse(STATS),
      });
      renderBody();
      const panel = await screen.findByRole('region', { name: title }, { timeout: 15_000 });
      expect(await within(panel).findByText(viewers)).toBeTruthy();
      expect(within(panel).getByText('1:03:10')).toBeTruthy();
      // The replay total and Li Si's replay time are the same 10 minutes 20 seconds.
      expect(within(panel).getAllByText('10:20')).toHaveLength(2);
      expect(within(panel).getByRole('columnheader', { name: replayColumn })).toBeTruthy();
      const row = within(panel).getByText('Li Si').closest('tr');
      expect(row).not.toBeNull();
      const cells = within(row as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells.slice(0, 4)).toEqual(['Li Si', 's20240002', '3:10', '10:20']);
    },
  );

  it(
    'is neither drawn nor asked for when the caller is not of the teaching team',
    { timeout: 60_000 },
    async () => {
      await i18n.changeLanguage('en-US');
      const fetchMock = mockApi({
        'GET /api/lecture-lives/400': () => jsonResponse(makeLive({ can_manage: false })),
      });
      renderBody();
      expect(await screen.findByText('Not started', {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Viewing statistics' })).toBeNull();
      expect(sentRequests(fetchMock).some((r) => r.url.includes('viewing-stats'))).toBe(false);
    },
  );
});
