import type {
  DuplicatePair,
  DuplicatePairDetail,
  DuplicatePairsResponse,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests, type ApiRoutes } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { DuplicateCheckView } from './duplicate-check-view.tsx';

const HOMEWORK = 300;
const PAIRS = `GET /api/homework/${HOMEWORK}/duplicate-detect/pairs`;
const THIRD = `GET /api/homework/${HOMEWORK}/duplicate-detect/third-party`;

const side = (id: number, name: string, userNo: string | null, rate: number | null) => ({
  target_id: id,
  name,
  user_no: userNo,
  submission_id: 900 + id,
  rate,
  fingerprints: 120,
});

const pair: DuplicatePair = {
  id: 41,
  a: side(7, 'Wang Fang', '2024001', 87.5),
  b: side(8, 'Zhao Lei', '2024002', 64.123),
  rate: 87.5,
  shared: 105,
  checked_at: '2026-03-01T08:00:00.000Z',
};

const low: DuplicatePair = {
  ...pair,
  id: 42,
  a: side(9, 'Chen Jing', '2024003', 12),
  b: side(10, 'Group Three', null, null),
  rate: 12,
};

function pairsResponse(items: DuplicatePair[], threshold: number): DuplicatePairsResponse {
  return {
    page: 1,
    page_size: 20,
    pages: 1,
    total: items.length,
    threshold,
    items,
    summary: { checked: 3, pending: 1, not_checkable: 2, failed: 0 },
  };
}

const A_TEXT = 'My introduction. Photosynthesis converts light energy into chemical energy. The end.';
const B_TEXT = 'Photosynthesis converts light energy into chemical energy. Something else.';
const detail: DuplicatePairDetail = {
  ...pair,
  a_text: A_TEXT,
  b_text: B_TEXT,
  a_spans: [{ start: 17, end: 75 }],
  b_spans: [{ start: 0, end: 58 }],
  passages: [{ a: { start: 17, end: 75 }, b: { start: 0, end: 58 } }],
};

function server(extra: ApiRoutes = {}) {
  return mockApi({
    [PAIRS]: (_body, url) => {
      const threshold = Number(url.searchParams.get('threshold'));
      return jsonResponse(
        pairsResponse(
          [pair, low].filter((p) => (p.rate ?? 0) >= threshold),
          threshold,
        ),
      );
    },
    [`GET /api/homework/${HOMEWORK}/duplicate-detect/pairs/41`]: () => jsonResponse(detail),
    [THIRD]: () => jsonResponse({ configured: false, provider: null, items: [] }),
    ...extra,
  });
}

function renderView(threshold?: number) {
  return renderRoutes(
    [{ path: '*', element: <DuplicateCheckView homeworkId={HOMEWORK} threshold={threshold} /> }],
    '/',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('DuplicateCheckView', () => {
  it(
    'lists pairs at or above the threshold, default 20, rates to two decimals',
    { timeout: 60_000 },
    async () => {
      const fetchMock = server();
      renderView();
      expect(await screen.findByText('Wang Fang')).toBeTruthy();
      expect(screen.getByText('87.50%')).toBeTruthy();
      expect(screen.queryByText('Chen Jing')).toBeNull();
      expect(screen.getByText('Checked 3 · Pending 1 · Not checkable 2 · Failed 0')).toBeTruthy();
      const threshold = screen.getByLabelText('Show pairs from (%)') as HTMLInputElement;
      expect(threshold.value).toBe('20.00');
      expect(new URL(sentRequests(fetchMock)[0]!.url, 'http://x').searchParams.get('threshold')).toBe('20');

      fireEvent.change(threshold, { target: { value: '10' } });
      expect(await screen.findByText('Chen Jing')).toBeTruthy();
      // A rate the server could not compute shows as '--'.
      expect(screen.getByText('Group Three')).toBeTruthy();
      expect(screen.getByText('12.00%')).toBeTruthy();
    },
  );

  it('shows the shared passages of a pair side by side, highlighted', { timeout: 60_000 }, async () => {
    server();
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Compare Wang Fang with Zhao Lei' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Wang Fang and Zhao Lei: 87.50%')).toBeTruthy();
    const left = within(dialog).getByLabelText('Passage 1 of Wang Fang');
    const right = within(dialog).getByLabelText('Passage 1 of Zhao Lei');
    expect(left.querySelector('mark')?.textContent).toBe(A_TEXT.slice(17, 75));
    expect(right.querySelector('mark')?.textContent).toBe(B_TEXT.slice(0, 58));
    expect(within(dialog).getByText('Zhao Lei (2024002) · rate 64.12')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close the comparison' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when no external checker is configured', { timeout: 60_000 }, async () => {
    server();
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(screen.getByRole('tab', { name: 'Third-party check' }));
    expect(await screen.findByText('No third-party checker is configured for this platform.')).toBeTruthy();
  });

  it("shows the external checker's status, similarity and report link", { timeout: 60_000 }, async () => {
    server({
      [THIRD]: () =>
        jsonResponse({
          configured: true,
          provider: 'Checker',
          items: [
            {
              submission_id: 907,
              submitter: { target_id: 7, name: 'Wang Fang', user_no: '2024001' },
              upload_id: 5,
              file_name: 'essay.docx',
              status: 'done',
              similarity: 42.5,
              report_url: 'https://checker.example/report/1',
              updated_at: '2026-03-01T08:00:00.000Z',
            },
            {
              submission_id: 908,
              submitter: { target_id: 8, name: 'Zhao Lei', user_no: '2024002' },
              upload_id: 6,
              file_name: 'essay.pdf',
              status: 'submitted',
              similarity: null,
              report_url: null,
              updated_at: '2026-03-01T08:00:00.000Z',
            },
          ],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderView();
    await user.click(screen.getByRole('tab', { name: 'Third-party check' }));
    expect(await screen.findByText('Results from Checker')).toBeTruthy();
    expect(screen.getByText('42.50%')).toBeTruthy();
    expect(screen.getByText('Checking')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open report' });
    expect(link.getAttribute('href')).toBe('https://checker.example/report/1');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
