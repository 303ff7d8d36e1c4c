import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeRubric } from '../test/rubric-fixtures.ts';
import { RubricCreateModal } from './rubric-create-modal.tsx';

function renderModal(
  props: { renderGenerate?: Parameters<typeof RubricCreateModal>[0]['renderGenerate'] } = {},
) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <RubricCreateModal
            open
            onClose={onClose}
            onCreated={onCreated}
            renderGenerate={props.renderGenerate}
          />
        ),
      },
    ],
    '/',
  );
  return { onCreated, onClose, user: userEvent.setup({ delay: null }) };
}

/** Sets a field's whole value at once, as pasting would. */
function fill(element: HTMLElement, text: string) {
  fireEvent.change(element, { target: { value: text } });
}

const total = () => screen.getByTestId('rubric-editor-total').textContent;
const save = () => screen.getByRole('button', { name: 'Save' });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('RubricCreateModal', { timeout: 120_000 }, () => {
  it('starts a criterion with the default ratings and keeps the total live', async () => {
    const { user } = renderModal();
    expect(await screen.findByText('New rubric')).toBeTruthy();
    expect((screen.getByLabelText('Criterion 1, rating 1: description') as HTMLTextAreaElement).value).toBe(
      'Excellent',
    );
    expect((screen.getByLabelText('Criterion 1, rating 4: score') as HTMLInputElement).value).toBe('4');
    expect(total()).toBe('Total: 10 points');

    fill(screen.getByLabelText('Criterion 1, rating 2: score'), '12.5');
    await waitFor(() => expect(total()).toBe('Total: 12.5 points'));
    await user.click(screen.getByRole('button', { name: 'Add criterion' }));
    expect(total()).toBe('Total: 22.5 points');
    await user.click(screen.getByRole('button', { name: 'Remove rating 2 of criterion 1' }));
    expect(total()).toBe('Total: 20 points');
  });

  it('shows the rules’ messages under empty names, descriptions and scores, and sends nothing', async () => {
    const fetchMock = mockApi({});
    const { user } = renderModal();
    await screen.findByText('New rubric');
    fill(screen.getByLabelText('Criterion 1, rating 3: description'), '');
    fill(screen.getByLabelText('Criterion 1, rating 3: score'), '');
    await user.click(save());

    expect(await screen.findByText('Enter a rubric name.')).toBeTruthy();
    expect(screen.getByText('Enter a criterion name.')).toBeTruthy();
    expect(screen.getByText('Enter a criterion description.')).toBeTruthy();
    expect(screen.getByText('Enter a rating description.')).toBeTruthy();
    expect(screen.getByText('Enter a score.')).toBeTruthy();
    expect(await screen.findByText('Complete the highlighted fields first.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/rubrics')).toEqual([]);
  });

  it('needs at least one criterion, and a rating in each', async () => {
    const { user } = renderModal();
    await screen.findByText('New rubric');
    for (const level of [4, 3, 2, 1]) {
      await user.click(screen.getByRole('button', { name: `Remove rating ${level} of criterion 1` }));
    }
    await user.click(save());
    expect(await screen.findByText('Each criterion needs at least one rating.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove criterion 1' }));
    expect(await screen.findByText('Add at least one criterion.')).toBeTruthy();
    expect(total()).toBe('Total: 0 points');
  });

  it('creates the rubric as typed and hands it back', async () => {
    const created = makeRubric({ id: 90 });
    const fetchMock = mockApi({ 'POST /api/rubrics': () => jsonResponse(created, 201) });
    const { user, onCreated, onClose } = renderModal();
    await screen.findByText('New rubric');
    fill(screen.getByLabelText('Rubric name'), 'Lab report');
    fill(screen.getByLabelText('Criterion 1: name'), 'Method');
    fill(screen.getByLabelText('Criterion 1: description'), 'Sound method');
    await user.click(save());

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(onClose).toHaveBeenCalled();
    expect(sentBodies(fetchMock, 'POST /api/rubrics')).toEqual([
      {
        name: 'Lab report',
        conditions: [
          {
            name: 'Method',
            description: 'Sound method',
            levels: [
              { score: 10, description: 'Excellent' },
              { score: 8, description: 'Good' },
              { score: 6, description: 'Pass' },
              { score: 4, description: 'Needs improvement' },
            ],
          },
        ],
      },
    ]);
  });

  it('on a refused save says “Save failed” with the server’s messages joined, and marks the fields', async () => {
    mockApi({
      'POST /api/rubrics': () =>
        errorResponse(400, 'validation_failed', 'Enter a rubric name.', {
          name: ['Name taken'],
          'conditions.0.levels.1.score': ['Too many points'],
        }),
    });
    const { user, onCreated } = renderModal();
    await screen.findByText('New rubric');
    fill(screen.getByLabelText('Rubric name'), 'Lab report');
    fill(screen.getByLabelText('Criterion 1: name'), 'Method');
    fill(screen.getByLabelText('Criterion 1: description'), 'Sound method');
    await user.click(save());

    expect(await screen.findByText('Save failed: Name taken; Too many points')).toBeTruthy();
    expect(screen.getByText('Name taken')).toBeTruthy();
    expect(screen.getByText('Too many points')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('offers a seam for generation that replaces the draft', async () => {
    const { user } = renderModal({
      renderGenerate: (apply) => (
        <button
          type="button"
          onClick={() =>
            apply({
              name: 'Generated',
              conditions: [{ name: 'Depth', description: 'd', levels: [{ score: 7, description: 'ok' }] }],
            })
          }
        >
          Generate
        </button>
      ),
    });
    await screen.findByText('New rubric');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect((screen.getByLabelText('Rubric name') as HTMLInputElement).value).toBe('Generated');
    expect(total()).toBe('Total: 7 points');
  });
});
