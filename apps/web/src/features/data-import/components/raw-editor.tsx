import {
  BoldOutlined,
  ItalicOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Flex, Tooltip, theme } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Content put into the editor from outside (a converted file, or nothing after a reset). */
export interface LoadedContent {
  html: string;
  /** A new object each time, so loading the same text twice still replaces what the user typed. */
  version: number;
}

type Command = 'bold' | 'italic' | 'underline' | 'undo' | 'redo';

/** Formatting reads well as an icon; undo and redo carry their word too (their arrows alone are easy to miss). */
const COMMANDS: { command: Command; icon: ReactNode; withText?: boolean }[] = [
  { command: 'bold', icon: <BoldOutlined aria-hidden /> },
  { command: 'italic', icon: <ItalicOutlined aria-hidden /> },
  { command: 'underline', icon: <UnderlineOutlined aria-hidden /> },
  { command: 'undo', icon: <UndoOutlined aria-hidden />, withText: true },
  { command: 'redo', icon: <RedoOutlined aria-hidden />, withText: true },
];

export interface RawEditorProps {
  loaded: LoadedContent;
  /** The editor's HTML after every change the user makes. */
  onChange: (html: string) => void;
  /** Id of the visible label naming the editor. */
  labelId: string;
  /** Id of the text describing what to type or paste. */
  describedById?: string;
  placeholder: string;
  empty: boolean;
  disabled?: boolean;
}

/**
 * The raw editor of the import page: the converted document, or pasted text, as rich text the user can
 * correct before identifying again. Tables, pictures and MathML render as the browser shows them. The
 * markup is written into the element only when content is loaded; typing never re-renders it, so the caret
 * stays where the user put it.
 */
export function RawEditor({
  loaded,
  onChange,
  labelId,
  describedById,
  placeholder,
  empty,
  disabled = false,
}: RawEditorProps) {
  const { t } = useTranslation('data-import');
  const { token } = theme.useToken();
  const element = useRef<HTMLDivElement>(null);
  // The toolbar takes focus from the editor; the selection is put back before a command acts on it.
  const savedRange = useRef<Range | null>(null);

  useEffect(() => {
    if (element.current) element.current.innerHTML = loaded.html;
    savedRange.current = null;
  }, [loaded]);

  function saveSelection() {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0 || !element.current) return;
    const range = selection.getRangeAt(0);
    if (element.current.contains(range.commonAncestorContainer)) savedRange.current = range.cloneRange();
  }

  function run(command: Command) {
    const editor = element.current;
    if (!editor || disabled) return;
    editor.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    // execCommand is deprecated but remains the only way to format, and undo, inside contentEditable.
    if (typeof document.execCommand === 'function') document.execCommand(command);
    onChange(editor.innerHTML);
  }

  return (
    <Flex vertical gap={8}>
      <Flex gap={4} role="toolbar" aria-label={t('editor.toolbar')}>
        {COMMANDS.map(({ command, icon, withText }) => (
          <Tooltip key={command} title={t(`editor.${command}Hint`)}>
            <Button
              size="small"
              icon={icon}
              aria-label={t(`editor.${command}`)}
              disabled={disabled}
              // Keeps the editor's selection when the button is clicked with the mouse.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command)}
            >
              {withText ? t(`editor.${command}`) : null}
            </Button>
          </Tooltip>
        ))}
      </Flex>
      <div style={{ position: 'relative' }}>
        {empty && (
          <div
            aria-hidden
            style={{
              position: 'absolute',
              inset: 0,
              padding: 12,
              color: token.colorTextPlaceholder,
              pointerEvents: 'none',
            }}
          >
            {placeholder}
          </div>
        )}
        <div
          ref={element}
          className="data-import-raw-editor"
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedById}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          tabIndex={0}
          spellCheck={false}
          onInput={(event) => onChange(event.currentTarget.innerHTML)}
          onBlur={saveSelection}
          onKeyUp={saveSelection}
          onMouseUp={saveSelection}
          style={{
            minHeight: 420,
            maxHeight: '70vh',
            overflow: 'auto',
            padding: 12,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
            overflowWrap: 'anywhere',
            outlineColor: token.colorPrimary,
          }}
        />
      </div>
    </Flex>
  );
}
