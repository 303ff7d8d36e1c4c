import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Locale } from '@lectern/contracts/common/locale';
import { templateLangOf } from '@lectern/contracts/data-import/data-import.schemas';
import { BLANK_MARK, FORMAT_VOCABULARY } from '@lectern/contracts/data-import/question-format';
import { parseDecimal, toleranceAnswer } from '@lectern/contracts/exams/numeric-answer';
import {
  appendBlank,
  decodeEntities,
  escapeHtml,
  htmlToText,
  roundPoint,
  textToHtml,
  type TextFormat,
} from './interchange-text.ts';
import { emptyQuestion, type QuestionModel } from './question-model.ts';
import { ReaderWarnings } from './reader-warnings.ts';

/**
 * Moodle XML (https://docs.moodle.org/en/Moodle_XML_format): `<quiz>` holding `<question type=…>`
 * elements. The parser expands no entities at all, so nothing a DOCTYPE declares is ever expanded; the
 * five XML entities and character references are decoded here, outside CDATA only.
 */

type XmlElement = { name: string; attrs: Record<string, string>; children: XmlNode[] };
type XmlNode = XmlElement | string;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
});

type OrderedNode = Record<string, unknown>;

function toNodes(ordered: unknown): XmlNode[] {
  if (!Array.isArray(ordered)) return [];
  const nodes: XmlNode[] = [];
  for (const entry of ordered as OrderedNode[]) {
    const name = Object.keys(entry).find((key) => key !== ':@');
    if (name === undefined || name.startsWith('?')) continue;
    if (name === '#text') {
      nodes.push(decodeEntities(String(entry[name]), XML_ENTITIES));
    } else if (name === '#cdata') {
      nodes.push((entry[name] as OrderedNode[]).map((part) => String(part['#text'] ?? '')).join(''));
    } else {
      const attrs: Record<string, string> = {};
      for (const [key, value] of Object.entries((entry[':@'] as Record<string, unknown>) ?? {})) {
        attrs[key] = decodeEntities(String(value), XML_ENTITIES);
      }
      nodes.push({ name, attrs, children: toNodes(entry[name]) });
    }
  }
  return nodes;
}

const isElement = (node: XmlNode): node is XmlElement => typeof node !== 'string';

function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter(isElement).filter((child) => child.name === name) : [];
}

function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return children(element, name)[0];
}

function ownText(element: XmlElement | undefined): string {
  return element ? element.children.filter((node) => typeof node === 'string').join('') : '';
}

/** `<x><text>…</text></x>`, the shape of every Moodle text field. */
function textOf(element: XmlElement | undefined): string {
  return ownText(child(element, 'text')).trim();
}

const FORMATS: Record<string, TextFormat> = {
  html: 'html',
  plain_text: 'plain',
  markdown: 'markdown',
  moodle_auto_format: 'moodle',
};

type Context = {
  warnings: ReaderWarnings;
  label: string;
  trueWord: string;
  falseWord: string;
};

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

/**
 * A picture the file carries (a `<file>` of a text field, Moodle 1.9's `<image_base64>`), as an inline
 * data URL: the convert step stores each one as an upload and points the `<img>` at it.
 */
function dataUrl(name: string, base64: string): string | null {
  const type = IMAGE_TYPES[name.split('.').pop()?.toLowerCase() ?? ''];
  const data = base64.replace(/\s+/g, '');
  return type && /^[A-Za-z0-9+/]+=*$/.test(data) ? `data:${type};base64,${data}` : null;
}

/** A formatted Moodle text field as HTML; its embedded pictures inline, others as a visible placeholder. */
function richText(element: XmlElement | undefined, context: Context): string {
  if (!element) return '';
  const format = FORMATS[element.attrs.format ?? 'html'] ?? 'html';
  let html = textToHtml(textOf(element), format);
  const files = new Map(
    children(element, 'file').map((file) => [
      file.attrs.name ?? '',
      dataUrl(file.attrs.name ?? '', ownText(file)),
    ]),
  );
  html = html.replace(
    /<img\b[^>]*?\bsrc\s*=\s*(["'])@@PLUGINFILE@@\/([^"']*)\1[^>]*>/gi,
    (tag, quote: string, path: string) => {
      const url = files.get(fileName(path));
      if (url) return tag.replace(`${quote}@@PLUGINFILE@@/${path}${quote}`, `"${url}"`);
      return escapeHtml(context.warnings.imagePlaceholder(fileName(path)));
    },
  );
  // A file of a type no browser shows cannot be kept: said once per read.
  if ([...files.values()].some((url) => url === null)) context.warnings.imageDropped();
  return html;
}

/** Moodle 1.9 kept a question's picture beside its text: `<image>` (its name) and `<image_base64>`. */
function legacyImage(question: XmlElement, context: Context): string {
  const name = ownText(child(question, 'image')).trim();
  const base64 = ownText(child(question, 'image_base64'));
  if (name === '' && base64.trim() === '') return '';
  const url = base64.trim() !== '' ? dataUrl(name || 'image.png', base64) : null;
  if (!url) return escapeHtml(context.warnings.imagePlaceholder(fileName(name)));
  return `<p><img src="${url}" alt="${escapeHtml(fileName(name))}"></p>`;
}

function fileName(path: string): string {
  const name = path.split('/').pop() ?? path;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

const fraction = (answer: XmlElement) => Number.parseFloat(answer.attrs.fraction ?? '0') || 0;

function noteFeedback(answers: XmlElement[], context: Context): void {
  if (answers.some((answer) => htmlToText(textOf(child(answer, 'feedback'))) !== '')) {
    context.warnings.note('interchange.feedbackDropped', { questions: context.label });
  }
}

/** A read question, or the warning that says why it is not imported (null: skipped silently). */
type Read =
  QuestionModel | { warning: 'interchange.answersUnreadable' | 'interchange.clozeUnsupported' } | null;

function readMultichoice(question: XmlElement, base: QuestionModel, context: Context): Read {
  const answers = children(question, 'answer');
  if (answers.length === 0) return { warning: 'interchange.answersUnreadable' };
  noteFeedback(answers, context);
  const single = !['false', '0'].includes(ownText(child(question, 'single')).trim().toLowerCase());
  const best = Math.max(...answers.map(fraction));
  // Partial credit stays as option weights: a several-answer question's always (they are how Moodle grades
  // it), a one-answer question's when a near miss earns something.
  const weighted = single ? answers.some((answer) => fraction(answer) > 0 && fraction(answer) < best) : true;
  return {
    ...base,
    type: single ? 'single_selection' : 'multiple_selection',
    options: answers.map((answer) => ({
      content: richText(answer, context),
      // A one-answer question may give partial credit to near misses: its answer is the best one.
      is_answer: single ? fraction(answer) > 0 && fraction(answer) === best : fraction(answer) > 0,
      ...(weighted ? { weight: Math.max(-1, Math.min(1, fraction(answer) / 100)) } : {}),
    })),
  };
}

function readTrueFalse(question: XmlElement, base: QuestionModel, context: Context): Read {
  const answers = children(question, 'answer');
  const valueOf = (word: string) => answers.find((answer) => textOf(answer).toLowerCase() === word);
  const right = valueOf('true');
  const wrong = valueOf('false');
  if (!right && !wrong) return { warning: 'interchange.answersUnreadable' };
  noteFeedback(answers, context);
  const isTrue = right ? fraction(right) > 0 : !(wrong && fraction(wrong) > 0);
  return {
    ...base,
    type: 'true_or_false',
    options: [
      { content: context.trueWord, is_answer: isTrue },
      { content: context.falseWord, is_answer: !isTrue },
    ],
  };
}

/**
 * Short answer and numerical: one blank accepting every full-mark answer (`*` accepts anything: dropped).
 * A numerical answer's tolerance stays as written (`3.14±0.01`), for the grader to read as a range.
 */
function readOneBlank(question: XmlElement, base: QuestionModel, context: Context): Read {
  const answers = children(question, 'answer');
  const numerical = question.attrs.type === 'numerical';
  const accepted = answers
    .filter((answer) => fraction(answer) >= 100)
    .map((answer) => {
      const text = textOf(answer);
      const tolerance = ownText(child(answer, 'tolerance')).trim();
      const withTolerance =
        numerical && DECIMAL.test(text) && DECIMAL.test(tolerance) && parseDecimal(tolerance)?.digits !== 0n;
      return withTolerance ? toleranceAnswer(text, tolerance) : text;
    })
    .filter((text) => text !== '' && text !== '*');
  if (accepted.length === 0) return { warning: 'interchange.answersUnreadable' };
  noteFeedback(answers, context);
  const partial = answers.filter((answer) => fraction(answer) > 0 && fraction(answer) < 100);
  if (partial.length > 0) {
    context.warnings.note('interchange.partialAnswersDropped', {
      question: context.label,
      answers: partial.map((answer) => `${textOf(answer)} (${fraction(answer)}%)`).join(', '),
    });
  }
  const caseSensitive = !numerical && ownText(child(question, 'usecase')).trim() === '1';
  return {
    ...base,
    type: 'fill_in_blank',
    description: appendBlank(base.description),
    blanks: [{ answers: accepted }],
    settings: caseSensitive ? { case_sensitive: true } : {},
  };
}

function readEssay(question: XmlElement, base: QuestionModel, context: Context): Read {
  const answer = richText(child(question, 'graderinfo'), context);
  return { ...base, type: 'short_answer', answer: answer === '' ? null : answer };
}

function readMatching(question: XmlElement, base: QuestionModel, context: Context): Read {
  const options: string[] = [];
  const pairs: QuestionModel['pairs'] = [];
  for (const sub of children(question, 'subquestion')) {
    const right = escapeHtml(textOf(child(sub, 'answer')));
    if (right === '') continue;
    if (!options.includes(right)) options.push(right);
    const left = richText(sub, context);
    // A subquestion without text only adds a distractor to the right-hand column.
    if (htmlToText(left) !== '' || /<img/i.test(left))
      pairs.push({ content: left, option_index: options.indexOf(right) });
  }
  if (pairs.length === 0) return { warning: 'interchange.answersUnreadable' };
  return {
    ...base,
    type: 'matching',
    options: options.map((content) => ({ content, is_answer: false })),
    pairs,
  };
}

const CLOZE_GAP = /\{(\d*):([A-Za-z_]+):((?:\\.|[^\\}])*)\}/g;
const BLANK_GAP_TYPES = new Set([
  'SHORTANSWER',
  'SA',
  'MW',
  'SHORTANSWER_C',
  'SAC',
  'MWC',
  'NUMERICAL',
  'NM',
]);
const CASE_SENSITIVE_GAP_TYPES = new Set(['SHORTANSWER_C', 'SAC', 'MWC']);

/** Splits on a separator character that is not escaped with a backslash. */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [''];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '\\' && i + 1 < text.length) {
      parts[parts.length - 1] += char + (text[i + 1] ?? '');
      i += 1;
    } else if (char === separator) {
      parts.push('');
    } else {
      parts[parts.length - 1] += char;
    }
  }
  return parts;
}

const unescapeGap = (text: string) => text.replace(/\\(.)/g, '$1');

const CHOICE_GAP_TYPES = new Set([
  'MULTICHOICE',
  'MC',
  'MULTICHOICE_V',
  'MCV',
  'MULTICHOICE_H',
  'MCH',
  'MULTICHOICE_S',
  'MCS',
  'MULTICHOICE_VS',
  'MCVS',
  'MULTICHOICE_HS',
  'MCHS',
]);
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** One embedded answer: a choice among options, or a blank with its accepted answers (empty: unreadable). */
type Gap =
  | { kind: 'choice'; weight: number; options: QuestionModel['options'] }
  | { kind: 'blank'; weight: number; answers: string[]; caseSensitive: boolean };

/**
 * Embedded answers (Cloze). Only blanks: a fill-in-the-blank question. Only choices: a cloze (one single
 * choice per gap). Both: an analysis question whose sub-questions are the gaps in order. A gap whose
 * answers cannot be read (a NUMERICAL gap whose answer is not a number) is kept without an answer, so the
 * preview shows it as an error on that question, and a warning names it.
 */
function readCloze(base: QuestionModel, context: Context): Read {
  const matches = [...base.description.matchAll(CLOZE_GAP)];
  if (matches.length === 0) return { warning: 'interchange.answersUnreadable' };
  const kinds = matches.map((gap) => (gap[2] ?? '').toUpperCase());
  if (kinds.some((kind) => !BLANK_GAP_TYPES.has(kind) && !CHOICE_GAP_TYPES.has(kind))) {
    return { warning: 'interchange.clozeUnsupported' };
  }
  let feedback = false;
  const partial: string[] = [];
  const gaps: Gap[] = [];
  for (const [index, gap] of matches.entries()) {
    const kind = kinds[index] ?? '';
    const weight = Number.parseInt(gap[1] ?? '', 10) || 1;
    const numerical = kind === 'NUMERICAL' || kind === 'NM';
    const choices = splitUnescaped(gap[3] ?? '', '~').map((choice) => {
      const mark = /^\s*(=|%(-?\d+(?:\.\d+)?)%)?/.exec(choice);
      const percent = mark?.[1] === '=' ? 100 : Number(mark?.[2] ?? 0) || 0;
      const [value = '', ...notes] = splitUnescaped(choice.slice(mark?.[0].length ?? 0), '#');
      feedback ||= notes.some((note) => htmlToText(note) !== '');
      return { full: percent === 100, percent, value: unescapeGap(value) };
    });
    if (CHOICE_GAP_TYPES.has(kind)) {
      const shown = choices.filter((choice) => htmlToText(choice.value) !== '');
      // A near miss that earns something keeps its share as the option's weight.
      const weighted = shown.some((choice) => choice.percent > 0 && choice.percent < 100);
      const options = shown.map((choice) => ({
        content: choice.value.trim(),
        is_answer: choice.full,
        ...(weighted ? { weight: Math.max(-1, Math.min(1, choice.percent / 100)) } : {}),
      }));
      if (options.length < 2 || options.filter((o) => o.is_answer).length !== 1) {
        context.warnings.note('interchange.clozeGapInvalid', { question: context.label, gap: gap[0] });
      }
      gaps.push({ kind: 'choice', weight, options });
      continue;
    }
    const accepted: string[] = [];
    let invalid = false;
    for (const choice of choices) {
      let text = htmlToText(choice.value);
      if (!choice.full) {
        // A blank accepts right answers only: one worth part of the points is said, not silently dropped.
        if (choice.percent > 0) partial.push(`${text} (${choice.percent}%)`);
        continue;
      }
      if (numerical) {
        const [number = '', margin] = text.split(':').map((part) => part.trim());
        if (!DECIMAL.test(number) || (margin !== undefined && !DECIMAL.test(margin))) {
          invalid = true;
          continue;
        }
        text =
          margin === undefined || parseDecimal(margin)?.digits === 0n
            ? number
            : toleranceAnswer(number, margin);
      }
      if (text !== '' && text !== '*') accepted.push(text);
    }
    if (invalid || accepted.length === 0) {
      context.warnings.note('interchange.clozeGapInvalid', { question: context.label, gap: gap[0] });
    }
    gaps.push({
      kind: 'blank',
      weight,
      answers: invalid ? [] : accepted,
      caseSensitive: CASE_SENSITIVE_GAP_TYPES.has(kind),
    });
  }
  if (feedback) context.warnings.note('interchange.feedbackDropped', { questions: context.label });
  if (partial.length > 0) {
    context.warnings.note('interchange.partialAnswersDropped', {
      question: context.label,
      answers: partial.join(', '),
    });
  }

  if (gaps.every((gap) => gap.kind === 'blank')) {
    const blanks = gaps.flatMap((gap) => (gap.kind === 'blank' ? [{ answers: gap.answers }] : []));
    return {
      ...base,
      type: 'fill_in_blank',
      description: base.description.replace(CLOZE_GAP, BLANK_MARK),
      blanks,
      settings: gaps.some((gap) => gap.kind === 'blank' && gap.caseSensitive) ? { case_sensitive: true } : {},
    };
  }
  // Each gap becomes "(n)" in the text, the number of its sub-question; its points are the gap's weight.
  let n = 0;
  const description = base.description.replace(CLOZE_GAP, () => {
    n += 1;
    return `(${n})${BLANK_MARK}`;
  });
  const subs = gaps.map((gap, i): QuestionModel => {
    if (gap.kind === 'choice') {
      return {
        ...emptyQuestion('single_selection'),
        description: `(${i + 1})`,
        point: gap.weight,
        options: gap.options,
      };
    }
    return {
      ...emptyQuestion('fill_in_blank'),
      description: `(${i + 1}) ${BLANK_MARK}`,
      point: gap.weight,
      blanks: [{ answers: gap.answers }],
      settings: gap.caseSensitive ? { case_sensitive: true } : {},
    };
  });
  const allChoices = gaps.every((gap) => gap.kind === 'choice');
  return {
    ...base,
    type: allChoices ? 'cloze' : 'analysis',
    description,
    point: subs.reduce((sum, sub) => sum + sub.point, 0),
    sub_subjects: subs,
  };
}

type Reader = (question: XmlElement, base: QuestionModel, context: Context) => Read;

/** The reader of each supported question type. */
const READERS = new Map<string, Reader>([
  ['multichoice', readMultichoice],
  ['truefalse', readTrueFalse],
  ['shortanswer', readOneBlank],
  ['numerical', readOneBlank],
  ['essay', readEssay],
  ['matching', readMatching],
  ['description', (_question, base) => ({ ...base, type: 'paragraph_desc', point: 0 })],
  ['cloze', (_question, base, context) => readCloze(base, context)],
  ['multianswer', (_question, base, context) => readCloze(base, context)],
]);

function readQuestion(question: XmlElement, context: Context): Read {
  const reader = READERS.get(question.attrs.type ?? '');
  if (!reader) return null;
  const explanation = richText(child(question, 'generalfeedback'), context);
  const knowledge = children(child(question, 'tags'), 'tag')
    .map((tag) => textOf(tag))
    .filter((name, index, all) => name !== '' && all.indexOf(name) === index);
  const base: QuestionModel = {
    ...emptyQuestion('single_selection'),
    description: richText(child(question, 'questiontext'), context) + legacyImage(question, context),
    point: roundPoint(Number.parseFloat(ownText(child(question, 'defaultgrade')))),
    answer_explanation: htmlToText(explanation) === '' && !/<img/i.test(explanation) ? null : explanation,
    knowledge_node_names: knowledge,
  };
  return reader(question, base, context);
}

/** The document's nodes, or the line of its first error. */
function parseXml(text: string): XmlNode[] | number {
  const valid = XMLValidator.validate(text);
  if (valid !== true) return valid.err.line;
  try {
    return toNodes(parser.parse(text));
  } catch {
    return 1;
  }
}

export function readMoodleXml(
  text: string,
  options: { locale: Locale },
): { questions: QuestionModel[]; warnings: string[] } {
  const warnings = new ReaderWarnings(options.locale);
  const vocabulary = FORMAT_VOCABULARY[templateLangOf(options.locale)];
  const trueWord = vocabulary.trueWords[0] ?? 'True';
  const falseWord = vocabulary.falseWords[0] ?? 'False';
  const nodes = parseXml(text);
  if (typeof nodes === 'number') {
    warnings.add('interchange.xmlUnreadable', { line: nodes });
    return { questions: [], warnings: warnings.list() };
  }
  const quiz = nodes.filter(isElement)[0];
  if (!quiz || quiz.name !== 'quiz') {
    warnings.add('interchange.xmlNotQuiz');
    return { questions: [], warnings: warnings.list() };
  }

  const questions: QuestionModel[] = [];
  let number = 0;
  let category: string | null = null;
  for (const question of children(quiz, 'question')) {
    const type = question.attrs.type ?? '';
    // A category entry says where the questions after it were filed in Moodle.
    if (type === 'category') {
      category = textOf(child(question, 'category')) || null;
      continue;
    }
    number += 1;
    const name = textOf(child(question, 'name'));
    const label = name || warnings.questionLabel(number);
    // The losses of a question are noted on it; a question not imported is said for the file instead.
    warnings.beginQuestion();
    const read = readQuestion(question, { warnings, label, trueWord, falseWord });
    const note = read !== null && !('warning' in read) ? warnings.noteFromName(name) : null;
    const notes = warnings.endQuestion();
    if (read === null) warnings.add('interchange.typeUnsupported', { question: label, type });
    else if ('warning' in read) warnings.add(read.warning, { question: label });
    else questions.push({ ...read, note, category, notes });
  }
  return { questions, warnings: warnings.list() };
}
