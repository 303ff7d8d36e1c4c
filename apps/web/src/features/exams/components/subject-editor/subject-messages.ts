import { formatMessage, type MessageParams } from '@lectern/contracts/common/messages';
import { subjectMessages } from '@lectern/contracts/exams/subject.messages';
import { currentLocale, i18n } from '../../../../shared/i18n/i18n.ts';

type Issue = { message: string; minimum?: unknown; maximum?: unknown };

/**
 * The contract's question rules name catalogue keys; the editor shows the very sentence the server would
 * send for the same input, in the current language, with the rule's bounds filled in.
 */
export function subjectIssueMessage(issue: Issue): string {
  const entry = Object.hasOwn(subjectMessages, issue.message)
    ? subjectMessages[issue.message as keyof typeof subjectMessages]
    : undefined;
  if (!entry) return i18n.t('exams:editor.fieldInvalid');
  const params: Record<string, string | number> = {};
  for (const name of ['minimum', 'maximum'] as const) {
    const value = issue[name];
    if (typeof value === 'number' || typeof value === 'bigint') params[name] = Number(value);
  }
  return formatMessage(entry[currentLocale()], params as MessageParams);
}
