import type { VendorAuthResponse } from '@lectern/contracts/meetings/meetings.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { makeActivity } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { VendorMeetingSetup } from './vendor-meeting-setup.tsx';

const activity = makeActivity({ id: 400, course_id: 5, type: 'lark_meeting', can_edit: true });

function auth(overrides: Partial<VendorAuthResponse>): VendorAuthResponse {
  return { configured: true, authorized: false, authorization_url: null, message: null, ...overrides };
}

function renderSetup(vendor: 'lark' | 'tencent', path = '/course/5/activity/400') {
  return renderRoutes(
    [
      {
        path: '/course/:courseId/activity/:activityId',
        element: <VendorMeetingSetup activity={{ ...activity, type: `${vendor}_meeting` }} vendor={vendor} />,
      },
    ],
    path,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the vendor meeting setup', () => {
  it(
    'sends an unauthorised Lark user to the consent page with this page as state',
    { timeout: 60_000 },
    async () => {
      const consent = 'https://accounts.feishu.cn/open-apis/authen/v1/authorize?client_id=cli_1&state=s';
      const fetchMock = mockApi({
        'GET /api/lark/authorization/check': () =>
          jsonResponse(auth({ authorization_url: consent, message: 'Authorise your Lark account first.' })),
      });
      renderSetup('lark', '/course/5/activity/400?tab=info');
      const link = await screen.findByRole('link', { name: 'Authorise Lark' }, { timeout: 15_000 });
      expect(link.getAttribute('href')).toBe(consent);
      expect(screen.getByText('Authorise your Lark account first.')).toBeTruthy();
      const [check] = sentRequests(fetchMock);
      expect(new URL(check?.url ?? '', 'http://localhost').searchParams.get('state')).toBe(
        '/course/5/activity/400?tab=info',
      );
    },
  );

  it('says Lark is authorised on the way back, and creates the meeting', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      'GET /api/lark/authorization/check': () => jsonResponse(auth({ authorized: true })),
      'POST /api/activities/400/meeting/vendor': () =>
        jsonResponse({
          meeting_id: 'r1',
          meeting_code: '112000001',
          join_url: 'https://vc.feishu.cn/j/112000001',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderSetup('lark', '/course/5/activity/400?lark_auth=ok');
    expect(await screen.findByText('Lark is authorised.', {}, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Lark meeting' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/activities/400/meeting/vendor')).toHaveLength(1),
    );
    expect(await screen.findByText('The meeting was created.')).toBeTruthy();
  });

  it(
    'shows the server’s message, and no action, when the vendor is not connected',
    { timeout: 60_000 },
    async () => {
      mockApi({
        'GET /api/tencent_meeting/check-user-auth': () =>
          jsonResponse(
            auth({
              configured: false,
              message:
                'This server is not connected to Tencent Meeting; link the meeting by its URL instead.',
            }),
          ),
      });
      renderSetup('tencent');
      expect(
        await screen.findByText(/not connected to Tencent Meeting/, {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
    },
  );

  it(
    'binds the Tencent userid, shows Tencent’s refusal, then offers to create',
    { timeout: 60_000 },
    async () => {
      let bound = false;
      const fetchMock = mockApi({
        'GET /api/tencent_meeting/check-user-auth': () => jsonResponse(auth({ authorized: bound })),
        'PUT /api/tencent_meeting/user-binding': (body) => {
          const { userid } = body as { userid: string };
          if (userid === 'ghost') {
            return errorResponse(
              409,
              'conflict',
              'Tencent Meeting has no such user in the organisation: user not exist',
            );
          }
          bound = true;
          return jsonResponse({ userid });
        },
        'POST /api/activities/400/meeting/vendor': () =>
          jsonResponse({ meeting_id: 'm1', meeting_code: '800000001', join_url: null }),
      });
      const user = userEvent.setup({ delay: null });
      renderSetup('tencent');
      const input = await screen.findByLabelText('Tencent Meeting userid', {}, { timeout: 15_000 });
      await user.type(input, 'ghost');
      await user.click(screen.getByRole('button', { name: 'Bind' }));
      expect(await screen.findByText(/no such user in the organisation/)).toBeTruthy();
      await user.clear(input);
      await user.type(input, 'ada.t');
      await user.click(screen.getByRole('button', { name: 'Bind' }));
      await user.click(await screen.findByRole('button', { name: 'Create Tencent meeting' }));
      await waitFor(() =>
        expect(sentBodies(fetchMock, 'POST /api/activities/400/meeting/vendor')).toHaveLength(1),
      );
      expect(sentBodies(fetchMock, 'PUT /api/tencent_meeting/user-binding')).toEqual([
        { userid: 'ghost' },
        { userid: 'ada.t' },
      ]);
    },
  );
});
