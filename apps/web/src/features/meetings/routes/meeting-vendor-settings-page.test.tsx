import type { MeetingVendorSettings } from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { MeetingVendorSettingsPage } from './meeting-vendor-settings-page.tsx';

const SETTINGS: MeetingVendorSettings = {
  tencent: {
    source: 'organisation',
    updated_at: '2026-11-26T08:00:00.000Z',
    enabled: true,
    app_id: '200000001',
    sdk_id: '18000000001',
    api_url: 'https://api.meeting.qq.com',
    secret_id_set: true,
    secret_key_set: true,
  },
  lark: {
    source: 'none',
    updated_at: null,
    enabled: false,
    app_id: '',
    redirect_uri: '',
    api_url: 'https://open.feishu.cn',
    accounts_url: 'https://accounts.feishu.cn',
    app_secret_set: false,
  },
  caldav: {
    source: 'none',
    updated_at: null,
    enabled: false,
    url: '',
    username: '',
    password_set: false,
  },
  bigbluebutton: {
    source: 'environment',
    updated_at: null,
    enabled: true,
    url: 'https://bbb.example.edu/bigbluebutton/',
    checksum: 'sha1',
    types: [],
    secret_set: true,
  },
};

const PATH = '/api/orgs/1/meeting-vendor-settings';

function renderPage(put: (body: unknown) => Response = () => jsonResponse(SETTINGS)) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(makeViewer({ org_role: 'admin' })),
    [`GET ${PATH}`]: () => jsonResponse(SETTINGS),
    [`PUT ${PATH}`]: put,
  });
  renderRoutes(
    [{ path: '/admin/meeting-vendors', element: <MeetingVendorSettingsPage /> }],
    '/admin/meeting-vendors',
  );
  return fetchMock;
}

const card = async (name: string) =>
  (await screen.findByRole('form', { name })).closest('.ant-card') as HTMLElement;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('MeetingVendorSettingsPage', () => {
  it('shows where each vendor comes from and stored secrets only as saved, never their value', async () => {
    renderPage();
    const tencent = await card('Tencent Meeting');
    expect(within(tencent).getByText('Saved for this organisation')).toBeTruthy();
    const secretKey = within(tencent).getByLabelText('Secret key') as HTMLInputElement;
    expect(secretKey.type).toBe('password');
    expect(secretKey.value).toBe('');
    expect(secretKey.placeholder).toBe('Saved (leave empty to keep)');
    expect((within(tencent).getByLabelText('App ID') as HTMLInputElement).value).toBe('200000001');
    const bbb = await card('BigBlueButton');
    expect(within(bbb).getByText('Server configuration')).toBeTruthy();
    const caldav = await card('CalDAV calendar');
    expect(within(caldav).getByText('Not configured')).toBeTruthy();
    expect((within(caldav).getByLabelText('Password') as HTMLInputElement).placeholder).toBe('Not set');
  });

  it('saves one vendor, leaving out secrets left empty so the server keeps them', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const tencent = await card('Tencent Meeting');
    const appId = within(tencent).getByLabelText('App ID');
    await user.clear(appId);
    await user.type(appId, '200000002');
    await user.type(within(tencent).getByLabelText('Secret ID'), 'AKIDnew');
    await user.click(within(tencent).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tencent Meeting settings saved.')).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT ${PATH}`)).toEqual([
      {
        tencent: {
          enabled: true,
          app_id: '200000002',
          sdk_id: '18000000001',
          api_url: 'https://api.meeting.qq.com',
          secret_id: 'AKIDnew',
        },
      },
    ]);
    // The typed secret does not stay on screen after the save.
    expect((within(tencent).getByLabelText('Secret ID') as HTMLInputElement).value).toBe('');
  });

  it('asks for what an enabled vendor needs before sending, and shows the server’s field errors', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(() =>
      errorResponse(400, 'validation_failed', 'Not valid', {
        'caldav.url': ['The calendar server address is not reachable.'],
      }),
    );
    const caldav = await card('CalDAV calendar');
    await user.click(within(caldav).getByRole('switch', { name: 'Enabled' }));
    await user.click(within(caldav).getByRole('button', { name: 'Save' }));
    expect(await within(caldav).findByText('Required while the vendor is enabled.')).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT ${PATH}`)).toEqual([]);

    await user.type(within(caldav).getByLabelText('Calendar collection URL'), 'dav.example.edu');
    await user.click(within(caldav).getByRole('button', { name: 'Save' }));
    expect(
      await within(caldav).findByText('Enter an address starting with http:// or https://.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT ${PATH}`)).toEqual([]);

    const url = within(caldav).getByLabelText('Calendar collection URL');
    await user.clear(url);
    await user.type(url, 'https://dav.example.edu/calendars/lectern/');
    await user.click(within(caldav).getByRole('button', { name: 'Save' }));
    expect(await within(caldav).findByText('The calendar server address is not reachable.')).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT ${PATH}`)).toEqual([
      { caldav: { enabled: true, url: 'https://dav.example.edu/calendars/lectern/', username: '' } },
    ]);
  });
});
