import {
  BoldOutlined,
  BookOutlined,
  CodeOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  FileMarkdownOutlined,
  FunctionOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  NodeIndexOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { Button, Tooltip } from 'antd';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorFeatures } from './rich-text-environment.ts';

export type ToolbarDialog = 'link' | 'math' | 'activity';

interface ToolbarItem {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Present for toggles: announced as pressed or not. */
  pressed?: boolean;
  disabled?: boolean;
}

export interface RichTextToolbarProps {
  editor: Editor;
  features: EditorFeatures;
  canUpload: boolean;
  canReferActivity: boolean;
  markdownActive: boolean;
  onToggleMarkdown: () => void;
  onOpenDialog: (dialog: ToolbarDialog) => void;
}

/**
 * The editor's toolbar: one tab stop, arrow keys move between its buttons (the WAI-ARIA toolbar
 * pattern), every button named in the user's language and shown as a tooltip.
 */
export function RichTextToolbar({
  editor,
  features,
  canUpload,
  canReferActivity,
  markdownActive,
  onToggleMarkdown,
  onOpenDialog,
}: RichTextToolbarProps) {
  const { t } = useTranslation('shared');
  const [fileInput, setFileInput] = useState<HTMLInputElement | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      code: e.isActive('code'),
      codeBlock: e.isActive('codeBlock'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      glossaryTerm: e.isActive('glossaryTerm'),
      inTable: e.isActive('table'),
      emptySelection: e.state.selection.empty,
    }),
  });
  const chain = () => editor.chain().focus();

  const items: ToolbarItem[] = [
    {
      key: 'undo',
      label: t('richText.undo'),
      icon: <UndoOutlined />,
      onClick: () => chain().undo().run(),
      disabled: !state.canUndo,
    },
    {
      key: 'redo',
      label: t('richText.redo'),
      icon: <RedoOutlined />,
      onClick: () => chain().redo().run(),
      disabled: !state.canRedo,
    },
    {
      key: 'h2',
      label: t('richText.heading2'),
      icon: <span className="rich-text-toolbar-text">H2</span>,
      onClick: () => chain().toggleHeading({ level: 2 }).run(),
      pressed: state.h2,
    },
    {
      key: 'h3',
      label: t('richText.heading3'),
      icon: <span className="rich-text-toolbar-text">H3</span>,
      onClick: () => chain().toggleHeading({ level: 3 }).run(),
      pressed: state.h3,
    },
    {
      key: 'bold',
      label: t('richText.bold'),
      icon: <BoldOutlined />,
      onClick: () => chain().toggleBold().run(),
      pressed: state.bold,
    },
    {
      key: 'italic',
      label: t('richText.italic'),
      icon: <ItalicOutlined />,
      onClick: () => chain().toggleItalic().run(),
      pressed: state.italic,
    },
    {
      key: 'underline',
      label: t('richText.underline'),
      icon: <UnderlineOutlined />,
      onClick: () => chain().toggleUnderline().run(),
      pressed: state.underline,
    },
    {
      key: 'code',
      label: t('richText.code'),
      icon: <CodeOutlined />,
      onClick: () => chain().toggleCode().run(),
      pressed: state.code,
    },
    {
      key: 'bulletList',
      label: t('richText.bulletList'),
      icon: <UnorderedListOutlined />,
      onClick: () => chain().toggleBulletList().run(),
      pressed: state.bulletList,
    },
    {
      key: 'orderedList',
      label: t('richText.orderedList'),
      icon: <OrderedListOutlined />,
      onClick: () => chain().toggleOrderedList().run(),
      pressed: state.orderedList,
    },
    {
      key: 'codeBlock',
      label: t('richText.codeBlock'),
      icon: <span className="rich-text-toolbar-text">{'{ }'}</span>,
      onClick: () => chain().toggleCodeBlock().run(),
      pressed: state.codeBlock,
    },
    {
      key: 'link',
      label: t('richText.link'),
      icon: <LinkOutlined />,
      onClick: () => onOpenDialog('link'),
      pressed: state.link,
    },
    {
      key: 'table',
      label: t('richText.table'),
      icon: <TableOutlined />,
      onClick: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      disabled: state.inTable,
    },
    ...(state.inTable
      ? [
          {
            key: 'addRow',
            label: t('richText.addRow'),
            icon: <InsertRowBelowOutlined />,
            onClick: () => chain().addRowAfter().run(),
          },
          {
            key: 'addColumn',
            label: t('richText.addColumn'),
            icon: <InsertRowRightOutlined />,
            onClick: () => chain().addColumnAfter().run(),
          },
          {
            key: 'deleteRow',
            label: t('richText.deleteRow'),
            icon: <DeleteRowOutlined />,
            onClick: () => chain().deleteRow().run(),
          },
          {
            key: 'deleteColumn',
            label: t('richText.deleteColumn'),
            icon: <DeleteColumnOutlined />,
            onClick: () => chain().deleteColumn().run(),
          },
          {
            key: 'deleteTable',
            label: t('richText.deleteTable'),
            icon: <DeleteOutlined />,
            onClick: () => chain().deleteTable().run(),
          },
        ]
      : []),
    ...(canUpload
      ? [
          {
            key: 'image',
            label: t('richText.image'),
            icon: <PictureOutlined />,
            onClick: () => fileInput?.click(),
          },
        ]
      : []),
    {
      key: 'math',
      label: t('richText.math'),
      icon: <FunctionOutlined />,
      onClick: () => onOpenDialog('math'),
    },
    // Spec 001 section 5: removed unless the organisation turned the vocabulary feature on.
    ...(features.vocabulary
      ? [
          {
            key: 'vocabulary',
            label: t('richText.vocabulary'),
            icon: <BookOutlined />,
            onClick: () => chain().toggleMark('glossaryTerm').run(),
            pressed: state.glossaryTerm,
            disabled: state.emptySelection && !state.glossaryTerm,
          },
        ]
      : []),
    // Removed unless editorActivityRefer is on (and outside a course there is nothing to refer to).
    ...(canReferActivity
      ? [
          {
            key: 'activity',
            label: t('richText.activityRefer'),
            icon: <NodeIndexOutlined />,
            onClick: () => onOpenDialog('activity'),
          },
        ]
      : []),
    // Added when the organisation enables markdown; starts pressed when its defaultActive is on.
    ...(features.markdown.enable
      ? [
          {
            key: 'markdown',
            label: t('richText.markdown'),
            icon: <FileMarkdownOutlined />,
            onClick: onToggleMarkdown,
            pressed: markdownActive,
          },
        ]
      : []),
  ];

  const enabled = items.filter((item) => !item.disabled);
  const tabStop = enabled.find((item) => item.key === focusKey)?.key ?? enabled[0]?.key;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, (index: number) => number> = {
      ArrowRight: (i) => (i + 1) % enabled.length,
      ArrowLeft: (i) => (i - 1 + enabled.length) % enabled.length,
      Home: () => 0,
      End: () => enabled.length - 1,
    };
    const move = moves[event.key];
    if (!move || enabled.length === 0) return;
    event.preventDefault();
    const current = enabled.findIndex((item) => item.key === tabStop);
    const next = enabled[move(Math.max(current, 0))];
    if (!next) return;
    setFocusKey(next.key);
    event.currentTarget.querySelector<HTMLElement>(`[data-toolbar-key="${next.key}"]`)?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label={t('richText.toolbar')}
      className="rich-text-toolbar"
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <Tooltip key={item.key} title={item.label} mouseEnterDelay={0.4}>
          <Button
            type="text"
            size="small"
            icon={item.icon}
            aria-label={item.label}
            aria-pressed={item.pressed}
            disabled={item.disabled}
            tabIndex={item.key === tabStop ? 0 : -1}
            data-toolbar-key={item.key}
            className={item.pressed ? 'rich-text-toolbar-pressed' : undefined}
            onFocus={() => setFocusKey(item.key)}
            // Keeps the editor's selection: a mouse click on a button must not move focus out first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={item.onClick}
          />
        </Tooltip>
      ))}
      {canUpload && (
        <input
          ref={setFileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-hidden
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) editor.chain().focus().uploadImages(files).run();
          }}
        />
      )}
    </div>
  );
}
