import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { OrgSettingsPage } from './org-settings-page.tsx';

const FEATURES = {
  h5_courseware_completeness: false,
  markdown: { enable: true, default_active: false },
  vocabulary: false,
  editor_activity_refer: true,
  ai: false,
};

function renderPage(logoUrl: string | null = null) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(makeViewer({ org_role: 'admin' })),
    'GET /api/orgs/1/settings': () => jsonResponse(FEATURES),
    'PUT /api/orgs/1/settings': (body) => jsonResponse(body),
    'GET /api/orgs/1/live-record-settings': () =>
      jsonResponse({ allow_download_recordings: true, retention_days: 30, protect_cloud_recordings: false }),
    'PUT /api/orgs/1/live-record-settings': (body) => jsonResponse(body),
    'GET /api/portal-logo': () => jsonResponse({ url: logoUrl, upload_id: logoUrl ? 5 : null }),
    'GET /api/orgs/1/alert-popup': () =>
      jsonResponse({
        enabled: true,
        title: 'Hello',
        content: '<p>Saved <b>notice</b></p>',
        updated_at: null,
      }),
    'PUT /api/orgs/1/alert-popup': (body) =>
      jsonResponse({
        ...(body as object),
        content: '<p>clean</p>',
        updated_at: '2026-11-26T00:00:00.000Z',
      }),
  });
  renderRoutes([{ path: '/admin/organisation', element: <OrgSettingsPage /> }], '/admin/organisation');
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('OrgSettingsPage', () => {
  it('saves the feature switches under their wire names', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    await user.click(await screen.findByRole('switch', { name: 'AI assistant' }));
    await user.click(screen.getByRole('switch', { name: 'Completion criteria for H5 courseware' }));
    const features = screen.getByText('Features').closest('.ant-card') as HTMLElement;
    await user.click(within(features).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/orgs/1/settings')).toEqual([
      { ...FEATURES, ai: true, h5_courseware_completeness: true },
    ]);
  });

  it('shows the logo preview, and saves the notice showing what the server stored', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage('/api/portal-logo/blob?v=5');
    expect(((await screen.findByAltText('Portal logo')) as HTMLImageElement).getAttribute('src')).toBe(
      '/api/portal-logo/blob?v=5',
    );
    expect((await screen.findByText('notice')).tagName).toBe('B');
    const content = screen.getByRole('textbox', { name: 'Content (HTML)' });
    await user.clear(content);
    await user.type(content, 'x');
    const notice = screen.getByText('Notice after sign-in').closest('.ant-card') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notice saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/orgs/1/alert-popup')).toEqual([
      { enabled: true, title: 'Hello', content: 'x' },
    ]);
    expect(await screen.findByText('clean')).toBeTruthy();
  });

  it('saves the live-record settings, with the switch that protects cloud recordings from deletion', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const protect = await screen.findByRole('switch', { name: 'Cloud recordings cannot be deleted' });
    expect(protect.getAttribute('aria-checked')).toBe('false');
    await user.click(protect);
    const card = screen.getByText('Live recordings').closest('.ant-card') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Live recording settings saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/orgs/1/live-record-settings')).toEqual([
      { allow_download_recordings: true, retention_days: 30, protect_cloud_recordings: true },
    ]);
  });
});
