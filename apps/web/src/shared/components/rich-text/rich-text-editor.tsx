import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { App, ConfigProvider } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityReferenceDialog } from './activity-reference-dialog.tsx';
import { GlossaryTermMark } from './glossary-term-mark.ts';
import { ImageUploadExtension, UPLOAD_END_EVENT, UPLOAD_START_EVENT } from './image-upload-extension.ts';
import { LinkDialog } from './link-dialog.tsx';
import { MathDialog, type MathTarget } from './math-dialog.tsx';
import { MathNode } from './math-node.ts';
import { useRichTextEnvironment } from './rich-text-environment.ts';
import type { RichTextInputProps } from './rich-text-input.tsx';
import { RichTextToolbar, type ToolbarDialog } from './rich-text-toolbar.tsx';
import { useToolbarShown } from './use-toolbar-shown.ts';
import './rich-text.css';

/** An empty document as Tiptap writes it: stored as '' so "required" rules and blank checks hold. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The one rich-text editor (decision 0011): Tiptap 3 on ProseMirror. Its value is HTML that the server's
 * sanitiser accepts as written; pictures are uploads, formulas MathML with their LaTeX source.
 * Loaded through RichTextInput, so this code and its libraries download only with a page that edits.
 */
export default function RichTextEditor({
  value,
  onChange,
  onFocus,
  id,
  disabled: disabledProp,
  placeholder,
  status,
  minRows = 4,
  autoFocus = false,
  compact = false,
  pictures = false,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
}: RichTextInputProps) {
  const { t } = useTranslation('shared');
  const { message } = App.useApp();
  // A disabled antd Form disables its fields through this context, not through their props.
  const { componentDisabled } = ConfigProvider.useConfig();
  const disabled = disabledProp ?? componentDisabled ?? false;
  const environment = useRichTextEnvironment();
  const uploadImage = pictures ? environment.uploadImage : null;
  const wrapper = useRef<HTMLDivElement>(null);
  const features = environment.useFeatures();
  const [markdownActive, setMarkdownActive] = useState(
    features.markdown.enable && features.markdown.defaultActive,
  );
  const [dialog, setDialog] = useState<ToolbarDialog | null>(null);
  const [mathTarget, setMathTarget] = useState<MathTarget | null>(null);
  // Null outside a course: the activity-reference item then has nothing to link to.
  const activityChoices = environment.useActivityChoices(dialog === 'activity');

  // The HTML this editor last reported, so an echo of it through `value` is not set back as new content.
  const emitted = useRef(value ?? '');

  const editor = useEditor(
    {
      // Markdown mode is the input and paste rules ("# " heading, **bold**, "- " list): the editor is
      // rebuilt when it is switched, from the current value.
      enableInputRules: markdownActive,
      enablePasteRules: markdownActive,
      editable: !disabled,
      autofocus: autoFocus ? 'end' : false,
      content: value ?? '',
      extensions: [
        StarterKit.configure({
          heading: { levels: [2, 3, 4] },
          // No empty paragraph appended after a final heading or table: stored HTML stays as written.
          trailingNode: false,
          // Links keep only what the sanitiser keeps (href, target): no rel or class to strip on save.
          link: {
            openOnClick: false,
            autolink: markdownActive,
            protocols: ['http', 'https', 'mailto'],
            HTMLAttributes: { rel: null, class: null, target: null },
          },
        }),
        Placeholder.configure({ placeholder: placeholder ?? '' }),
        Image.configure({ inline: true, allowBase64: false }),
        TableKit.configure({ table: { resizable: false } }),
        MathNode.configure({
          onEdit: (pos, tex, display) => setMathTarget({ pos, tex, display }),
        }),
        GlossaryTermMark,
        ImageUploadExtension.configure({ upload: uploadImage }),
      ],
      editorProps: {
        attributes: {
          class: 'rich-text-content',
          role: 'textbox',
          'aria-multiline': 'true',
          // No id: antd's <label for=id> would then name a div, which labels cannot; see the effect below.
          ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
          ...(ariaLabelledBy ? { 'aria-labelledby': ariaLabelledBy } : {}),
          ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
          style: `min-height: ${minRows * 1.6}em`,
        },
      },
    },
    [markdownActive, disabled, id, ariaLabel, ariaLabelledBy],
  );

  // The editor reports keystrokes from its own input handling, not from React's events, and may do so
  // before React has rendered or run effects for a change made in the same moment (a click next to it):
  // the listeners call the handlers of the latest render instead of those they were attached with.
  const reportChange = useEffectEvent((html: string) => onChange?.(html));
  const reportFocus = useEffectEvent(() => onFocus?.());

  useEffect(() => {
    if (!editor) return;
    const update = () => {
      const html = htmlOf(editor);
      emitted.current = html;
      reportChange(html);
    };
    const focus = () => reportFocus();
    editor.on('update', update);
    editor.on('focus', focus);
    return () => {
      editor.off('update', update);
      editor.off('focus', focus);
    };
  }, [editor]);

  // Pictures being uploaded: one "uploading" notice however many, and a message if one failed.
  // Listened for on our own wrapper (the events bubble): the editing area is attached to the document by
  // EditorContent and may not be there yet when this runs (a Suspense boundary re-showing the field).
  useEffect(() => {
    const dom = wrapper.current;
    if (!editor || !dom) return;
    let pending = 0;
    let hide: (() => void) | null = null;
    const start = () => {
      pending += 1;
      hide ??= message.loading(t('richText.uploading'), 0);
    };
    const end = (event: Event) => {
      pending -= 1;
      if (pending === 0) {
        hide?.();
        hide = null;
      }
      if ((event as CustomEvent<{ failed: boolean }>).detail.failed) {
        void message.error(t('richText.uploadFailed'));
      }
    };
    dom.addEventListener(UPLOAD_START_EVENT, start);
    dom.addEventListener(UPLOAD_END_EVENT, end);
    return () => {
      dom.removeEventListener(UPLOAD_START_EVENT, start);
      dom.removeEventListener(UPLOAD_END_EVENT, end);
      hide?.();
    };
  }, [editor, message, t]);

  // The form may disable the field after the editor was built (a deadline known once the record loads).
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A value set from outside (a form reset, a loaded record) replaces the content; our own echo does not.
  useEffect(() => {
    const next = value ?? '';
    if (!editor || editor.isDestroyed || next === emitted.current) return;
    emitted.current = next;
    if (next !== htmlOf(editor)) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  // Set in place: rebuilding the editor for a validation message would lose the cursor and undo history.
  // After every render, for the same reason as the upload notices: the editing area may attach later.
  useEffect(() => {
    const dom = editor && mountedDom(editor);
    if (!dom) return;
    if (status === 'error') dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
  });

  // antd's Form.Item labels its field with <label for=id>, which names only form controls: the editable
  // area takes the label's id instead, and a click on the label focuses it like any other field. Checked
  // after every render: a form may replace its label element (another question type, another caption).
  useEffect(() => {
    const dom = editor && mountedDom(editor);
    if (!editor || !dom || ariaLabel || ariaLabelledBy) return;
    // The field's own Form.Item label first: an id passed in need not be the one antd gave the label.
    const label =
      wrapper.current
        ?.closest('.ant-form-item')
        ?.querySelector<HTMLLabelElement>('.ant-form-item-label label') ??
      (id ? Array.from(document.getElementsByTagName('label')).find((l) => l.htmlFor === id) : undefined);
    if (!label) return;
    if (!label.id) label.id = `${id ?? dom.id ?? 'rich-text'}-label-${labelSerial()}`;
    dom.setAttribute('aria-labelledby', label.id);
    const focus = () => editor.commands.focus();
    label.addEventListener('click', focus);
    return () => label.removeEventListener('click', focus);
  });

  const toolbarShown = useToolbarShown(wrapper, compact && editor !== null);

  if (!editor) return null;

  return (
    <div
      ref={wrapper}
      className={[
        'rich-text-editor',
        status === 'error' ? 'rich-text-editor-error' : '',
        disabled ? 'rich-text-editor-disabled' : '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {!disabled && (
        // Kept mounted while hidden: a picture being chosen in the file dialog still arrives.
        <div hidden={!toolbarShown}>
          <RichTextToolbar
            editor={editor}
            features={features}
            canUpload={uploadImage !== null}
            canReferActivity={features.activityRefer && activityChoices !== null}
            markdownActive={markdownActive}
            onToggleMarkdown={() => setMarkdownActive((active) => !active)}
            onOpenDialog={(next) => {
              if (next === 'math') setMathTarget({ pos: null, tex: '', display: false });
              else setDialog(next);
            }}
          />
        </div>
      )}
      <EditorContent editor={editor} />
      <LinkDialog editor={editor} open={dialog === 'link'} onClose={() => setDialog(null)} />
      <ActivityReferenceDialog
        editor={editor}
        choices={activityChoices}
        open={dialog === 'activity'}
        onClose={() => setDialog(null)}
      />
      <MathDialog editor={editor} target={mathTarget} onClose={() => setMathTarget(null)} />
    </div>
  );
}

/** The editing area, or null while it is not attached (Tiptap throws on `view` before that). */
function mountedDom(editor: Editor): HTMLElement | null {
  if (editor.isDestroyed) return null;
  try {
    return editor.view.dom;
  } catch {
    return null;
  }
}

let labelCount = 0;
/** Labels of several editors may share an id prefix (sub-questions): each gets a number of its own. */
function labelSerial(): number {
  labelCount += 1;
  return labelCount;
}
