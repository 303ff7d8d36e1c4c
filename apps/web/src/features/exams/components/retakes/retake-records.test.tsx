import type { RetakeRecord } from '@lectern/contracts/exams/marking.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../../test/render-app.tsx';
import { RetakeRecords } from './retake-records.tsx';

function record(id: number): RetakeRecord {
  return {
    id,
    exam_id: 300,
    examinee: { id: 1000 + id, user_no: `s${id}`, name: `Student ${id}`, mark_status: 'marked' },
    exam_type: id % 2 === 0 ? 'makeup' : 'exam',
    submit_time: '2026-03-02T09:00:00.000Z',
    submission_id: 700 + id,
    retake_operator: { id: 7, name: 'Li Wei' },
    retake_operate_time: '2026-03-03T10:00:00.000Z',
  };
}

/** The server's paging: `total` records, 10 a page. */
function pagedRoute(total: number) {
  return (_body: unknown, url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('page_size'));
    const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size);
    return jsonResponse({
      items: ids.map(record),
      page,
      page_size: size,
      pages: Math.max(1, Math.ceil(total / size)),
      total,
    });
  };
}

function renderTable() {
  return renderRoutes([{ path: '*', element: <RetakeRecords examId={300} /> }], '/exam/300/subjects');
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('RetakeRecords', () => {
  it('shows no pager for ten records or fewer', async () => {
    const fetchMock = mockApi({ 'GET /api/exams/300/retake-record': pagedRoute(10) });
    renderTable();

    expect(await screen.findByText('Student 10', {}, { timeout: 15_000 })).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(sentRequests(fetchMock)[0]?.url).toBe(
      '/api/exams/300/retake-record?page=1&page_size=10&include_make_up=1',
    );
  });

  it('pages by ten when there are more than ten records', async () => {
    const fetchMock = mockApi({ 'GET /api/exams/300/retake-record': pagedRoute(11) });
    const user = userEvent.setup({ delay: null });
    renderTable();

    expect(await screen.findByText('Student 10', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Student 11')).toBeNull();
    const pager = document.querySelector<HTMLElement>('.ant-pagination');
    expect(pager).toBeTruthy();
    await user.click(within(pager!).getByTitle('2'));
    expect(await screen.findByText('Student 11')).toBeTruthy();
    expect(sentRequests(fetchMock).at(-1)?.url).toBe(
      '/api/exams/300/retake-record?page=2&page_size=10&include_make_up=1',
    );
  });

  it('opens a record’s submission in a new tab, from its link or its row', async () => {
    mockApi({ 'GET /api/exams/300/retake-record': pagedRoute(2) });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup({ delay: null });
    renderTable();

    const link = await screen.findByRole('link', { name: 'Student 1' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/exam/300/subjects#/retake-record-submission/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    await user.click(screen.getByRole('cell', { name: 's2' }));
    expect(open).toHaveBeenCalledWith(
      '/exam/300/subjects#/retake-record-submission/2',
      '_blank',
      'noopener,noreferrer',
    );
    // Following the link opens its own tab; the row does not open a second one.
    open.mockClear();
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(open).not.toHaveBeenCalled();
  });

  it('leaves make-up records out when asked', async () => {
    const fetchMock = mockApi({ 'GET /api/exams/300/retake-record': pagedRoute(3) });
    const user = userEvent.setup({ delay: null });
    renderTable();

    await screen.findByText('Student 1', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('switch', { name: 'Include make-up papers' }));
    await waitFor(() =>
      expect(sentRequests(fetchMock).at(-1)?.url).toBe(
        '/api/exams/300/retake-record?page=1&page_size=10&include_make_up=0',
      ),
    );
  });
});
