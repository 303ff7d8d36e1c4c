import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentRequests } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { makeRubric } from '../test/rubric-fixtures.ts';
import { MyRubricsPage } from './my-rubrics-page.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('MyRubricsPage', { timeout: 120_000 }, () => {
  it('lists my rubrics and deletes only those no homework uses', async () => {
    let rubrics = [makeRubric(), makeRubric({ id: 42, name: 'Lab report', engage_number: 2 })];
    const fetchMock = mockApi({
      'GET /api/rubrics': () => jsonResponse({ rubrics }),
      'DELETE /api/rubrics/41': () => {
        rubrics = rubrics.filter((r) => r.id !== 41);
        return jsonResponse({ message: 'The rubric was deleted.' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '*', element: <MyRubricsPage /> }], '/user/rubrics');

    const labRow = (await screen.findByText('Lab report')).closest('tr')!;
    expect(within(labRow).getByText('2 homework(s)')).toBeTruthy();
    expect((within(labRow).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);

    const essayRow = screen.getByText('Essay rubric').closest('tr')!;
    await user.click(within(essayRow).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByText('Delete the rubric “Essay rubric”?');
    await user.click(
      within(confirm.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('The rubric was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Essay rubric')).toBeNull());
    expect(sentRequests(fetchMock).some((r) => r.method === 'DELETE' && r.url === '/api/rubrics/41')).toBe(
      true,
    );
  });
  it('copies a rubric into a new one to edit', async () => {
    mockApi({ 'GET /api/rubrics': () => jsonResponse({ rubrics: [makeRubric({ engage_number: 2 })] }) });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '*', element: <MyRubricsPage /> }], '/user/rubrics');
    await user.click(await screen.findByRole('button', { name: 'Copy Essay rubric to a new rubric' }));
    const name = (await screen.findByLabelText('Rubric name')) as HTMLInputElement;
    expect(name.value).toBe('Essay rubric (copy)');
    expect(screen.getByTestId('rubric-editor-total').textContent).toBe('Total: 15.5 points');
  });
});
