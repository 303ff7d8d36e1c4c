import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import {
  makeCourseCredit,
  makeCreditRequest,
  makeUserCredit,
  ORG_CREDIT,
  page,
  STATUS,
} from '../test/fixtures.ts';
import { AiAdminPage } from './ai-admin-page.tsx';

function renderPage(tab: string, available = true) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(makeViewer({ org_role: 'admin' })),
    'GET /api/ai/status': () => jsonResponse({ ...STATUS, available }),
    'GET /api/ai/org-credit': () => jsonResponse(ORG_CREDIT),
    'GET /api/ai/user-credits': (_, url) =>
      jsonResponse(
        page(url.searchParams.get('keyword') === 'nobody' ? [] : [makeUserCredit({ creditUsedPercent: 1 })]),
      ),
    'PUT /api/ai/users/7/credit': () =>
      errorResponse(409, 'conflict', 'This allocation is more than the organisation has left to allocate.', {
        assigned: ['This allocation is more than the organisation has left to allocate.'],
      }),
    'GET /api/ai/course-credits': () => jsonResponse(page([makeCourseCredit()])),
    'PUT /api/ai/courses/11/credit': () =>
      jsonResponse(
        makeCourseCredit({ aiActivation: true, creditAssigned: 300, creditRemaining: 300, status: 'active' }),
      ),
    'GET /api/ai/credit-requests': () => jsonResponse(page([makeCreditRequest()])),
    'PUT /api/ai/credit-requests/5/approve': () =>
      jsonResponse(makeCreditRequest({ status: 'approved', approved_credits: 40 })),
  });
  renderRoutes([{ path: '/admin/ai', element: <AiAdminPage /> }], `/admin/ai?tab=${tab}`);
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('AiAdminPage', { timeout: 60_000 }, () => {
  it('shows the organisation balances and says when no model is configured', async () => {
    renderPage('overview', false);
    expect(await screen.findByText('Left to allocate')).toBeTruthy();
    expect(screen.getByText('900')).toBeTruthy();
    expect(await screen.findByText(/No AI model is configured on this server/)).toBeTruthy();
  });

  it('approves a request with fewer credits than asked', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage('requests');
    const row = (await screen.findByText('Grading season')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Approve the request of Tess Teacher' }));
    const dialog = await screen.findByRole('dialog');
    const credits = within(dialog).getByRole('spinbutton', { name: 'Credits to grant' });
    expect((credits as HTMLInputElement).value).toBe('50');
    await user.clear(credits);
    await user.type(credits, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/ai/credit-requests/5/approve')).toEqual([
        { approved_credits: 40 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server refusal under the field when an allocation passes what is left', async () => {
    const user = userEvent.setup();
    renderPage('users');
    const row = (await screen.findByText('Tess Teacher')).closest('tr')!;
    expect(within(row).getByText('Physics')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Allocate credits to Tess Teacher' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Left to allocate in the organisation: 900')).toBeTruthy();
    const assigned = within(dialog).getByRole('spinbutton', { name: 'Assigned' });
    await user.clear(assigned);
    await user.type(assigned, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This allocation is more than the organisation has left to allocate.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('allocates credit to a course and switches AI on for it', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage('courses');
    const row = (await screen.findByText('Quantum Mechanics')).closest('tr')!;
    expect(within(row).getByText('Off')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Allocate credits to Quantum Mechanics' }));
    const dialog = await screen.findByRole('dialog');
    const assigned = within(dialog).getByRole('spinbutton', { name: 'Assigned' });
    await user.clear(assigned);
    await user.type(assigned, '300');
    await user.click(within(dialog).getByRole('switch', { name: 'AI enabled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/ai/courses/11/credit')).toEqual([
        { assigned: 300, aiActivation: true },
      ]),
    );
  });
});
