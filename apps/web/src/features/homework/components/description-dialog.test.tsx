import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi, sentBodies } from '../../../test/fetch-mock.ts';
import {
  fillRichText,
  findRichTextEditor,
  preloadRichTextEditor,
  richTextValue,
} from '../../../test/rich-text.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { HOMEWORK_ID, makeHomeworkDetail } from '../test/student-fixtures.ts';
import { DescriptionDialog } from './description-dialog.tsx';
import { uploadXhrStandIn } from '../../../test/upload-xhr.ts';

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

const UploadsXhr = uploadXhrStandIn({
  id: 42,
  name: 'shot.png',
  size: 4,
  type: 'image',
  mime_type: 'image/png',
  created_at: '2026-03-01T00:00:00.000Z',
  created_by: { id: 7, name: 'Li Wei' },
});

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

  it(
    'uploads a pasted picture and saves its file address, never the picture itself',
    { timeout: 60_000 },
    async () => {
      vi.stubGlobal('XMLHttpRequest', UploadsXhr);
      UploadsXhr.sent = [];
      const fetchMock = mockApi({ [PATCH]: () => jsonResponse(makeHomeworkDetail()) });
      const user = userEvent.setup({ delay: null });
      const { onClose } = renderDialog();

      const editor = await findRichTextEditor('Description');
      expect(await screen.findByRole('button', { name: 'Insert picture' })).toBeTruthy();
      act(() => void editor.commands.setTextSelection(4));
      const file = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
      const paste = new Event('paste', { bubbles: true, cancelable: true });
      Object.defineProperty(paste, 'clipboardData', {
        value: { files: [file], types: ['Files'], items: [], getData: () => '' },
      });
      act(() => void editor.view.dom.dispatchEvent(paste));
      await waitFor(async () =>
        expect(await richTextValue('Description')).toContain('<img src="/api/uploads/42/blob">'),
      );
      expect(UploadsXhr.sent).toEqual([{ method: 'POST', url: '/api/uploads' }]);

      await user.click(screen.getByRole('button', { name: /Save/ }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      const [body] = sentBodies(fetchMock, PATCH) as { description: string }[];
      expect(body?.description).toContain('<img src="/api/uploads/42/blob">');
      expect(body?.description).not.toContain('data:');
      vi.unstubAllGlobals();
    },
  );
});
