import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeRubric } from '../test/rubric-fixtures.ts';
import { RubricScoreDialog, type RubricScoreDialogProps } from './rubric-score-dialog.tsx';

function renderDialog(props: Partial<RubricScoreDialogProps> = {}) {
  const onOk = vi.fn();
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: <RubricScoreDialog open rubric={makeRubric()} onOk={onOk} onClose={onClose} {...props} />,
      },
    ],
    '/',
  );
  return { onOk, onClose, user: userEvent.setup({ delay: null }) };
}

const group = (name: string) => screen.getByRole('radiogroup', { name: `Ratings for ${name}` });
const total = () => screen.getByTestId('rubric-score-total').textContent;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('RubricScoreDialog', { timeout: 120_000 }, () => {
  it('refuses OK until every criterion has a rating, and says which is missing', async () => {
    const { user, onOk } = renderDialog();
    await screen.findByText('Score with rubric: Essay rubric');
    await user.click(within(group('Argument')).getByRole('radio', { name: /10 points/ }));
    expect(total()).toBe('Score so far: 10 (1 of 2 criteria rated)');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('Choose a rating for every criterion.')).toBeTruthy();
    const missing = screen.getAllByRole('alert').filter((el) => el.textContent === 'Choose a rating');
    expect(missing).toHaveLength(1);
    expect(within(group('Style')).queryByRole('radio', { checked: true })).toBeNull();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('fills the score with the sum of the chosen ratings and returns the selection', async () => {
    const { user, onOk } = renderDialog();
    await screen.findByText('Score with rubric: Essay rubric');
    await user.click(within(group('Argument')).getByRole('radio', { name: /6 points/ }));
    await user.click(within(group('Style')).getByRole('radio', { name: /5.5 points/ }));
    expect(total()).toBe('Score: 11.5');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(() =>
      expect(onOk).toHaveBeenCalledWith({
        rubric_score: [
          { condition_index: 0, level_index: 1 },
          { condition_index: 1, level_index: 1 },
        ],
        score: 11.5,
      }),
    );
  });

  it('starts from the selection given before and shows it read-only when asked', async () => {
    renderDialog({
      value: [
        { condition_index: 0, level_index: 0 },
        { condition_index: 1, level_index: 0 },
      ],
      readOnly: true,
    });
    await screen.findByText('Score with rubric: Essay rubric');
    expect(total()).toBe('Score: 12.5');
    const chosen = within(group('Argument')).getByRole('radio', { name: /10 points/ }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect(chosen.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
  });
});
