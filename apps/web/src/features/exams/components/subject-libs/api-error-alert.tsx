import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/http-client.ts';

/**
 * A failed write shown inside a dialog: the server's field messages when it sent some (a copy that would
 * pass the exam's total points, a folder that is not empty), else its summary.
 */
export function ApiErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('shared');
  if (!error) return null;
  const lines = isApiError(error)
    ? [...new Set(Object.values(error.errors).flatMap((messages) => messages.slice(0, 1)))]
    : [];
  const summary = isApiError(error) ? error.message : t('errors.unexpected');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={lines.length > 0 ? lines.map((line) => <div key={line}>{line}</div>) : summary}
    />
  );
}
