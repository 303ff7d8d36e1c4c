import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface CommentEditorProps {
  /** HTML; the server sanitises it before storing. antd Form.Item passes value/onChange/id. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * The one place a homework's rich text is edited. Today it is the project's plain HTML text area; a
 * rich-text editor replaces this component alone, keeping the same value/onChange contract.
 */
export function CommentEditor({ value, onChange, id, disabled, placeholder }: CommentEditorProps) {
  const { t } = useTranslation('homework');
  return (
    <Input.TextArea
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      placeholder={placeholder ?? t('editor.placeholder')}
      autoSize={{ minRows: 4, maxRows: 16 }}
    />
  );
}

/** True when the markup has no text and no embedded media, i.e. nothing a marker could read. */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<(img|video|audio|iframe|table)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
