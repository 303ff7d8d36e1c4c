import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { AlertPopupNotice, alertSeenKey } from './alert-popup-notice.tsx';

function renderNotice(popup: { enabled: boolean; updated_at: string | null }) {
  mockApi({
    'GET /api/user': () => jsonResponse(makeViewer()),
    'GET /api/orgs/1/alert-popup': () =>
      jsonResponse({ title: 'Maintenance', content: '<p>Down on <b>Sunday</b></p>', ...popup }),
  });
  return renderRoutes([{ path: '/', element: <AlertPopupNotice /> }], '/');
}

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en-US');
});

describe('AlertPopupNotice', () => {
  it('shows the notice once, and not again after it was dismissed', async () => {
    const user = userEvent.setup();
    const first = renderNotice({ enabled: true, updated_at: '2026-11-01T00:00:00.000Z' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Maintenance');
    expect(dialog.textContent).toContain('Down on Sunday');
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() =>
      expect(window.localStorage.getItem(alertSeenKey(1, 7))).toBe('2026-11-01T00:00:00.000Z'),
    );
    first.unmount();

    renderNotice({ enabled: true, updated_at: '2026-11-01T00:00:00.000Z' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a newly saved version again', async () => {
    window.localStorage.setItem(alertSeenKey(1, 7), '2026-11-01T00:00:00.000Z');
    renderNotice({ enabled: true, updated_at: '2026-11-02T00:00:00.000Z' });
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows nothing while the notice is switched off', async () => {
    renderNotice({ enabled: false, updated_at: '2026-11-02T00:00:00.000Z' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
