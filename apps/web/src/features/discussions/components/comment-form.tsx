import { Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { isBlankRichText } from '../../../shared/components/rich-text/rich-text-blank.ts';
import { RichTextInput } from '../../../shared/components/rich-text/rich-text-input.tsx';
import { postErrorText } from './post-errors.ts';

export interface CommentFormValues {
  /** The post as the rich-text editor wrote it (HTML; the server sanitises it). */
  content: string;
  anonymous: boolean;
  title?: string;
}

export interface CommentFormProps {
  /** The box's placeholder, which is also the message when it is sent empty (spec 001 section 5). */
  placeholder: string;
  label: string;
  submitLabel: string;
  /** A topic also has a title. */
  withTitle?: boolean;
  /** Replies send only with content: the button stays disabled instead of showing the required tip. */
  requireContentToSend?: boolean;
  rows?: number;
  autoFocus?: boolean;
  /** Fields shown between the box and the buttons (the video's question time). */
  extra?: ReactNode;
  /** Checked before sending; false keeps the form as it is (the extra fields show their own error). */
  canSubmit?: () => boolean;
  /** Sends the post; a rejection shows its message under the box. */
  onSubmit: (values: CommentFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * The new-comment, new-topic and reply form. A failed send shows its reason under the box, which is
 * highlighted; focusing the box clears it. A successful send empties the form.
 */
export function CommentForm({
  placeholder,
  label,
  submitLabel,
  withTitle = false,
  requireContentToSend = false,
  rows = 3,
  autoFocus = false,
  extra,
  canSubmit,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const { t } = useTranslation('discussions');
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<{ field: 'title' | 'content'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const contentId = useId();

  const submit = async () => {
    if (sending) return;
    if (withTitle && !title.trim()) {
      setError({ field: 'title', text: t('topics.titlePlaceholder') });
      return;
    }
    const content = isBlankRichText(html) ? '' : html;
    if (!content) {
      setError({ field: 'content', text: placeholder });
      return;
    }
    if (canSubmit && !canSubmit()) return;
    setSending(true);
    try {
      await onSubmit({ content, anonymous, ...(withTitle ? { title: title.trim() } : {}) });
      setTitle('');
      setHtml('');
      setAnonymous(false);
      setError(null);
    } catch (failure) {
      const field = withTitle && isApiError(failure) && failure.errors.title ? 'title' : 'content';
      setError({ field, text: postErrorText(failure, field) });
    } finally {
      setSending(false);
    }
  };

  const clearError = () => setError(null);

  return (
    <Form layout="vertical" component="div">
      {withTitle ? (
        <Form.Item
          label={t('topics.title')}
          htmlFor={titleId}
          validateStatus={error?.field === 'title' ? 'error' : undefined}
          help={error?.field === 'title' ? error.text : undefined}
        >
          <Input
            id={titleId}
            value={title}
            maxLength={255}
            placeholder={t('topics.titlePlaceholder')}
            onFocus={clearError}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        label={withTitle ? t('topics.content') : undefined}
        htmlFor={contentId}
        validateStatus={error?.field === 'content' ? 'error' : undefined}
        help={error?.field === 'content' ? error.text : undefined}
        style={{ marginBottom: 8 }}
      >
        <RichTextInput
          id={contentId}
          aria-label={label}
          value={html}
          placeholder={placeholder}
          minRows={rows}
          pictures
          autoFocus={autoFocus}
          status={error?.field === 'content' ? 'error' : undefined}
          onFocus={clearError}
          onChange={setHtml}
        />
      </Form.Item>
      {extra}
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Checkbox checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)}>
          {t('form.anonymous')}
          <Typography.Text type="secondary"> {t('form.anonymousNote')}</Typography.Text>
        </Checkbox>
        <Flex gap={8}>
          {onCancel ? <Button onClick={onCancel}>{t('actions.cancel')}</Button> : null}
          <Button
            type="primary"
            loading={sending}
            disabled={requireContentToSend && isBlankRichText(html)}
            onClick={() => void submit()}
          >
            {submitLabel}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
