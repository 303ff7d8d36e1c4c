import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDisplayTimeZone, setDisplayTimeZone } from '../../../shared/components/date-time.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { UserSettingsPage } from './user-settings-page.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => setDisplayTimeZone(null));

function renderPage(
  settingsHandler = () => jsonResponse({ time_zone: null, mobile_phone: '+8613800138000' }),
) {
  let viewer = makeViewer({ time_zone: 'Asia/Shanghai' });
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(viewer),
    'GET /api/user/access-tokens': () => jsonResponse({ access_tokens: [] }),
    'PUT /api/user/settings': (body) => {
      const response = settingsHandler();
      if (response.ok) viewer = { ...viewer, ...(body as object) };
      return response;
    },
  });
  renderRoutes([{ path: '/user/settings', element: <UserSettingsPage /> }], '/user/settings');
  return fetchMock;
}

describe('UserSettingsPage', () => {
  it("starts from the saved zone, saves the browser's zone as null with the phone, and applies it", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    expect(await screen.findByText('Asia/Shanghai')).toBeTruthy();
    expect(getDisplayTimeZone()).toBe('Asia/Shanghai');

    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    const option = await screen.findByTitle("Browser's time zone (UTC)");
    await user.click(option);
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile phone' }), {
      target: { value: '+8613800138000' },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/user/settings')).toEqual([
      { time_zone: null, mobile_phone: '+8613800138000' },
    ]);
    // The refetched user carries the cleared zone, and dates follow the browser again.
    await waitFor(() => expect(getDisplayTimeZone()).toBeNull());
    // The zone list is long: opening it is slow in jsdom on a busy machine.
  }, 60_000);

  it('refuses letters in the phone number before sending anything', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Mobile phone' }), {
      target: { value: 'call me' },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A phone number has 6–20 digits, optionally starting with +.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT /api/user/settings')).toEqual([]);
  });

  it("shows the server's field message under the time zone", async () => {
    const user = userEvent.setup();
    renderPage(() =>
      errorResponse(400, 'validation_failed', 'This time zone is not known.', {
        time_zone: ['This time zone is not known.'],
      }),
    );
    await screen.findByText('Asia/Shanghai');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This time zone is not known.')).length).toBeGreaterThan(0);
  });
});
