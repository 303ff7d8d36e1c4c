import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextInputProps {
  /** HTML; the server sanitises it before storing. antd's Form.Item passes value, onChange and id. */
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Form.Item's validation state, shown on the editor's border and announced as invalid. */
  status?: 'error' | 'warning' | '';
  /** Height of the empty editing area, in lines. */
  minRows?: number;
  /** For short fields in rows (options): the toolbar shows only while the field has focus. */
  compact?: boolean;
  /** Called when the editing area gets focus. */
  onFocus?: () => void;
  /**
   * Offer pictures (pasted, dropped or chosen). Only where the saved text attaches the pictures it shows
   * to what it belongs to, so that its readers may open them and the orphan sweep keeps them: questions
   * (subject_image), activity descriptions and page content (activity_image), forum posts and replies
   * (discussion_image), homework descriptions and hand-ins (homework_submission_image). Not reference
   * answers: only the teaching team may read those, and nothing attaches their pictures yet.
   */
  pictures?: boolean;
  /** Puts the cursor in the editor once it has loaded. */
  autoFocus?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

const importEditor = () => import('./rich-text-editor.tsx');
const RichTextEditor = lazy(importEditor);

/** Starts fetching the editor's code early, e.g. when a button that opens an editing dialog is hovered. */
export function preloadRichTextEditor(): void {
  void importEditor();
}

/**
 * The rich-text field every feature uses where text is rich (decision 0011). The editor and its libraries
 * are a chunk of their own, fetched the first time a page shows this field.
 */
export function RichTextInput(props: RichTextInputProps) {
  const { t } = useTranslation('shared');
  const rows = props.minRows ?? 4;
  return (
    <Suspense
      fallback={
        <div
          className="rich-text-loading"
          role="status"
          aria-busy="true"
          style={{
            minHeight: `${rows * 1.6 + 3}em`,
            border: '1px solid #d9d9d9',
            borderRadius: 6,
            padding: '8px 11px',
            color: 'rgba(0, 0, 0, 0.62)',
          }}
        >
          {t('richText.loading')}
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
