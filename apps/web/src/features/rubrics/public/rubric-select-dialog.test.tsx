import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeRubric } from '../test/rubric-fixtures.ts';
import { RubricSelectDialog } from './rubric-select-dialog.tsx';

const essay = makeRubric();
const lab = makeRubric({ id: 42, name: 'Lab report', total: 20, engage_number: 3 });

function renderDialog(value?: number) {
  const onSelect = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: <RubricSelectDialog open value={value} onSelect={onSelect} onClose={() => undefined} />,
      },
    ],
    '/',
  );
  return { onSelect, user: userEvent.setup({ delay: null }) };
}

/** By text: role queries walk the accessibility tree, slow with two dialogs open under jsdom. */
const okButton = () => screen.getByText('OK').closest('button')!;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('RubricSelectDialog', { timeout: 120_000 }, () => {
  it('lists my rubrics with their total and uses, and hands back the one chosen', async () => {
    mockApi({ 'GET /api/rubrics': () => jsonResponse({ rubrics: [essay, lab] }) });
    const { user, onSelect } = renderDialog();
    expect(await screen.findByText('Total 20 · used by 3 homework(s)')).toBeTruthy();
    expect(screen.getByText('Total 15.5 · used by 0 homework(s)')).toBeTruthy();
    expect(okButton().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Lab report/ }));
    await user.click(okButton());
    expect(onSelect).toHaveBeenCalledWith(lab);
  });

  it('previews a rubric without choosing it', async () => {
    mockApi({ 'GET /api/rubrics': () => jsonResponse({ rubrics: [essay] }) });
    const { user } = renderDialog(41);
    await user.click(await screen.findByRole('button', { name: 'Preview Essay rubric' }));
    expect(await screen.findByText('Readable prose')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('chooses a rubric created from the dialog', async () => {
    const created = makeRubric({ id: 77, name: 'Fresh' });
    let listed = [essay];
    mockApi({
      'GET /api/rubrics': () => jsonResponse({ rubrics: listed }),
      'POST /api/rubrics': () => {
        listed = [created, essay];
        return jsonResponse(created, 201);
      },
    });
    const { user, onSelect } = renderDialog();
    await screen.findByText('Essay rubric');
    await user.click(screen.getByRole('button', { name: 'New rubric' }));
    await screen.findByLabelText('Rubric name');
    fireEvent.change(screen.getByLabelText('Rubric name'), { target: { value: 'Fresh' } });
    fireEvent.change(screen.getByLabelText('Criterion 1: name'), { target: { value: 'Depth' } });
    fireEvent.change(screen.getByLabelText('Criterion 1: description'), { target: { value: 'Deep' } });
    await user.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(okButton().disabled).toBe(false));
    await user.click(okButton());
    expect(onSelect).toHaveBeenCalledWith(created);
  });
});
