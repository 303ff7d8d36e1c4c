import { parseNumericRange, toleranceForm } from '@lectern/contracts/exams/numeric-answer';
import { BLANK_PATTERN } from '@lectern/contracts/data-import/question-format';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { escapeXml } from './docx-xml.ts';
import type { QuestionModel } from './question-model.ts';
import { isTrueOption } from './question-text.writer.ts';

/**
 * Questions → Moodle XML (https://docs.moodle.org/en/Moodle_XML_format), for a Moodle question bank.
 * Moodle has no parent/child questions: an analysis or cloze stem becomes a `description` question
 * followed by its sub-questions as questions of their own.
 */

const NAME_LENGTH = 60;

/** Everything but the characters XML 1.0 can hold (not even escaped: NUL, most control characters). */
const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function clean(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}

/** Text as XML character data: characters XML cannot hold dropped, the rest escaped. */
function xmlText(text: string): string {
  return escapeXml(clean(text));
}

/** A CDATA section; a "]]>" inside is split across two sections so it cannot end the first early. */
function cdata(text: string): string {
  return `<![CDATA[${clean(text).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

/** Tags that separate words; inline ones (strong, sub) join their text to its neighbours. */
const SEPARATING_TAGS = /<\/?(?:p|div|br|hr|li|ul|ol|table|tr|td|th|h[1-6]|blockquote|math)\b[^>]*>/gi;

function plainText(html: string): string {
  return clean(textContent(parseDocument(html.replace(SEPARATING_TAGS, ' ').replace(/<[^>]*>/g, ''))))
    .replace(/\s+/g, ' ')
    .trim();
}

function htmlText(tag: string, html: string, extra = ''): string {
  return `<${tag} format="html"${extra}><text>${cdata(html)}</text></${tag}>`;
}

function formatNumber(value: number): string {
  return String(Math.round(value * 1e7) / 1e7);
}

/** Moodle's closest grade to an even share of 100 (it snaps imported fractions to its own list). */
function share(count: number): string {
  return count > 0 ? formatNumber(Math.round((100 / count) * 1e5) / 1e5) : '0';
}

/** The question's note is its name in Moodle (an imported name comes back as it was); else its first words. */
function nameOf(q: QuestionModel, fallback: string): string {
  if (q.note) return q.note;
  const text = plainText(q.description);
  return text === '' ? fallback : [...text].slice(0, NAME_LENGTH).join('');
}

/**
 * A blank's answers as Moodle numerical answers, when they are all numbers and at least one is a range
 * (`3.14±0.01`, `1..2`); null otherwise, and such a blank stays a short answer compared as text.
 */
function numericForms(answers: readonly string[]): { value: string; tolerance: string }[] | null {
  const forms = answers.map(toleranceForm);
  if (forms.length === 0 || forms.some((f) => f === null)) return null;
  if (!answers.some((a) => parseNumericRange(a) !== null)) return null;
  return forms as { value: string; tolerance: string }[];
}

/** Special characters of Moodle's embedded-answer syntax, escaped with a backslash. */
function escapeEmbedded(text: string): string {
  return text.replace(/[\\}#~/"{=:]/g, (c) => `\\${c}`);
}

class MoodleXmlWriter {
  private readonly out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  private count = 0;

  result(): string {
    return [...this.out, '</quiz>', ''].join('\n');
  }

  question(q: QuestionModel): void {
    switch (q.type) {
      case 'single_selection':
      case 'multiple_selection':
        this.multichoice(q);
        break;
      case 'true_or_false':
        this.trueFalse(q);
        break;
      case 'fill_in_blank':
        if (q.blanks.length === 1 && numericForms(q.blanks[0]?.answers ?? [])) this.numerical(q);
        else if (q.blanks.length === 1) this.shortAnswer(q);
        else this.write('cloze', q, []);
        break;
      case 'short_answer':
        this.essay(q);
        break;
      case 'matching':
        this.matching(q);
        break;
      case 'paragraph_desc':
        this.write('description', q, []);
        break;
      case 'analysis':
      case 'cloze':
        this.write('description', q, []);
        q.sub_subjects.forEach((sub) => this.question(sub));
        break;
    }
  }

  private write(type: string, q: QuestionModel, body: string[]): void {
    this.count += 1;
    const tags = q.knowledge_node_names.map((name) => `<tag><text>${xmlText(name)}</text></tag>`).join('');
    this.out.push(
      `  <question type="${type}">`,
      `    <name><text>${xmlText(nameOf(q, `Question ${this.count}`))}</text></name>`,
      `    ${htmlText('questiontext', this.questionText(q))}`,
      `    ${htmlText('generalfeedback', q.answer_explanation ?? '')}`,
      `    <defaultgrade>${type === 'description' ? 0 : formatNumber(q.point)}</defaultgrade>`,
      '    <penalty>0</penalty>',
      '    <hidden>0</hidden>',
      ...body.map((line) => `    ${line}`),
      ...(tags === '' ? [] : [`    <tags>${tags}</tags>`]),
      '  </question>',
    );
  }

  private questionText(q: QuestionModel): string {
    if (q.type !== 'fill_in_blank' || q.blanks.length < 2) return q.description;
    // Each blank becomes an embedded answer in place, worth an even share of the points when they divide.
    const weight = Number.isInteger(q.point / q.blanks.length) && q.point > 0 ? q.point / q.blanks.length : 1;
    const type = q.settings.case_sensitive ? 'SHORTANSWER_C' : 'SHORTANSWER';
    const embedded = q.blanks.map((blank) => {
      const numeric = numericForms(blank.answers);
      return numeric
        ? `{${weight}:NUMERICAL:${numeric.map((n) => `=${n.value}:${n.tolerance}`).join('~')}}`
        : `{${weight}:${type}:${blank.answers.map((a) => `=${escapeEmbedded(a)}`).join('~')}}`;
    });
    let index = 0;
    const text = q.description.replace(BLANK_PATTERN, (mark) => embedded[index++] ?? mark);
    return index >= embedded.length ? text : `${text} ${embedded.slice(index).join(' ')}`;
  }

  private answer(fraction: string, html: string, format = 'html'): string {
    const text = format === 'html' ? cdata(html) : xmlText(html);
    return `<answer fraction="${fraction}" format="${format}"><text>${text}</text><feedback format="html"><text></text></feedback></answer>`;
  }

  private multichoice(q: QuestionModel): void {
    const single = q.type === 'single_selection';
    const right = q.options.filter((o) => o.is_answer).length;
    // A wrong choice cancels the question in a multiple answer, as Lectern grades it all or nothing.
    const wrong = single ? '0' : '-100';
    this.write('multichoice', q, [
      `<single>${single}</single>`,
      '<shuffleanswers>false</shuffleanswers>',
      '<answernumbering>ABCD</answernumbering>',
      ...q.options.map((o) =>
        this.answer(
          // Partial credit travels as Moodle's own fractions.
          o.weight !== undefined
            ? formatNumber(o.weight * 100)
            : o.is_answer
              ? single
                ? '100'
                : share(right)
              : wrong,
          o.content,
        ),
      ),
    ]);
  }

  /** A blank of numbers with a tolerance: Moodle's numerical question, each range as value and tolerance. */
  private numerical(q: QuestionModel): void {
    const answers = numericForms(q.blanks[0]?.answers ?? []) ?? [];
    this.write(
      'numerical',
      q,
      answers.map(
        (a) =>
          `<answer fraction="100" format="moodle_auto_format"><text>${xmlText(a.value)}</text><tolerance>${xmlText(a.tolerance)}</tolerance><feedback format="html"><text></text></feedback></answer>`,
      ),
    );
  }

  private trueFalse(q: QuestionModel): void {
    const index = q.options.findIndex((o) => o.is_answer);
    const isTrue = index >= 0 && isTrueOption(q.options[index]?.content ?? '', index);
    this.write('truefalse', q, [
      this.answer(isTrue ? '100' : '0', 'true', 'moodle_auto_format'),
      this.answer(isTrue ? '0' : '100', 'false', 'moodle_auto_format'),
    ]);
  }

  private shortAnswer(q: QuestionModel): void {
    const answers = q.blanks[0]?.answers ?? [];
    this.write('shortanswer', q, [
      `<usecase>${q.settings.case_sensitive ? 1 : 0}</usecase>`,
      ...answers.map((a) => this.answer('100', a, 'moodle_auto_format')),
    ]);
  }

  private essay(q: QuestionModel): void {
    this.write('essay', q, [
      '<responseformat>editor</responseformat>',
      '<responserequired>1</responserequired>',
      '<responsefieldlines>15</responsefieldlines>',
      '<attachments>0</attachments>',
      htmlText('graderinfo', q.answer ?? ''),
      htmlText('responsetemplate', ''),
    ]);
  }

  private matching(q: QuestionModel): void {
    const paired = new Set(q.pairs.map((p) => p.option_index));
    const right = (index: number) => xmlText(plainText(q.options[index]?.content ?? ''));
    this.write('matching', q, [
      '<shuffleanswers>true</shuffleanswers>',
      ...q.pairs.map(
        (pair) =>
          `<subquestion format="html"><text>${cdata(pair.content)}</text><answer><text>${right(pair.option_index)}</text></answer></subquestion>`,
      ),
      // Right-hand items nobody pairs with are Moodle's extra wrong answers: a subquestion without text.
      ...q.options.flatMap((_, i) =>
        paired.has(i)
          ? []
          : [
              `<subquestion format="html"><text></text><answer><text>${right(i)}</text></answer></subquestion>`,
            ],
      ),
    ]);
  }
}

/** Questions as a Moodle XML `<quiz>`, in order, without a category. */
export function renderMoodleXml(questions: QuestionModel[]): string {
  const writer = new MoodleXmlWriter();
  for (const q of questions) writer.question(q);
  return writer.result();
}
