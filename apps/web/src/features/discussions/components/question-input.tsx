import { CompressOutlined, ExpandOutlined, UserOutlined } from '@ant-design/icons';
import { DISCUSSION_LIMITS } from '@lectern/contracts/discussions/discussions.schemas';
import { Avatar, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postErrorText } from './post-errors.ts';
import { useThrottledCallback } from './use-throttled-callback.ts';

/** Spec 001 section 9: one question submit per 2 seconds. */
export const QUESTION_SUBMIT_THROTTLE_MS = 2000;
/** The box grows from 1 to 5 rows as the question gets longer, or shows 20 rows when expanded. */
const ROWS = { min: 1, max: 5, expanded: 20 } as const;

export interface QuestionInputProps {
  avatarUrl: string | null;
  /** Posts the question; a rejection shows its message under the box. */
  onSubmit: (values: { content: string; anonymous: boolean }) => Promise<unknown>;
}

/**
 * The question box for learners: avatar, a 1–5 row box (20 expanded) of at most 500 characters, and
 * once focused the expand toggle, the anonymous checkbox and submit. Sending it empty only folds it up.
 */
export function QuestionInput({ avatarUrl, onSubmit }: QuestionInputProps) {
  const { t } = useTranslation('discussions');
  const [content, setContent] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [active, setActive] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const limit = DISCUSSION_LIMITS.questionContentMax;

  const submit = useThrottledCallback(() => {
    const text = content.trim();
    if (!text) {
      setActive(false);
      setExpanded(false);
      return;
    }
    if (text.length > limit) {
      setError(t('questions.tooLong', { max: limit }));
      return;
    }
    setSending(true);
    onSubmit({ content: text, anonymous }).then(
      () => {
        setContent('');
        setAnonymous(false);
        setError(null);
        setExpanded(false);
        setSending(false);
      },
      (failure: unknown) => {
        setError(postErrorText(failure));
        setSending(false);
      },
    );
  }, QUESTION_SUBMIT_THROTTLE_MS);

  const rows = expanded
    ? { minRows: ROWS.expanded, maxRows: ROWS.expanded }
    : { minRows: ROWS.min, maxRows: ROWS.max };

  return (
    <Flex gap={8} align="flex-start" style={{ padding: 12, borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Avatar src={avatarUrl ?? undefined} icon={<UserOutlined aria-hidden />} alt="" />
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
        <Form.Item
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
          style={{ marginBottom: 0 }}
        >
          <Input.TextArea
            aria-label={t('questions.boxLabel')}
            placeholder={t('questions.placeholder')}
            value={content}
            maxLength={limit}
            showCount
            autoSize={rows}
            onFocus={() => {
              setError(null);
              setActive(true);
            }}
            onChange={(event) => setContent(event.target.value)}
          />
        </Form.Item>
        {active ? (
          <Flex align="center" justify="space-between" gap={8} wrap>
            <Flex align="center" gap={8} wrap>
              <Button
                size="small"
                type="text"
                aria-expanded={expanded}
                icon={expanded ? <CompressOutlined aria-hidden /> : <ExpandOutlined aria-hidden />}
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? t('questions.collapse') : t('questions.expand')}
              </Button>
              <Checkbox checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)}>
                {t('form.anonymous')}
                <Typography.Text type="secondary"> {t('form.anonymousNote')}</Typography.Text>
              </Checkbox>
            </Flex>
            <Button type="primary" size="small" loading={sending} onClick={() => submit()}>
              {t('questions.submit')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Flex>
  );
}
