import type { Locale } from '@lectern/contracts/common/locale';
import { templateLangOf } from '@lectern/contracts/data-import/data-import.schemas';
import {
  BLANK_MARK,
  FORMAT_VOCABULARY,
  type FormatVocabulary,
} from '@lectern/contracts/data-import/question-format';
import { parseDecimal, rangeAnswer, toleranceAnswer } from '@lectern/contracts/exams/numeric-answer';
import { appendBlank, escapeHtml, textToHtml, type TextFormat } from './interchange-text.ts';
import { emptyQuestion, type QuestionModel } from './question-model.ts';
import { ReaderWarnings } from './reader-warnings.ts';

/**
 * GIFT, Moodle's text format (https://docs.moodle.org/en/GIFT_format), read the way Moodle reads it:
 * questions are separated by blank lines, `//` starts a comment line, `$CATEGORY:` lines are skipped,
 * each question is `::title::` `[format]` text `{answers}` (text after the answers makes a "missing
 * word" question, whose answers stand in a blank of the sentence).
 */

/** Escaped specials become private-use characters so the structure can be split on the bare ones. */
const PROTECTED: Record<string, string> = {
  '\\': '\ue000',
  '~': '\ue001',
  '=': '\ue002',
  '#': '\ue003',
  '{': '\ue004',
  '}': '\ue005',
  ':': '\ue006',
};
const RESTORED = Object.fromEntries(Object.entries(PROTECTED).map(([char, mark]) => [mark, char]));

function protect(text: string): string {
  return text.replace(/\\([\\~=#{}:n])/g, (_whole, char: string) =>
    char === 'n' ? '\n' : (PROTECTED[char] ?? char),
  );
}

function restore(text: string): string {
  return text.replace(/[\ue000-\ue006]/g, (mark) => RESTORED[mark] ?? mark);
}

const FORMAT_TAG = /^\s*\[(html|moodle|plain|markdown)\]/i;

function takeFormat(text: string, fallback: TextFormat): { format: TextFormat; text: string } {
  const tag = FORMAT_TAG.exec(text);
  if (!tag) return { format: fallback, text };
  return { format: (tag[1] ?? '').toLowerCase() as TextFormat, text: text.slice(tag[0].length) };
}

/** `category`: the `$CATEGORY:` path in force where the block starts, as written; null before any. */
type Block = { line: number; text: string; category: string | null };

/**
 * Splits the file into question blocks on blank lines, dropping comment lines; a `$CATEGORY:` line files
 * the questions after it.
 */
function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let category: string | null = null;
  let current: { line: number; lines: string[]; category: string | null } | null = null;
  const flush = (block: typeof current) => {
    if (block) blocks.push({ line: block.line, text: block.lines.join('\n'), category: block.category });
  };
  for (const [index, line] of text.split(/\r\n?|\n/).entries()) {
    const trimmed = line.trim();
    if (trimmed.startsWith('//')) continue;
    if (trimmed.startsWith('$CATEGORY:')) {
      category = trimmed.slice('$CATEGORY:'.length).trim() || null;
      continue;
    }
    if (trimmed === '') {
      flush(current);
      current = null;
    } else if (current) {
      current.lines.push(line);
    } else {
      current = { line: index + 1, lines: [line], category };
    }
  }
  flush(current);
  return blocks;
}

/** One answer: `=` or `~` (or `->`-paired for matching), an optional `%weight%`, its text, its feedback. */
type Item = { mark: '=' | '~'; weight: number | null; text: string; feedback: string };

function parseItem(mark: '=' | '~', body: string): Item {
  const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(body);
  const rest = weight ? body.slice(weight[0].length) : body;
  const hash = rest.indexOf('#');
  return {
    mark,
    weight: weight ? Number(weight[1]) : null,
    text: (hash < 0 ? rest : rest.slice(0, hash)).trim(),
    feedback: hash < 0 ? '' : rest.slice(hash + 1).trim(),
  };
}

/** `=a ~b ~%50%c` → items; null when text stands before the first mark. */
function splitItems(answers: string): Item[] | null {
  const trimmed = answers.trim();
  if (trimmed === '' || (trimmed[0] !== '=' && trimmed[0] !== '~')) return null;
  return [...trimmed.matchAll(/([=~])([^=~]*)/g)].map((m) => parseItem(m[1] as '=' | '~', m[2] ?? ''));
}

const isFullCredit = (item: Item) => item.mark === '=' && (item.weight === null || item.weight === 100);

/** What the answer block says, before it becomes a question model. */
type Answers =
  | { kind: 'essay' }
  | { kind: 'true_false'; value: boolean; feedback: boolean }
  | { kind: 'choice'; items: Item[] }
  /** `partial`: answers worth part of the points, which a blank (right or wrong) cannot keep. */
  | { kind: 'short'; answers: string[]; feedback: boolean; partial: Item[]; items: Item[] }
  | { kind: 'numerical'; answers: string[]; feedback: boolean; partial: Item[]; items: Item[] }
  | { kind: 'matching'; pairs: { left: string; right: string }[] };

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * `{#…}` answers. The numbers stay as written: `3.141..3.142` and `3.14:0.005` (kept as `3.14±0.005`)
 * become accepted answers the grader reads as ranges, never computed into floating point.
 */
function parseNumerical(body: string): Answers | null {
  const items = /^\s*[=~]/.test(body) ? splitItems(body) : [parseItem('=', body)];
  if (!items) return null;
  const answers: string[] = [];
  for (const item of items.filter(isFullCredit)) {
    const answer = numericAnswer(item.text);
    if (answer === null) return null;
    answers.push(answer);
  }
  if (answers.length === 0) return null;
  return {
    kind: 'numerical',
    answers,
    feedback: items.some((item) => item.feedback !== ''),
    partial: items.filter((item) => !isFullCredit(item) && (item.weight ?? 0) > 0),
    items,
  };
}

/** One numeric answer as Lectern accepts it: `3`, `3.141..3.142`, `3.14±0.005`; null when not a number. */
function numericAnswer(text: string): string | null {
  const range = /^(.+?)\.\.(.+)$/.exec(text);
  if (range) {
    const [low, high] = [range[1]?.trim() ?? '', range[2]?.trim() ?? ''];
    if (!NUMBER.test(low) || !NUMBER.test(high)) return null;
    return low === high ? low : rangeAnswer(low, high);
  }
  const [value = '', margin] = text.split(':').map((part) => part.trim());
  if (!NUMBER.test(value) || (margin !== undefined && !NUMBER.test(margin))) return null;
  return margin === undefined || parseDecimal(margin)?.digits === 0n ? value : toleranceAnswer(value, margin);
}

function parseAnswers(text: string): Answers | null {
  const answers = text.trim();
  if (answers === '') return { kind: 'essay' };
  if (answers.startsWith('#')) return parseNumerical(answers.slice(1).trim());
  if (answers.includes('~')) {
    const items = splitItems(answers);
    return items && items.length > 0 ? { kind: 'choice', items } : null;
  }
  if (answers.includes('=') && answers.includes('->')) {
    const items = splitItems(answers);
    if (!items) return null;
    const pairs = items.map((item) => {
      const arrow = item.text.indexOf('->');
      return arrow < 0
        ? null
        : { left: item.text.slice(0, arrow).trim(), right: item.text.slice(arrow + 2).trim() };
    });
    if (pairs.some((pair) => pair === null || pair.right === '')) return null;
    if (!pairs.some((pair) => pair?.left !== '')) return null;
    return { kind: 'matching', pairs: pairs as { left: string; right: string }[] };
  }
  const [head = '', ...feedback] = answers.split('#');
  if (/^(T|TRUE|F|FALSE)$/i.test(head.trim())) {
    return {
      kind: 'true_false',
      value: head.trim().toUpperCase().startsWith('T'),
      feedback: feedback.some((part) => part.trim() !== ''),
    };
  }
  const items = splitItems(answers);
  if (!items) return null;
  const accepted = items.filter(isFullCredit).map((item) => restore(item.text));
  if (accepted.length === 0) return null;
  return {
    kind: 'short',
    answers: accepted,
    feedback: items.some((item) => item.feedback !== ''),
    partial: items.filter((item) => !isFullCredit(item) && (item.weight ?? 0) > 0),
    items,
  };
}

export function readGift(
  text: string,
  options: { locale: Locale },
): { questions: QuestionModel[]; warnings: string[] } {
  const warnings = new ReaderWarnings(options.locale);
  const vocabulary = FORMAT_VOCABULARY[templateLangOf(options.locale)];
  const questions: QuestionModel[] = [];
  let number = 0;

  for (const block of splitBlocks(text)) {
    number += 1;
    let rest = protect(block.text).trim();
    const title = /^::([\s\S]*?)::/.exec(rest);
    if (title) rest = rest.slice(title[0].length);
    const label = (title && restore(title[1] ?? '').trim()) || warnings.questionLabel(number);
    const { format, text: body } = takeFormat(rest, 'moodle');

    const open = body.indexOf('{');
    if (open < 0) {
      warnings.add('interchange.giftNoAnswers', { line: block.line });
      continue;
    }
    const close = body.indexOf('}', open);
    if (close < 0) {
      warnings.add('interchange.giftUnclosed', { line: block.line });
      continue;
    }
    let answerText = body.slice(open + 1, close);
    let generalFeedback = '';
    const feedbackAt = answerText.indexOf('####');
    if (feedbackAt >= 0) {
      generalFeedback = answerText.slice(feedbackAt + 4);
      answerText = answerText.slice(0, feedbackAt);
    }
    const answers = parseAnswers(answerText);
    if (!answers) {
      const shown = restore(answerText).trim();
      warnings.add('interchange.giftAnswersInvalid', {
        line: block.line,
        answers: shown.length > 60 ? `${shown.slice(0, 60)}…` : shown,
      });
      continue;
    }

    const before = body.slice(0, open);
    const after = body.slice(close + 1);
    const inSentence = after.trim() !== '';
    const takesBlank = answers.kind === 'choice' || answers.kind === 'short' || answers.kind === 'numerical';
    const stem = !inSentence
      ? before
      : takesBlank
        ? `${before}${BLANK_MARK}${after}`
        : `${before.trimEnd()} ${after.trimStart()}`;
    const description = textToHtml(restore(stem), format);
    const html = (value: string) => {
      const own = takeFormat(value, format);
      return textToHtml(restore(own.text), own.format);
    };

    const question = toQuestion(answers, { description, html, vocabulary, inSentence });
    // GIFT carries no grade: Moodle gives each question 1 point, and so do we, written where the teacher sees it.
    question.point = 1;
    // Feedback on single answers has no place of its own in Lectern: it is kept in the explanation,
    // one line per answer ("London: No, that is in England."), after the general feedback.
    const explanation = [
      html(generalFeedback),
      ...answerFeedback(answers).map(([answer, note]) => `${html(answer)}: ${html(note)}`),
    ]
      .filter((part) => part !== '')
      .map((part, _i, all) => (all.length > 1 ? `<p>${part}</p>` : part))
      .join('');
    question.answer_explanation = explanation === '' ? null : explanation;
    // What Lectern cannot keep is said on the question itself, where the teacher previews it.
    warnings.beginQuestion();
    // The title names the question for the teaching team: kept as its note, as is where it was filed.
    question.note = title ? warnings.noteFromName(restore(title[1] ?? '')) : null;
    question.category = block.category;
    if (answers.kind === 'short' || answers.kind === 'numerical') {
      const dropped = answers.partial.map((item) => `${restore(item.text)} (${item.weight ?? 0}%)`);
      if (dropped.length > 0) {
        warnings.note('interchange.partialAnswersDropped', { question: label, answers: dropped.join(', ') });
      }
    }
    question.notes = warnings.endQuestion();
    questions.push(question);
  }
  return { questions, warnings: warnings.list() };
}

/** Each answer's own feedback, with the answer it belongs to. */
function answerFeedback(answers: Answers): [string, string][] {
  return 'items' in answers
    ? answers.items.filter((item) => item.feedback !== '').map((item) => [item.text, item.feedback])
    : [];
}

function toQuestion(
  answers: Answers,
  context: {
    description: string;
    html: (text: string) => string;
    vocabulary: FormatVocabulary;
    inSentence: boolean;
  },
): QuestionModel {
  const { description, html, vocabulary, inSentence } = context;
  switch (answers.kind) {
    case 'essay':
      return { ...emptyQuestion('short_answer'), description };
    case 'true_false':
      return {
        ...emptyQuestion('true_or_false'),
        description,
        options: [
          { content: vocabulary.trueWords[0] ?? 'True', is_answer: answers.value },
          { content: vocabulary.falseWords[0] ?? 'False', is_answer: !answers.value },
        ],
      };
    case 'choice': {
      // Moodle's rule: an `=` answer makes a one-answer question; weights alone make a several-answer one.
      const single = answers.items.some((item) => item.mark === '=');
      const weightOf = (item: Item) =>
        Math.max(-1, Math.min(1, (item.weight ?? (item.mark === '=' ? 100 : 0)) / 100));
      // Partial credit is kept as option weights: a several-answer question's weights always (they are how
      // Moodle grades it), a one-answer question's when a near miss earns something.
      const weighted = single
        ? answers.items.some((item) => item.mark === '~' && (item.weight ?? 0) > 0)
        : answers.items.some((item) => item.weight !== null);
      return {
        ...emptyQuestion(single ? 'single_selection' : 'multiple_selection'),
        description,
        options: answers.items.map((item) => ({
          content: html(item.text),
          is_answer: single ? item.mark === '=' : (item.weight ?? 0) > 0,
          ...(weighted ? { weight: weightOf(item) } : {}),
        })),
      };
    }
    case 'short':
    case 'numerical':
      return {
        ...emptyQuestion('fill_in_blank'),
        description: inSentence ? description : appendBlank(description),
        blanks: [{ answers: answers.answers }],
      };
    case 'matching': {
      const options: string[] = [];
      const pairs: QuestionModel['pairs'] = [];
      for (const pair of answers.pairs) {
        const right = escapeHtml(restore(pair.right));
        if (!options.includes(right)) options.push(right);
        // A pair without a left side only adds a distractor to the right-hand column.
        if (pair.left !== '') pairs.push({ content: html(pair.left), option_index: options.indexOf(right) });
      }
      return {
        ...emptyQuestion('matching'),
        description,
        options: options.map((content) => ({ content, is_answer: false })),
        pairs,
      };
    }
  }
}
