import type { Rubric } from '@lectern/contracts/rubrics/rubric.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { HOMEWORK_ID, makeHomeworkDetail } from '../test/student-fixtures.ts';
import { RubricSetting } from './rubric-setting.tsx';

const PATCH = `PATCH /api/homeworks/${HOMEWORK_ID}/rubric`;
const teacher = { allow_mark: true, allow_edit: true, allow_setting: true };

function makeRubric(overrides: Partial<Rubric> = {}): Rubric {
  return {
    id: 12,
    name: 'Lab report',
    conditions: [
      {
        name: 'Correctness',
        description: 'Does it work?',
        levels: [
          { score: 60, description: 'All cases' },
          { score: 30, description: 'Some cases' },
        ],
      },
    ],
    total: 60,
    created_by: { id: 1, name: 'Li Wei' },
    engage_number: 0,
    can_edit: true,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('RubricSetting', () => {
  it('chooses a rubric in the rubric selection dialog', { timeout: 60_000 }, async () => {
    const detail = makeHomeworkDetail({ permissions: teacher });
    const fetchMock = mockApi({
      'GET /api/rubrics': () => jsonResponse({ rubrics: [makeRubric()] }),
      [PATCH]: () => jsonResponse({ ...detail, rubric_id: 12 }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '*', element: <RubricSetting detail={detail} /> }], '/');

    expect(screen.getByText('No rubric')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Choose a rubric/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /Lab report/ }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sentBodies(fetchMock, PATCH)).toEqual([{ rubric_id: 12 }]));
    expect(await screen.findByText('Rubric settings saved')).toBeTruthy();
  });

  it('sets when students see the rubric; a chosen time is required', { timeout: 60_000 }, async () => {
    const detail = makeHomeworkDetail({ permissions: teacher, rubric_id: 12 });
    const fetchMock = mockApi({
      'GET /api/rubrics/12': () => jsonResponse(makeRubric()),
      [PATCH]: () => jsonResponse({ ...detail, rubric_visible_type: 'invisible' }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '*', element: <RubricSetting detail={detail} /> }], '/');

    expect(await screen.findByText('Lab report (60 points)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Visibility/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'From a chosen time' }));
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Choose when the rubric becomes visible.')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'Never' }));
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, PATCH)).toEqual([
        { rubric_visible_type: 'invisible', rubric_visible_time: null },
      ]),
    );
  });
});
