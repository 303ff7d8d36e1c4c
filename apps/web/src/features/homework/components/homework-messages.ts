import { formatMessage, type MessageParams } from '@lectern/contracts/common/messages';
import { homeworkMessages } from '@lectern/contracts/homework/homework.messages';
import { currentLocale } from '../../../shared/i18n/i18n.ts';

export type HomeworkMessageKey = keyof typeof homeworkMessages;

/**
 * The sentence the server sends for a homework rule, in the current language: a rule checked in the
 * browser first says exactly what the server would say for the same input.
 */
export function homeworkMessage(key: HomeworkMessageKey, params?: MessageParams): string {
  return formatMessage(homeworkMessages[key][currentLocale()], params);
}
