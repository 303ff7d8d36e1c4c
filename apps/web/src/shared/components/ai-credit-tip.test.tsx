import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { AiCreditTip } from './ai-credit-tip.tsx';

const credit = (remaining: number, low: boolean) => ({
  userId: 1,
  userNo: 't1',
  userName: 'T',
  department: null,
  role: 'instructor',
  creditAssigned: 100,
  creditUsed: 100 - remaining,
  creditRemaining: remaining,
  creditUsedPercent: 100 - remaining,
  isLowAirCredit: low,
});

function renderTip(available: boolean, remaining: number, low: boolean) {
  const fetchMock = mockApi({
    'GET /api/ai/status': () => jsonResponse({ available, credit_mode: 'allocation', max_text_length: 1000 }),
    'GET /api/ai/credits/me': () => jsonResponse(credit(remaining, low)),
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <div>
            <h1>Marking</h1>
            <AiCreditTip />
          </div>
        ),
      },
    ],
    '/',
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('AiCreditTip', { timeout: 30_000 }, () => {
  it('shows the credits left', async () => {
    renderTip(true, 80, false);
    expect(await screen.findByText('AI credits left: 80')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Request more' })).toBeNull();
  });

  it('warns when credits run low and links to the request page', async () => {
    renderTip(true, 5, true);
    expect(await screen.findByText('AI credits are running low: 5 left')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request more' }).getAttribute('href')).toBe('/user/ai-credits');
  });

  it('says when nothing is left', async () => {
    renderTip(true, 0, true);
    expect(await screen.findByText('No AI credits left')).toBeTruthy();
  });

  it('draws nothing and asks for no balance when no model is configured', async () => {
    const fetchMock = renderTip(false, 80, false);
    expect(await screen.findByRole('heading', { name: 'Marking' })).toBeTruthy();
    await waitFor(() => expect(sentBodies(fetchMock, 'GET /api/ai/status')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).toBeNull();
    expect(sentBodies(fetchMock, 'GET /api/ai/credits/me')).toHaveLength(0);
  });
});
