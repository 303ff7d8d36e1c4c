import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeRubric } from '../test/rubric-fixtures.ts';
import { RubricDetailModal, type RubricDetailModalProps } from './rubric-detail-modal.tsx';

function renderModal(props: Partial<RubricDetailModalProps> = {}) {
  const onSaved = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: <RubricDetailModal open onClose={() => undefined} onSaved={onSaved} {...props} />,
      },
    ],
    '/',
  );
  return { onSaved, user: userEvent.setup({ delay: null }) };
}

/** The dialog's width as antd sets it. */
const dialogWidth = () => document.querySelector<HTMLElement>('.ant-modal')?.style.width;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('RubricDetailModal', { timeout: 120_000 }, () => {
  it('loads the rubric by id and shows it as a 600-wide table, with no Edit without allowEdit', async () => {
    mockApi({ 'GET /api/rubrics/41': () => jsonResponse(makeRubric()) });
    renderModal({ rubricId: 41 });
    expect(await screen.findByText('A clear thesis, supported')).toBeTruthy();
    expect(screen.getByText('10 points: Excellent')).toBeTruthy();
    expect(screen.getByTestId('rubric-preview-total').textContent).toBe('15.5');
    expect(dialogWidth()).toBe('600px');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('offers no Edit to someone who did not create the rubric, even where editing is allowed', async () => {
    renderModal({ rubric: makeRubric({ can_edit: false }), allowEdit: true });
    expect(await screen.findByText('A clear thesis, supported')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('lets the creator edit where allowed: 900 wide, saved with PUT', async () => {
    const saved = makeRubric({ name: 'Essay rubric v2' });
    const fetchMock = mockApi({ 'PUT /api/rubrics/41': () => jsonResponse(saved) });
    const { user, onSaved } = renderModal({ rubric: makeRubric(), allowEdit: true });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Edit rubric')).toBeTruthy();
    await waitFor(() => expect(dialogWidth()).toBe('900px'));
    fireEvent.change(screen.getByLabelText('Rubric name'), { target: { value: 'Essay rubric v2' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sentBodies(fetchMock, 'PUT /api/rubrics/41')[0]).toMatchObject({ name: 'Essay rubric v2' });
    expect(await screen.findByText('Essay rubric v2')).toBeTruthy();
  });

  it('locks the scoring of a rubric homeworks use and shows the server’s refusal', async () => {
    mockApi({
      'PUT /api/rubrics/41': () => errorResponse(409, 'conflict', '1 homework(s) use this rubric'),
    });
    const { user } = renderModal({ rubric: makeRubric({ engage_number: 1 }), allowEdit: true });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByText(/you can change its wording, but not its criteria/)).toBeTruthy();
    expect((screen.getByLabelText('Criterion 1, rating 1: score') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add criterion' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save failed: 1 homework(s) use this rubric')).toBeTruthy();
  });
});
