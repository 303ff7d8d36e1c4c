import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { RawEditor } from './raw-editor.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('RawEditor toolbar', () => {
  it('names undo and redo in words, with a tooltip saying what they do', { timeout: 30_000 }, async () => {
    mockApi({});
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <span id="label">Text</span>
              <RawEditor
                loaded={{ html: '', version: 0 }}
                onChange={vi.fn()}
                labelId="label"
                placeholder="Paste here"
                empty
              />
            </>
          ),
        },
      ],
      '/',
    );
    const toolbar = await screen.findByRole('toolbar');
    const undo = within(toolbar).getByRole('button', { name: 'Undo' });
    const redo = within(toolbar).getByRole('button', { name: 'Redo' });
    // Visible words, not only arrows.
    expect(undo.textContent).toContain('Undo');
    expect(redo.textContent).toContain('Redo');
    fireEvent.mouseEnter(undo);
    expect(await screen.findByText('Undo the last change (Ctrl+Z)')).toBeTruthy();
  });
});
