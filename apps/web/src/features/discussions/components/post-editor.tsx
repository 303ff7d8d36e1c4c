import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlankRichText } from '../../../shared/components/rich-text/rich-text-blank.ts';
import { RichTextInput } from '../../../shared/components/rich-text/rich-text-input.tsx';
import { escapeHtml, htmlToText } from './content-text.ts';

export interface PostEditorProps {
  /** The stored content; plain-text posts (questions) are edited as they are. */
  initialHtml: string;
  /** Questions are plain text with a length limit; comments and replies are rich text. */
  plainText?: boolean;
  maxLength?: number;
  saving: boolean;
  /** Called only when the content changed (spec 001 section 5: edit sent only if changed). */
  onSave: (content: string) => void;
  onCancel: () => void;
}

/** The edit mode of a comment, reply or question. */
export function PostEditor(props: PostEditorProps) {
  return props.plainText ? <PlainPostEditor {...props} /> : <RichPostEditor {...props} />;
}

function EditorButtons({
  saving,
  canSave,
  onSave,
  onCancel,
}: {
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('discussions');
  return (
    <Flex gap={8} justify="flex-end">
      <Button size="small" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button size="small" type="primary" loading={saving} disabled={!canSave} onClick={onSave}>
        {t('actions.save')}
      </Button>
    </Flex>
  );
}

function RichPostEditor({ initialHtml, saving, onSave, onCancel }: PostEditorProps) {
  const { t } = useTranslation('discussions');
  const [html, setHtml] = useState(initialHtml);
  const blank = isBlankRichText(html);

  const save = () => {
    if (html === initialHtml) {
      onCancel();
      return;
    }
    if (!blank) onSave(html);
  };

  return (
    <Flex vertical gap={8}>
      <RichTextInput
        aria-label={t('edit.label')}
        value={html}
        minRows={2}
        autoFocus
        pictures
        onChange={setHtml}
      />
      <EditorButtons saving={saving} canSave={!blank} onSave={save} onCancel={onCancel} />
    </Flex>
  );
}

function PlainPostEditor({ initialHtml, maxLength, saving, onSave, onCancel }: PostEditorProps) {
  const { t } = useTranslation('discussions');
  const [initialText] = useState(() => htmlToText(initialHtml));
  const [text, setText] = useState(initialText);

  const save = () => {
    if (text.trim() === initialText.trim()) {
      onCancel();
      return;
    }
    if (!text.trim()) return;
    onSave(escapeHtml(text.trim()));
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
      <EditorButtons saving={saving} canSave={!!text.trim()} onSave={save} onCancel={onCancel} />
    </Flex>
  );
}
