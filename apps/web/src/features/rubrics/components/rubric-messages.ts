import { formatMessage, type MessageParams } from '@lectern/contracts/common/messages';
import { rubricsMessages } from '@lectern/contracts/rubrics/rubrics.messages';
import { isApiError } from '../../../shared/api/http-client.ts';
import { currentLocale, i18n } from '../../../shared/i18n/i18n.ts';

type Issue = { message: string; minimum?: unknown; maximum?: unknown };

/**
 * The contract's rubric rules name catalogue keys; the editor shows the very sentence the server would
 * send for the same input, in the current language, with the rule's bounds filled in.
 */
export function rubricIssueMessage(issue: Issue): string {
  const entry = Object.hasOwn(rubricsMessages, issue.message)
    ? rubricsMessages[issue.message as keyof typeof rubricsMessages]
    : undefined;
  if (!entry) return i18n.t('rubrics:editor.fieldInvalid');
  const params: Record<string, string | number> = {};
  for (const name of ['minimum', 'maximum'] as const) {
    const value = issue[name];
    if (typeof value === 'number' || typeof value === 'bigint') params[name] = Number(value);
  }
  return formatMessage(entry[currentLocale()], params as MessageParams);
}

/**
 * Spec 001 section 8: a failed save says 'save failed' plus the server's error text joined — every field
 * message once, or the summary when there are none.
 */
export function saveFailedText(error: unknown): string {
  const prefix = i18n.t('rubrics:editor.saveFailed');
  if (!isApiError(error)) return `${prefix}: ${i18n.t('shared:errors.unexpected')}`;
  const details = [...new Set(Object.values(error.errors).flat())];
  return `${prefix}: ${(details.length > 0 ? details : [error.message]).join('; ')}`;
}

/** Server field messages by path (first of each), for showing under the editor's inputs. */
export function rubricErrorsFromServer(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(error.errors)) {
    if (messages[0]) out[path] = messages[0];
  }
  return out;
}
