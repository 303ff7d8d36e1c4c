import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { escapeHtml, htmlToText, textToHtml } from './content-text.ts';

export interface PostEditorProps {
  /** The stored content; plain-text posts (questions) are edited as they are. */
  initialHtml: string;
  /** Questions are plain text with a length limit; comments and replies become HTML paragraphs. */
  plainText?: boolean;
  maxLength?: number;
  saving: boolean;
  /** Called only when the content changed (spec 001 section 5: edit sent only if changed). */
  onSave: (content: string) => void;
  onCancel: () => void;
}

/** The edit mode of a comment, reply or question. */
export function PostEditor({
  initialHtml,
  plainText = false,
  maxLength,
  saving,
  onSave,
  onCancel,
}: PostEditorProps) {
  const { t } = useTranslation('discussions');
  const [initialText] = useState(() => htmlToText(initialHtml));
  const [text, setText] = useState(initialText);

  const save = () => {
    if (text.trim() === initialText.trim()) {
      onCancel();
      return;
    }
    if (!text.trim()) return;
    onSave(plainText ? escapeHtml(text.trim()) : textToHtml(text));
  };

  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        aria-label={t('edit.label')}
        value={text}
        autoSize={{ minRows: 2, maxRows: 12 }}
        maxLength={maxLength}
        showCount={maxLength !== undefined}
        onChange={(event) => setText(event.target.value)}
        autoFocus
      />
      <Flex gap={8} justify="flex-end">
        <Button size="small" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button size="small" type="primary" loading={saving} disabled={!text.trim()} onClick={save}>
          {t('actions.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
