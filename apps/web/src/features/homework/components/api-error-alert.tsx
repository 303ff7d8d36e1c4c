import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';

/**
 * A refused request in words: the server's message, then each field's first message, so nothing the
 * server said is lost even when no input on screen matches the field.
 */
export function ApiErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('shared');
  if (!error) return null;
  const message = isApiError(error) ? error.message : t('errors.unexpected');
  const fieldMessages = isApiError(error)
    ? Object.values(error.errors)
        .map((messages) => messages[0])
        .filter((text): text is string => Boolean(text) && text !== message)
    : [];
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={message}
      description={
        fieldMessages.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {[...new Set(fieldMessages)].map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
