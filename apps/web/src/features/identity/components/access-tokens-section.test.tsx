import type { AccessToken } from '@lectern/contracts/identity/access-tokens.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { AccessTokensSection } from './access-tokens-section.tsx';

const SECRET = 'lct_kq3Wd9vO0cXvJ2m7rT5yHn8bLz4aPe6sUfGiRjKtMwQ';

function token(overrides: Partial<AccessToken> = {}): AccessToken {
  return {
    id: 1,
    name: 'grades script',
    scope: 'read',
    hint: 'a1b2',
    created_at: '2026-11-01T08:00:00Z',
    expires_at: null,
    last_used_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

/** The section (as on /user/settings) against a small fake of the token API that keeps its own list. */
function renderPage(initial: AccessToken[] = []) {
  let tokens = [...initial];
  const fetchMock = mockApi({
    'GET /api/user/access-tokens': () => jsonResponse({ access_tokens: tokens }),
    'POST /api/user/access-tokens': (body) => {
      const { name, scope } = body as { name: string; scope: 'read' | 'write' };
      if (name === 'taken') {
        return errorResponse(400, 'validation_failed', 'Enter a name for the token.', {
          name: ['Enter a name for the token.'],
        });
      }
      const created = token({ id: 2, name, scope, hint: SECRET.slice(-4), last_used_at: null });
      tokens = [...tokens, created];
      return jsonResponse({ ...created, token: SECRET }, 201);
    },
    'DELETE /api/user/access-tokens/1': () => {
      tokens = tokens.filter((t) => t.id !== 1);
      return jsonResponse({ ok: true });
    },
  });
  renderRoutes([{ path: '/user/settings', element: <AccessTokensSection /> }], '/user/settings');
  return fetchMock;
}

describe('Access tokens in the user settings', () => {
  it('lists the tokens with scope, hint, expiry and last use', async () => {
    renderPage([
      token(),
      token({
        id: 3,
        name: 'old phone',
        scope: 'write',
        last_used_at: null,
        expires_at: '2020-01-01T00:00:00Z',
      }),
    ]);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('grades script')).toBeTruthy();
    expect(within(rows[0]!).getByText('…a1b2')).toBeTruthy();
    expect(within(rows[0]!).getByText('Read')).toBeTruthy();
    expect(within(rows[0]!).getByText('Never')).toBeTruthy();
    expect(within(rows[0]!).getByText(/2026-11-20/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Write')).toBeTruthy();
    expect(within(rows[1]!).getByText('Expired')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not used yet')).toBeTruthy();
  }, 60_000);

  it('creates a token, shows its secret once with a copy button, and never again after closing', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetchMock = renderPage();
    expect(await screen.findByText('You have no access tokens.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New access token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New access token' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'sync script' },
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Read and write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const shown = await screen.findByRole('dialog', { name: 'Access token created' });
    expect(within(shown).getByText('Copy the token now. It will not be shown again.')).toBeTruthy();
    expect(within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Access token' }).value).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Copied')).toBeTruthy();

    expect(sentBodies(fetchMock, 'POST /api/user/access-tokens')).toEqual([
      { name: 'sync script', scope: 'write', expires_at: null },
    ]);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('sync script')).toBeTruthy();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  }, 60_000);

  it('asks before revoking, sends nothing when cancelled, and revokes on confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage([token()]);
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the access token "grades script"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    const deletes = () => sentRequests(fetchMock).filter((r) => r.method === 'DELETE');
    expect(deletes()).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Revoke' }));
    const again = await screen.findByRole('dialog', { name: 'Revoke the access token "grades script"?' });
    await user.click(within(again).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Access token "grades script" revoked')).toBeTruthy();
    expect(deletes()).toHaveLength(1);
    expect(await screen.findByText('You have no access tokens.')).toBeTruthy();
  }, 60_000);

  it('requires a name before sending and shows the server message under the field', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New access token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New access token' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name for the token.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/user/access-tokens')).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'taken' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/user/access-tokens')).toHaveLength(1));
    expect((await within(dialog).findAllByText('Enter a name for the token.')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: 'Access token created' })).toBeNull();
  }, 60_000);
});
