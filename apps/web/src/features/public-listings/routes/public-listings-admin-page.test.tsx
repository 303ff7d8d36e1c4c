import type { CurriculumAdmin } from '@lectern/contracts/public-listings/public-listings.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { PublicListingsAdminPage } from './public-listings-admin-page.tsx';

const CURRICULUM: CurriculumAdmin = {
  id: 5,
  name: 'Engineering foundations',
  cover: 'https://img.test/c.png',
  classification_id: 9,
  public_scope: 'public',
  paid: true,
  sign_up_charge_amount: '19.90',
  certification_title: 'Foundations certificate',
  start_date: '2027-09-01',
  is_started: false,
  air: true,
  course_count: 2,
  course_ids: [7, 8],
  credit_state: 'air',
};

function renderPage(curriculum: CurriculumAdmin = CURRICULUM) {
  const fetchMock = mockApi({
    'GET /api/course-classifications': () =>
      jsonResponse({ classifications: [{ id: 3, name: 'Mathematics', sort: 1 }] }),
    'POST /api/course-classifications': (body) => jsonResponse({ id: 4, sort: 0, ...(body as object) }, 201),
    'GET /api/curriculum-classifications': () =>
      jsonResponse({ classifications: [{ id: 9, name: 'Foundations', sort: 1 }] }),
    'GET /api/curriculums/all': () => jsonResponse({ curriculums: [curriculum] }),
    'GET /api/courses/public': () =>
      jsonResponse({ page: 1, page_size: 100, pages: 1, total: 0, courses: [] }),
    'PUT /api/curriculum/5': () => jsonResponse(curriculum),
  });
  renderRoutes(
    [{ path: '/admin/public-listings', element: <PublicListingsAdminPage /> }],
    '/admin/public-listings',
  );
  return fetchMock;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the public listings administration page', () => {
  it('adds a course classification', { timeout: 30_000 }, async () => {
    const fetchMock = renderPage();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Mathematics', {}, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add classification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add classification' });
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Physics');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/course-classifications')).toEqual([
        { name: 'Physics', sort: 0 },
      ]),
    );
  });

  it('renames a curriculum, sending back what the dialog does not edit', { timeout: 30_000 }, async () => {
    const fetchMock = renderPage();
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByText('Engineering foundations', {}, { timeout: 15_000 })).closest('tr');
    expect(within(row as HTMLElement).getByText('Foundations')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('Everyone')).toBeTruthy();
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit curriculum' });
    // Courses not among the listed ones still show, by id.
    expect(within(dialog).getByText('Course #7')).toBeTruthy();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Engineering basics');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/curriculum/5')).toEqual([
        {
          name: 'Engineering basics',
          classification_id: 9,
          public_scope: 'public',
          course_ids: [7, 8],
          cover: 'https://img.test/c.png',
          sign_up_charge_amount: 19.9,
          certification_title: 'Foundations certificate',
          credit_state: 'air',
          start_date: '2027-09-01',
        },
      ]),
    );
  });

  it('sends back a stored credit state other than air unchanged', { timeout: 30_000 }, async () => {
    // Such a curriculum's card says air: false; the dialog once sent null for it, erasing the state.
    const fetchMock = renderPage({ ...CURRICULUM, air: false, credit_state: 'credit_bank' });
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByText('Engineering foundations', {}, { timeout: 15_000 })).closest('tr');
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit curriculum' });
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT /api/curriculum/5')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT /api/curriculum/5')[0]).toMatchObject({ credit_state: 'credit_bank' });
  });
});
