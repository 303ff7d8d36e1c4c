import type { Locale } from '@lectern/contracts/common/locale';
import type { MessageParams } from '@lectern/contracts/common/messages';
import type { MessageKey } from '../../platform/messages.ts';
import { escapeHtml } from './interchange-text.ts';
import { emptyQuestion, type QuestionModel } from './question-model.ts';
import { ReaderWarnings } from './reader-warnings.ts';

/**
 * Aiken (Moodle's simplest format): a question's text, options `A.` / `A)`, then `ANSWER: B`. Everything
 * is plain text and every question is a single choice. A question without a usable answer is kept without
 * one, noted on the question; a block that cannot be a question at all becomes a warning naming its line,
 * and reading resumes after it.
 */
const OPTION_LINE = /^([A-Z])[.)．）](?:\s+|$)(.*)$/;
/** "A)Paris": no space after the letter, as many teachers type it; taken only where that letter is due. */
const TIGHT_OPTION_LINE = /^([A-Z])[)）](\S.*)$/;
const ANSWER_LINE = /^ANSWER\s*[:：]\s*(.*?)\s*$/i;

type Draft = { line: number; stem: string[]; options: string[] };

export function readAiken(
  text: string,
  options: { locale: Locale },
): { questions: QuestionModel[]; warnings: string[] } {
  const warnings = new ReaderWarnings(options.locale);
  const questions: QuestionModel[] = [];
  let draft: Draft | null = null;
  // After a broken block, lines are skipped up to its ANSWER line or the next blank line.
  let skipping = false;
  const fail = (key: MessageKey, params: MessageParams) => {
    warnings.add(key, params);
    skipping = true;
    return null;
  };
  // A question whose answer is missing or not an option is kept without one: the preview shows the missing
  // answer as an error on its card, with the note saying what the file had.
  const keepUnanswered = (kept: Draft, key: MessageKey, params: MessageParams) => {
    warnings.beginQuestion();
    warnings.note(key, params);
    questions.push({ ...toQuestion(kept, -1), notes: warnings.endQuestion() });
  };

  for (const [index, raw] of text.split(/\r\n?|\n/).entries()) {
    const line = raw.trim();
    const lineNumber = index + 1;
    const answer = ANSWER_LINE.exec(line);
    const tight = TIGHT_OPTION_LINE.exec(line);
    const due = String.fromCharCode(65 + (draft?.options.length ?? 0));
    const option = OPTION_LINE.exec(line) ?? (draft && tight?.[1] === due ? tight : null);
    if (skipping) {
      skipping = line !== '' && !answer;
    } else if (line === '') {
      // A question's text must reach its options without a gap: a text on its own is not a question.
      if (draft && draft.options.length === 0) {
        warnings.add('interchange.aikenOptionsMissing', { line: draft.line });
        draft = null;
      }
    } else if (answer) {
      const letter = (answer[1] ?? '').toUpperCase();
      const chosen = /^[A-Z]$/.test(letter) ? letter.charCodeAt(0) - 65 : -1;
      if (!draft || draft.options.length < 2) {
        warnings.add('interchange.aikenOptionsMissing', { line: draft?.line ?? lineNumber });
      } else if (chosen < 0 || chosen >= draft.options.length) {
        keepUnanswered(draft, 'interchange.aikenAnswerInvalidKept', {
          line: lineNumber,
          answer: answer[1] ?? '',
        });
      } else {
        questions.push(toQuestion(draft, chosen));
      }
      draft = null;
    } else if (option) {
      const expected = String.fromCharCode(65 + (draft?.options.length ?? 0));
      if (!draft) draft = fail('interchange.aikenStemMissing', { line: lineNumber });
      else if (option[1] !== expected) {
        draft = fail('interchange.aikenOptionOrder', { line: lineNumber, letter: option[1] ?? '', expected });
      } else draft.options.push(option[2] ?? '');
    } else if (draft && draft.options.length > 0) {
      // Text after the options: the previous question never got its ANSWER line; this one starts here.
      if (draft.options.length >= 2) {
        keepUnanswered(draft, 'interchange.aikenAnswerMissingKept', { line: draft.line });
      } else warnings.add('interchange.aikenAnswerMissing', { line: draft.line });
      draft = { line: lineNumber, stem: [line], options: [] };
    } else if (draft) {
      draft.stem.push(line);
    } else {
      draft = { line: lineNumber, stem: [line], options: [] };
    }
  }

  if (draft && draft.options.length >= 2) {
    keepUnanswered(draft, 'interchange.aikenAnswerMissingKept', { line: draft.line });
  } else if (draft) {
    warnings.add(
      draft.options.length === 0 ? 'interchange.aikenOptionsMissing' : 'interchange.aikenAnswerMissing',
      { line: draft.line },
    );
  }
  return { questions, warnings: warnings.list() };
}

function toQuestion(draft: Draft, answerIndex: number): QuestionModel {
  return {
    ...emptyQuestion('single_selection'),
    description: draft.stem.map(escapeHtml).join('<br>'),
    options: draft.options.map((content, index) => ({
      content: escapeHtml(content),
      is_answer: index === answerIndex,
    })),
  };
}
