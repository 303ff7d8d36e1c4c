import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import { fillRichText, preloadRichTextEditor, richTextValue } from '../../../test/rich-text.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { HOMEWORK_ID, makeHomeworkDetail } from '../test/student-fixtures.ts';
import { DescriptionDialog } from './description-dialog.tsx';

const PATCH = `PATCH /api/homeworks/${HOMEWORK_ID}/description`;

function renderDialog() {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <DescriptionDialog
            open
            detail={makeHomeworkDetail({ description: '<p>Old</p>' })}
            onClose={onClose}
            onChanged={onChanged}
          />
        ),
      },
    ],
    '/',
  );
  return { onClose, onChanged };
}

beforeAll(preloadRichTextEditor, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('DescriptionDialog', () => {
  it('saves the description alone and tells the page', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi({
      [PATCH]: () => jsonResponse(makeHomeworkDetail({ description: '<p>New</p>' })),
    });
    const user = userEvent.setup({ delay: null });
    const { onClose, onChanged } = renderDialog();

    expect(await richTextValue('Description')).toBe('<p>Old</p>');
    await fillRichText('Description', '<p>New</p>');
    await user.click(screen.getByRole('button', { name: /Save/ }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBodies(fetchMock, PATCH)).toEqual([{ description: '<p>New</p>' }]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('keeps the dialog open with the server message under the field', { timeout: 60_000 }, async () => {
    mockApi({
      [PATCH]: () =>
        errorResponse(422, 'validation_failed', 'Some fields are invalid.', {
          description: ['The description can have at most 200000 characters.'],
        }),
    });
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderDialog();

    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('The description can have at most 200000 characters.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
