import { useTranslation } from 'react-i18next';
import { isBlankRichText } from '../../../shared/components/rich-text/rich-text-blank.ts';
import { RichTextInput } from '../../../shared/components/rich-text/rich-text-input.tsx';

export interface CommentEditorProps {
  /** HTML; the server sanitises it before storing. antd Form.Item passes value/onChange/id. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  /**
   * Offer pictures: only where the server attaches the text's pictures (hand-ins, the description);
   * the reference answer does not, so its pictures would be unreadable to other markers.
   */
  pictures?: boolean;
}

/**
 * The one place a homework's rich text is edited: the app's rich-text editor (decision 0011) with the
 * homework's placeholder, under the same value/onChange contract the forms use.
 */
export function CommentEditor({ value, onChange, id, disabled, placeholder, pictures }: CommentEditorProps) {
  const { t } = useTranslation('homework');
  return (
    <RichTextInput
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      placeholder={placeholder ?? t('editor.placeholder')}
      minRows={4}
      pictures={pictures}
    />
  );
}

/** True when the markup has no text and no embedded media, i.e. nothing a marker could read. */
export function isBlankHtml(html: string | null | undefined): boolean {
  return isBlankRichText(html);
}
