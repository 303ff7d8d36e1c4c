import type { Editor } from '@tiptap/core';
import { act, screen } from '@testing-library/react';

type EditableElement = HTMLElement & { editor?: Editor };

/** The Tiptap editor behind a rich-text field (found by its accessible name, or the field itself). */
export async function findRichTextEditor(field: string | RegExp | HTMLElement): Promise<Editor> {
  const element: EditableElement =
    typeof field === 'string' || field instanceof RegExp
      ? await screen.findByRole('textbox', { name: field })
      : field;
  const editable: EditableElement | null = element.classList.contains('ProseMirror')
    ? element
    : element.querySelector<EditableElement>('.ProseMirror');
  if (!editable?.editor) throw new Error('Not a rich-text editor');
  return editable.editor;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Replaces a rich-text field's content as a user's edit would (the form sees the change): markup as
 * given, or plain text as one paragraph of that text. jsdom has no layout or input events for
 * contentEditable, so tests set the content instead of typing it.
 */
export async function fillRichText(field: string | RegExp | HTMLElement, content: string): Promise<void> {
  const editor = await findRichTextEditor(field);
  const html = content.startsWith('<') ? content : `<p>${escapeText(content)}</p>`;
  act(() => {
    editor.commands.setContent(html, { emitUpdate: true });
  });
}

/** What a rich-text field holds as the form would receive it ('' when empty). */
export async function richTextValue(field: string | RegExp | HTMLElement): Promise<string> {
  const editor = await findRichTextEditor(field);
  return editor.isEmpty ? '' : editor.getHTML();
}

/** Types text at the cursor through the editor's input handling, so markdown input rules apply. */
export function typeInEditor(editor: Editor, text: string): void {
  act(() => {
    for (const char of text) {
      const view = editor.view;
      const { from, to } = view.state.selection;
      const handled = view.someProp('handleTextInput', (handle) =>
        handle(view, from, to, char, () => view.state.tr.insertText(char, from, to)),
      );
      if (!handled) view.dispatch(view.state.tr.insertText(char, from, to));
    }
  });
}

/**
 * Loads the editor's lazy chunk (and KaTeX) before a test renders a page with a rich-text field, so the
 * field appears at once instead of after a first transform of Tiptap under a busy test run.
 */
export async function preloadRichTextEditor(): Promise<void> {
  await Promise.all([
    import('../shared/components/rich-text/rich-text-editor.tsx'),
    import('../shared/components/rich-text/katex-loader.ts').then((m) => m.loadKatex()),
  ]);
}
