import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeH5Activity, makeState, PACKAGES, URL_RESPONSE } from '../test/fixtures.ts';
import { H5CoursewareActivityBody } from './h5-courseware-activity-body.tsx';

function renderBody(activity = makeH5Activity()) {
  return renderRoutes(
    [
      {
        path: '/course/:courseId/activity/:activityId',
        element: <H5CoursewareActivityBody activity={activity} />,
      },
    ],
    '/course/5/activity/400',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the H5 courseware page', () => {
  it(
    'frames the package sandboxed and saves the learner commits from that frame',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi({
        'GET /api/h5-courseware/400/packages': () => jsonResponse(PACKAGES),
        'GET /api/h5-courseware/400/upload/90/url': () => jsonResponse(URL_RESPONSE),
        'GET /api/h5-courseware/400/upload/90/cmi': () => jsonResponse(makeState({ progress: 40 })),
        'POST /api/h5-courseware/400/upload/90/cmi': () =>
          jsonResponse(makeState({ progress: 100, completed: true, score_percent: 90 })),
      });
      renderBody();
      const frame = (await screen.findByTitle('Binary search', {}, { timeout: 15_000 })) as HTMLIFrameElement;
      expect(frame.getAttribute('sandbox')).toBe(
        'allow-forms allow-popups allow-scripts allow-same-origin allow-modals',
      );
      expect(frame.getAttribute('src')).toBe(URL_RESPONSE.url);
      expect(await screen.findByText('Progress 40%')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Upload package/ })).toBeNull();

      const data = {
        source: 'lectern-scorm',
        type: 'commit',
        version: '1.2',
        cmi: { 'cmi.core.lesson_status': 'passed' },
        terminated: true,
      };
      // Another window's message is ignored; the framed window's is saved.
      window.dispatchEvent(new MessageEvent('message', { data, source: window }));
      window.dispatchEvent(new MessageEvent('message', { data, source: frame.contentWindow }));
      await waitFor(() =>
        expect(sentBodies(fetchMock, 'POST /api/h5-courseware/400/upload/90/cmi')).toHaveLength(1),
      );
      const [body] = sentBodies(fetchMock, 'POST /api/h5-courseware/400/upload/90/cmi') as {
        base64State: string;
      }[];
      expect(JSON.parse(atob(body!.base64State))).toEqual({ version: '1.2', cmi: data.cmi });
      expect(await screen.findByText('Completed')).toBeTruthy();
      expect(screen.getByText('Score 90')).toBeTruthy();
    },
  );

  it(
    'lets an instructor cancel publishing after confirming, and offers the upload form',
    { timeout: 60_000 },
    async () => {
      const fetchMock = mockApi({
        'GET /api/h5-courseware/400/packages': () => jsonResponse({ packages: [] }),
        'PUT /api/activities/400': () => jsonResponse(makeH5Activity({ published: false, can_edit: true })),
      });
      const user = userEvent.setup({ delay: null });
      renderBody(makeH5Activity({ can_edit: true }));
      expect(
        await screen.findByText('No courseware package has been uploaded yet.', {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: /Upload package/ })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Cancel publishing' }));
      expect(
        await screen.findAllByText('Cancel publishing? Students will no longer see this courseware.'),
      ).not.toHaveLength(0);
      expect(sentBodies(fetchMock, 'PUT /api/activities/400')).toHaveLength(0);
      const dialogButtons = screen.getAllByRole('button', { name: 'Cancel publishing' });
      await user.click(dialogButtons[dialogButtons.length - 1]!);
      await waitFor(() =>
        expect(sentBodies(fetchMock, 'PUT /api/activities/400')).toEqual([{ published: false }]),
      );
    },
  );
});
