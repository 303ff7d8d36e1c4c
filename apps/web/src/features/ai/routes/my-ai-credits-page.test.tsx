import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { makeViewer } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeCreditRequest, makeUserCredit, page, STATUS } from '../test/fixtures.ts';
import { MyAiCreditsPage } from './my-ai-credits-page.tsx';

function renderPage(available = true) {
  const fetchMock = mockApi({
    'GET /api/user': () => jsonResponse(makeViewer()),
    'GET /api/ai/status': () => jsonResponse({ ...STATUS, available }),
    'GET /api/ai/credits/me': () => jsonResponse(makeUserCredit()),
    'GET /api/ai/credit-requests/mine': () =>
      jsonResponse(page([makeCreditRequest({ status: 'refused', remark: 'Not this term' })])),
    'POST /api/ai/credit-requests': (body) => jsonResponse(makeCreditRequest(body as object)),
    'POST /api/my-courses': () =>
      jsonResponse({ page: 1, page_size: 100, total: 1, pages: 1, courses: [{ id: 41, name: 'Optics' }] }),
  });
  renderRoutes([{ path: '/user/ai-credits', element: <MyAiCreditsPage /> }], '/user/ai-credits');
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('MyAiCreditsPage', { timeout: 60_000 }, () => {
  it('says so, and offers nothing, when no model is configured', async () => {
    const fetchMock = renderPage(false);
    expect(await screen.findByText(/AI features are not configured on this server/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request more credits' })).toBeNull();
    expect(sentBodies(fetchMock, 'GET /api/ai/credits/me')).toHaveLength(0);
  });

  it('shows the balance and past decisions, and sends a request for more', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    expect(await screen.findByText('80')).toBeTruthy();
    expect(await screen.findByText('Not this term')).toBeTruthy();
    expect(screen.getByText('Refused')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Request more credits' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Credits' }), '200');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Final exams');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/ai/credit-requests')).toEqual([
        { applied_credits: 200, reason: 'Final exams', target_type: 'user' },
      ]),
    );
  });

  it('asks for a course only among the courses the instructor teaches, and names it in the request', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request more credits' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: 'Course' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'A course' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Credits' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose the course the credits are for.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/ai/credit-requests')).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByTitle('Optics'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/ai/credit-requests')).toEqual([
        { applied_credits: 30, reason: '', target_type: 'course', course_id: 41 },
      ]),
    );
    // The shared "courses I teach" list: the ones the instructor created and those they hold a teaching role in.
    expect(sentBodies(fetchMock, 'POST /api/my-courses')[0]).toMatchObject({
      conditions: { role: ['chief_instructor', 'instructor', 'instructor_assistant'] },
    });
  });
});
