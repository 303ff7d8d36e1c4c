import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeAnnouncement } from '../test/fixtures.ts';
import { OrgAnnouncementsPage } from './org-announcements-page.tsx';

function renderPage(orgRole: 'admin' | 'member') {
  mockApi({
    'GET /api/user': () => jsonResponse(makeViewer({ org_role: orgRole })),
    'GET /api/org-announcements': () =>
      jsonResponse({
        announcements: [
          makeAnnouncement({
            course_id: null,
            title: 'Maintenance on Saturday',
            can_manage: orgRole === 'admin',
          }),
        ],
      }),
  });
  renderRoutes([{ path: '/announcements', element: <OrgAnnouncementsPage /> }], '/announcements');
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('OrgAnnouncementsPage', { timeout: 60_000 }, () => {
  it('lets every member read the organisation’s announcements, without posting', async () => {
    renderPage('member');
    expect(await screen.findByText('Maintenance on Saturday')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Organisation announcements' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New announcement/ })).toBeNull();
  });

  it('offers administrators to post one', async () => {
    renderPage('admin');
    expect(await screen.findByRole('button', { name: /New announcement/ })).toBeTruthy();
  });
});
