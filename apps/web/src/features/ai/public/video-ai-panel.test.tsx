import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VideoAiTask } from '@lectern/contracts/ai/video-ai.schemas';
import { createRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeUserCredit, STATUS } from '../test/fixtures.ts';
import { VideoAiPanel } from './video-ai-panel.tsx';

const VIDEO = { id: 31, name: 'lecture.mp4' };

function task(overrides: Partial<VideoAiTask> = {}): VideoAiTask {
  return {
    id: 4,
    activity_id: 9,
    reference_id: VIDEO.id,
    status: 'finished',
    caption: true,
    topic: true,
    chapter: true,
    topics: ['Linked lists', 'Pointers'],
    chapters: [
      { start: 0, title: 'Welcome' },
      { start: 95, title: 'Insertion' },
    ],
    captions_url: '/api/video-ai/4/captions.vtt',
    error: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function renderPanel(options: { manage: boolean; tasks: VideoAiTask[]; remaining?: number }) {
  const video = document.createElement('video');
  const ref = createRef<HTMLVideoElement>();
  (ref as { current: HTMLVideoElement | null }).current = video;
  video.play = () => Promise.resolve();
  const fetchMock = mockApi({
    'GET /api/activities/9/video-ai': () =>
      jsonResponse({ can_manage: options.manage, tasks: options.tasks }),
    'GET /api/ai/status': () => jsonResponse(STATUS),
    'GET /api/ai/credits/me': () =>
      jsonResponse(makeUserCredit({ creditRemaining: options.remaining ?? 80, creditAssigned: 100 })),
    'POST /api/activities/9/video-ai': () =>
      jsonResponse(task({ status: 'queued', captions_url: null }), 202),
  });
  renderRoutes([{ path: '/v', element: <VideoAiPanel activityId={9} video={VIDEO} videoRef={ref} /> }], '/v');
  return { fetchMock, video };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('VideoAiPanel', { timeout: 60_000 }, () => {
  it('shows learners the chapters, which seek the video, and the topics, without upload options', async () => {
    const user = userEvent.setup();
    const { video } = renderPanel({ manage: false, tasks: [task()] });
    const chapters = await screen.findByRole('navigation', { name: 'Chapters' });
    await user.click(within(chapters).getByRole('button', { name: /Insertion/ }));
    expect(video.currentTime).toBe(95);
    expect(within(screen.getByRole('group', { name: 'Topics' })).getByText('Pointers')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'AI generate' })).toBeNull();
  });

  it('offers AI generate only with captions, topics and chapters all on, and starts it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPanel({ manage: true, tasks: [] });
    const generate = await screen.findByRole('checkbox', { name: 'AI generate' });
    await user.click(screen.getByRole('switch', { name: 'Topics' }));
    expect(screen.queryByRole('checkbox', { name: 'AI generate' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Topics' }));
    await user.click(await screen.findByRole('checkbox', { name: 'AI generate' }));
    expect(generate).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Start generating/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/activities/9/video-ai')).toEqual([
        { reference_id: VIDEO.id, caption: true, topic: true, chapter: true },
      ]),
    );
  });

  it('disables AI generate without credits left', async () => {
    renderPanel({ manage: true, tasks: [], remaining: 0 });
    await screen.findByRole('checkbox', { name: 'AI generate' });
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'AI generate' }) as HTMLInputElement).disabled).toBe(true),
    );
  });
});
