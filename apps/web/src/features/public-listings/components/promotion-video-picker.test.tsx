import type { CourseVideo } from '@lectern/contracts/public-listings/course-video.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  sentBodies,
  type ApiRoutes,
} from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { PromotionVideoPicker } from './promotion-video-picker.tsx';
import { uploadXhrStandIn } from '../../../test/upload-xhr.ts';

const VIDEO: CourseVideo = {
  type: 'promotion_video',
  upload_id: 77,
  name: 'trailer.mp4',
  url: '/api/courses/42/video/blob?type=promotion_video',
  mime_type: 'video/mp4',
  size: 2048,
  duration: null,
  cover_url: null,
};

const UploadsXhr = uploadXhrStandIn({
  id: 77,
  name: 'trailer.mp4',
  size: 2048,
  type: 'video',
  mime_type: 'video/mp4',
});

function renderPicker(routes: ApiRoutes) {
  const fetchMock = mockApi(routes);
  renderRoutes([{ path: '*', element: <PromotionVideoPicker courseId={42} /> }], '/');
  return fetchMock;
}

async function chooseFile() {
  const user = userEvent.setup({ delay: null });
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  expect(input.getAttribute('accept')).toBe('.mp4,.webm,video/mp4,video/webm');
  await user.upload(input, new File(['video bytes'], 'trailer.mp4', { type: 'video/mp4' }));
}

beforeEach(async () => {
  vi.stubGlobal('XMLHttpRequest', UploadsXhr);
  await i18n.changeLanguage('en-US');
});

describe('PromotionVideoPicker', () => {
  it('saves an uploaded video as the promotion video and shows it in a player', async () => {
    let saved: CourseVideo | null = null;
    const fetchMock = renderPicker({
      'GET /api/courses/42/video': () => jsonResponse({ video: saved }),
      'PUT /api/courses/42/video': () => {
        saved = VIDEO;
        return jsonResponse({ video: VIDEO });
      },
    });
    expect(await screen.findByText('No promotion video yet.', undefined, { timeout: 15_000 })).toBeTruthy();
    await chooseFile();
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/courses/42/video')).toEqual([
        { type: 'promotion_video', upload_id: 77, duration: null },
      ]),
    );
    const player = await screen.findByLabelText('Promotion video');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe(VIDEO.url);
    expect(await screen.findByText('Promotion video saved')).toBeTruthy();
    expect(screen.getByText('Replace the video')).toBeTruthy();
  });

  it('shows the server’s reason when it refuses the file, and keeps no video', async () => {
    renderPicker({
      'GET /api/courses/42/video': () => jsonResponse({ video: null }),
      'PUT /api/courses/42/video': () =>
        errorResponse(400, 'validation_failed', 'Check the form.', {
          upload_id: ['A promotion video must be an MP4 or WebM file.'],
        }),
    });
    await screen.findByText('No promotion video yet.', undefined, { timeout: 15_000 });
    await chooseFile();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('A promotion video must be an MP4 or WebM file.');
    expect(document.querySelector('video')).toBeNull();
  });

  it('removes the current video', async () => {
    let saved: CourseVideo | null = VIDEO;
    const fetchMock = renderPicker({
      'GET /api/courses/42/video': () => jsonResponse({ video: saved }),
      'PUT /api/courses/42/video': () => {
        saved = null;
        return jsonResponse({ video: null });
      },
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('trailer.mp4 · 2.0 KB', undefined, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/courses/42/video')).toEqual([
        { type: 'promotion_video', upload_id: null, duration: null },
      ]),
    );
    expect(await screen.findByText('No promotion video yet.')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
  });
});
