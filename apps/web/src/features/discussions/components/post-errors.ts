import { isApiError } from '../../../shared/api/http-client.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';

/**
 * The sentence to show under a field when sending failed: the field's own error, else the first error of
 * a field the form does not show (e.g. a question time), else the server's message.
 */
export function postErrorText(error: unknown, field = 'content'): string {
  if (isApiError(error)) {
    return (
      error.errors[field]?.[0] ??
      Object.values(error.errors).find((messages) => messages.length > 0)?.[0] ??
      error.message
    );
  }
  return i18n.t('shared:errors.unexpected');
}
