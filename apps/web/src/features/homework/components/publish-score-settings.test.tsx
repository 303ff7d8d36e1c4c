import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { HOMEWORK_ID, makeHomeworkDetail } from '../test/student-fixtures.ts';
import { PublishScoreSettings } from './publish-score-settings.tsx';

const PUT = `PUT /api/homework/${HOMEWORK_ID}/announce-mark-status`;
const teacher = { allow_mark: true, allow_edit: true, allow_setting: true };

async function pickDateTime(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(text));
  fireEvent.blur(input);
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('PublishScoreSettings', () => {
  it('publishes at a chosen time no earlier than the close time', { timeout: 60_000 }, async () => {
    const detail = makeHomeworkDetail({ end_time: '2026-03-08T18:00:00.000Z', permissions: teacher });
    const fetchMock = mockApi({
      [PUT]: () => jsonResponse({ ...detail, announceScoreType: 3 }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '*', element: <PublishScoreSettings detail={detail} /> }], '/');

    expect(screen.getByText('Not published')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Publishing settings/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'At a chosen time' }));
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Choose when the scores are published.')).toBeTruthy();

    await pickDateTime('Publish at', '2026-03-07 09:00');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(
      await within(dialog).findByText('Scores cannot be published before the homework closes.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, PUT)).toEqual([]);

    await pickDateTime('Publish at', '2026-03-09 09:00');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, PUT)).toEqual([
        { isAnnounceMark: 0, announceScoreType: 3, announceScoreTime: '2026-03-09T09:00:00.000Z' },
      ]),
    );
  });

  it('publishes scores by hand', { timeout: 60_000 }, async () => {
    const detail = makeHomeworkDetail({ permissions: teacher });
    const fetchMock = mockApi({ [PUT]: () => jsonResponse({ ...detail, isAnnounceMark: 1 }) });
    const user = userEvent.setup({ delay: null });
    renderRoutes([{ path: '*', element: <PublishScoreSettings detail={detail} /> }], '/');

    await user.click(screen.getByRole('button', { name: /Publishing settings/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'Scores published' }));
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, PUT)).toEqual([
        { isAnnounceMark: 1, announceScoreType: 1, announceScoreTime: null },
      ]),
    );
    expect(await screen.findByText('Publishing settings saved')).toBeTruthy();
  });

  it('shows the settings read-only to those who may not change them', () => {
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <PublishScoreSettings
              detail={makeHomeworkDetail({ announceScoreType: 2, is_score_visible: true })}
            />
          ),
        },
      ],
      '/',
    );
    expect(screen.getByText('Publish now')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Publishing settings/ })).toBeNull();
  });
});
