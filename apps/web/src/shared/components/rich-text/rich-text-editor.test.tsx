import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { findRichTextEditor, preloadRichTextEditor, typeInEditor } from '../../../test/rich-text.ts';
import {
  DEFAULT_EDITOR_FEATURES,
  RichTextEnvironmentContext,
  type ActivityChoices,
  type EditorFeatures,
  type RichTextEnvironment,
} from './rich-text-environment.ts';
import { RichTextInput } from './rich-text-input.tsx';
import { WithoutAntdStyles } from '../../../test/render-app.tsx';

interface Setup {
  value?: string;
  features?: Partial<EditorFeatures>;
  choices?: ActivityChoices | null;
  upload?: RichTextEnvironment['uploadImage'];
  pictures?: boolean;
  /** An option row's field, with the next row's button after it. */
  compact?: boolean;
}

function setup({
  value = '',
  features = {},
  choices = null,
  upload = null,
  pictures = true,
  compact = false,
}: Setup = {}) {
  const onChange = vi.fn<(html: string) => void>();
  const environment: RichTextEnvironment = {
    useFeatures: () => ({ ...DEFAULT_EDITOR_FEATURES, ...features }),
    useActivityChoices: () => choices,
    uploadImage: upload,
  };
  function Field() {
    const [html, setHtml] = useState(value);
    return (
      <RichTextInput
        aria-label="Description"
        pictures={pictures}
        compact={compact}
        value={html}
        onChange={(next) => {
          setHtml(next);
          onChange(next);
        }}
      />
    );
  }
  render(
    <App>
      <RichTextEnvironmentContext value={environment}>
        <Field />
        {compact && <button type="button">Remove the next row</button>}
      </RichTextEnvironmentContext>
    </App>,
    { wrapper: WithoutAntdStyles },
  );
  return { onChange, user: userEvent.setup() };
}

/** By its title: antd's test ids make every tooltip and dialog share one id, so names are unreliable. */
async function findDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title, { selector: '.ant-modal-title' })).toBeTruthy();
  return dialog;
}

const lastHtml = (onChange: ReturnType<typeof setup>['onChange']) => onChange.mock.lastCall?.[0] ?? '';

async function toolbar() {
  return within(await screen.findByRole('toolbar', { name: '格式工具栏' }));
}

beforeAll(preloadRichTextEditor, 60_000);

describe('RichTextInput', () => {
  it('loads the editor as a textbox with a named toolbar, and formats the selection from it', async () => {
    const { onChange, user } = setup({ value: '<p>hello world</p>' });
    const editor = await findRichTextEditor('Description');
    const bar = await toolbar();

    act(() => void editor.commands.setTextSelection({ from: 1, to: 6 }));
    await user.click(bar.getByRole('button', { name: '加粗' }));
    expect(lastHtml(onChange)).toBe('<p><strong>hello</strong> world</p>');
    expect(bar.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(bar.getByRole('button', { name: '斜体' }));
    await user.click(bar.getByRole('button', { name: '无序列表' }));
    expect(lastHtml(onChange)).toBe('<ul><li><p><strong><em>hello</em></strong> world</p></li></ul>');

    await user.click(bar.getByRole('button', { name: '撤销' }));
    expect(lastHtml(onChange)).not.toContain('<ul>');
    await user.click(bar.getByRole('button', { name: '重做' }));
    expect(lastHtml(onChange)).toContain('<ul>');
  });

  it('is one tab stop whose buttons the arrow keys walk through', async () => {
    const { user } = setup({ value: '<p>x</p>' });
    const bar = await toolbar();
    const stops = bar.getAllByRole('button').filter((b) => b.getAttribute('tabindex') === '0');
    expect(stops).toHaveLength(1);
    // Undo and redo are disabled in a fresh editor, so the first stop is the heading button.
    expect(stops[0]!.getAttribute('aria-label')).toBe('大标题');
    act(() => stops[0]!.focus());
    await user.keyboard('{ArrowRight}');
    expect(bar.getByRole('button', { name: '小标题' }) === document.activeElement).toBe(true);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(bar.getByRole('button', { name: '插入公式' }) === document.activeElement).toBe(true);
  });

  it('keeps a compact field’s toolbar until the click that took the focus away is over', async () => {
    setup({ value: '<p>x</p>', compact: true });
    const editor = await findRichTextEditor('Description');
    const next = screen.getByRole('button', { name: 'Remove the next row' });
    const shownToolbar = () => screen.queryByRole('toolbar', { name: '格式工具栏' });
    expect(shownToolbar()).toBeNull();
    act(() => void editor.commands.focus('end'));
    await waitFor(() => expect(shownToolbar()).not.toBeNull());

    // Hiding it as the press moves the focus would move the rows below before the press is released,
    // and the click would end elsewhere: it goes once the click is over.
    fireEvent.pointerDown(next);
    act(() => next.focus());
    expect(shownToolbar()).not.toBeNull();
    fireEvent.pointerUp(next);
    fireEvent.click(next);
    await waitFor(() => expect(shownToolbar()).toBeNull());

    // Leaving by keyboard hides it at once.
    act(() => void editor.commands.focus('end'));
    await waitFor(() => expect(shownToolbar()).not.toBeNull());
    act(() => next.focus());
    expect(shownToolbar()).toBeNull();
  });

  it('sends a pasted picture through the upload and stores its /api/uploads address, never base64', async () => {
    const upload = vi.fn(async (file: File) => {
      expect(file.name).toBe('shot.png');
      return '/api/uploads/42/blob';
    });
    const { onChange } = setup({ value: '<p>see</p>', upload });
    const editor = await findRichTextEditor('Description');
    act(() => void editor.commands.setTextSelection(4));

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', {
      value: { files: [file], types: ['Files'], items: [], getData: () => '' },
    });
    act(() => void editor.view.dom.dispatchEvent(paste));

    await waitFor(() => expect(lastHtml(onChange)).toContain('<img src="/api/uploads/42/blob">'));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(lastHtml(onChange)).not.toContain('data:');
    expect(await screen.findByRole('button', { name: '插入图片' })).toBeTruthy();
  });

  it('offers no pictures where the field does not ask for them, even with uploads available', async () => {
    const upload = vi.fn(async () => '/api/uploads/42/blob');
    setup({ value: '<p>see</p>', upload, pictures: false });
    await findRichTextEditor('Description');
    expect(await screen.findByRole('toolbar', { name: '格式工具栏' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '插入图片' })).toBeNull();
  });

  it('drops base64 pictures from pasted or loaded markup', async () => {
    const { onChange } = setup({ value: '<p>a<img src="data:image/png;base64,AAAA">b</p>' });
    const editor = await findRichTextEditor('Description');
    act(() => void editor.commands.insertContent('!'));
    expect(lastHtml(onChange)).not.toContain('data:');
    expect(screen.queryByRole('button', { name: '插入图片' })).toBeNull();
  });

  it('shows the vocabulary, activity and markdown items only under their organisation switches', async () => {
    setup({
      features: { vocabulary: false, activityRefer: false },
      choices: { loading: false, activities: [] },
    });
    const bar = await toolbar();
    expect(bar.getByRole('button', { name: '插入公式' })).toBeTruthy();
    expect(bar.queryByRole('button', { name: '标记为词汇' })).toBeNull();
    expect(bar.queryByRole('button', { name: '引用活动' })).toBeNull();
    expect(bar.queryByRole('button', { name: 'Markdown 快捷输入' })).toBeNull();
  });

  it('marks a vocabulary term and links an activity of the course when the switches are on', async () => {
    const { onChange, user } = setup({
      value: '<p>osmosis and more</p>',
      features: { vocabulary: true, activityRefer: true },
      choices: {
        loading: false,
        activities: [{ id: 9, title: 'Lab report', href: '/course/3/activity/9' }],
      },
    });
    const editor = await findRichTextEditor('Description');
    const bar = await toolbar();

    act(() => void editor.commands.setTextSelection({ from: 1, to: 8 }));
    await user.click(bar.getByRole('button', { name: '标记为词汇' }));
    expect(lastHtml(onChange)).toBe('<p><dfn>osmosis</dfn> and more</p>');

    act(() => void editor.commands.setTextSelection(17));
    await user.click(bar.getByRole('button', { name: '引用活动' }));
    const dialog = await findDialog('引用活动');
    await user.click(within(dialog).getByRole('combobox', { name: '活动' }));
    await user.click(await screen.findByText('Lab report', { selector: '.ant-select-item-option-content' }));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(lastHtml(onChange)).toBe(
        '<p><dfn>osmosis</dfn> and more<a href="/course/3/activity/9">Lab report</a> </p>',
      ),
    );
  });

  it('hides the activity item outside a course even with the switch on', async () => {
    setup({ features: { activityRefer: true }, choices: null });
    const bar = await toolbar();
    expect(bar.queryByRole('button', { name: '引用活动' })).toBeNull();
  });

  it('offers the markdown toggle when enabled, active by default under defaultActive', async () => {
    const { onChange, user } = setup({
      features: { markdown: { enable: true, defaultActive: true } },
    });
    const bar = await toolbar();
    const toggle = bar.getByRole('button', { name: 'Markdown 快捷输入' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    typeInEditor(await findRichTextEditor('Description'), '## Title');
    expect(lastHtml(onChange)).toBe('<h2>Title</h2>');

    await user.click(toggle);
    await waitFor(() =>
      expect(bar.getByRole('button', { name: 'Markdown 快捷输入' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
    const editor = await findRichTextEditor('Description');
    act(() => void editor.commands.setContent('<p></p>', { emitUpdate: false }));
    typeInEditor(editor, '## Plain');
    expect(lastHtml(onChange)).toBe('<p>## Plain</p>');
  });

  it('starts the markdown toggle off when the organisation enables markdown without defaultActive', async () => {
    setup({ features: { markdown: { enable: true, defaultActive: false } } });
    const bar = await toolbar();
    expect(bar.getByRole('button', { name: 'Markdown 快捷输入' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('writes a LaTeX formula as MathML carrying its source, and keeps Word MathML as it was', async () => {
    const word = '<math><mfrac><mi>a</mi><mi>b</mi></mfrac></math>';
    const { onChange, user } = setup({ value: `<p>Word: ${word}</p>` });
    const editor = await findRichTextEditor('Description');
    act(() => void editor.commands.focus('end'));

    await user.click((await toolbar()).getByRole('button', { name: '插入公式' }));
    const dialog = await findDialog('公式');
    fireEvent.change(within(dialog).getByLabelText('LaTeX 公式'), { target: { value: 'x^2' } });
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('button', { name: /确\s*定/ })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(lastHtml(onChange)).toContain('application/x-tex'));
    const html = lastHtml(onChange);
    expect(html).toContain(`<p>Word: ${word}<math>`);
    expect(html).toMatch(/<msup><mi>x<\/mi><mn>2<\/mn><\/msup>/);
    expect(html).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
  });

  it('refuses LaTeX that does not parse', async () => {
    const { user } = setup();
    await user.click((await toolbar()).getByRole('button', { name: '插入公式' }));
    const dialog = await findDialog('公式');
    fireEvent.change(within(dialog).getByLabelText('LaTeX 公式'), { target: { value: '\\frac{a' } });
    expect(await within(dialog).findByText(/无法识别此 LaTeX/)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('button', { name: /确\s*定/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('stores an emptied editor as an empty string', async () => {
    const { onChange } = setup({ value: '<p>x</p>' });
    const editor = await findRichTextEditor('Description');
    act(() => void editor.commands.clearContent(true));
    expect(lastHtml(onChange)).toBe('');
  });
});
