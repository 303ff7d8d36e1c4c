import type { TemplateLang } from '@lectern/contracts/data-import/data-import.schemas';
import { FORMAT_VOCABULARY, type FormatVocabulary } from '@lectern/contracts/data-import/question-format';
import { optionLetter, type SubjectType } from '@lectern/contracts/exams/subject.schemas';
import render from 'dom-serializer';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { QuestionModel } from './question-model.ts';
import { LINE_BLOCKS } from './html-blocks.ts';
import { escapeText } from './question-lines.ts';

/**
 * Matching and text blocks are not in the import format, but an export must not lose them: written with
 * their own names, an import reports them as unknown types instead of silently merging them elsewhere.
 */
const EXTRA_TYPE_NAMES: Record<TemplateLang, Record<'matching' | 'paragraph_desc', string>> = {
  'zh-cn': { matching: '匹配题', paragraph_desc: '段落说明' },
  'zh-tw': { matching: '配對題', paragraph_desc: '段落說明' },
  'en-us': { matching: 'Matching', paragraph_desc: 'Text block' },
};

/** Inline elements written whole: an equation or a picture is one thing in a line. */
const ATOMIC = new Set(['img', 'math']);
const IGNORED = new Set(['script', 'style', 'head', 'title', 'template']);

type HtmlPiece = { kind: 'line' | 'block'; html: string };

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function openTag(el: Element): string {
  const attributes = Object.entries(el.attribs)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<${el.name}${attributes}>`;
}

function serialize(node: AnyNode): string {
  return render(node, { encodeEntities: 'utf8' });
}

/** Circled numbers up to 20, as Chinese papers number items inside a question; never read as a marker. */
function listMarker(ordered: boolean, index: number): string {
  if (!ordered) return '• ';
  return index <= 20 ? `${String.fromCodePoint(0x2460 + index - 1)} ` : `[${index}] `;
}

/**
 * Cuts HTML into lines (one per paragraph, list item or `<br>`) and blocks (tables). Inline formatting
 * open across a cut is closed at the end of one line and reopened at the start of the next, so every line
 * is well-formed on its own; lines with nothing visible are dropped.
 */
class LineCollector {
  readonly pieces: HtmlPiece[] = [];
  private parts: string[] = [];
  private contentful = false;
  private prefix = '';
  private readonly open: { el: Element; written: boolean }[] = [];

  text(data: string): void {
    let text = data.replace(/[\t\n\r\f ]+/g, ' ');
    if (!this.contentful) text = text.trimStart();
    if (text === '') return;
    this.begin();
    this.parts.push(escapeText(text));
  }

  atom(html: string): void {
    this.begin();
    this.parts.push(html);
  }

  enter(el: Element): void {
    this.open.push({ el, written: false });
    if (this.contentful) this.begin();
  }

  exit(): void {
    const top = this.open.pop();
    if (top?.written) this.parts.push(`</${top.el.name}>`);
  }

  /** Text put before the next line's content (a list item's bullet). */
  setPrefix(prefix: string): void {
    this.prefix = prefix;
  }

  block(html: string): void {
    this.flush();
    this.pieces.push({ kind: 'block', html });
  }

  flush(): void {
    if (this.contentful) {
      const closes = this.open
        .filter((o) => o.written)
        .map((o) => `</${o.el.name}>`)
        .reverse()
        .join('');
      const html = (this.parts.join('') + closes).replace(/[ \t\n\r]+((?:<\/[a-z0-9]+>)*)$/i, '$1');
      this.pieces.push({ kind: 'line', html });
    }
    this.parts = [];
    this.contentful = false;
    this.prefix = '';
    for (const o of this.open) o.written = false;
  }

  private begin(): void {
    if (!this.contentful && this.prefix !== '') this.parts.push(escapeText(this.prefix));
    this.contentful = true;
    for (const o of this.open) {
      if (!o.written) {
        this.parts.push(openTag(o.el));
        o.written = true;
      }
    }
  }
}

function walk(nodes: readonly AnyNode[], c: LineCollector): void {
  for (const node of nodes) {
    if (isText(node)) c.text(node.data);
    else if (isTag(node)) element(node, c);
  }
}

function element(el: Element, c: LineCollector): void {
  const name = el.name;
  if (IGNORED.has(name)) return;
  if (name === 'br' || name === 'hr') c.flush();
  else if (name === 'table') c.block(serialize(el));
  else if (name === 'ul' || name === 'ol') list(el, c);
  else if (ATOMIC.has(name)) c.atom(serialize(el));
  else if (LINE_BLOCKS.has(name)) {
    c.flush();
    walk(el.children, c);
    c.flush();
  } else {
    c.enter(el);
    walk(el.children, c);
    c.exit();
  }
}

/**
 * A list inside a question becomes one line per item with a visible bullet, not Word numbering: a
 * numbered "1." at the start of a line would read as the start of a new question on import.
 */
function list(el: Element, c: LineCollector): void {
  const ordered = el.name === 'ol';
  const start = Number.parseInt(el.attribs.start ?? '1', 10);
  let index = Number.isFinite(start) && start > 0 ? start : 1;
  c.flush();
  for (const child of el.children) {
    if (isTag(child) && child.name === 'li') {
      c.flush();
      c.setPrefix(listMarker(ordered, index));
      index += 1;
      walk(child.children, c);
      c.flush();
    } else {
      walk([child], c);
    }
  }
  c.flush();
}

/** HTML of one part of a question (a stem, an option, an explanation) as lines and tables. */
function htmlPieces(html: string): HtmlPiece[] {
  const collector = new LineCollector();
  walk(parseDocument(html).children, collector);
  collector.flush();
  return collector.pieces;
}

/** Whether HTML shows anything: text, a picture or an equation. */
function hasVisibleContent(html: string | null | undefined): html is string {
  if (!html) return false;
  return /<(img|math)\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

function formatPoint(point: number): string {
  return String(Math.round(point * 10) / 10);
}

/** A weight as a percentage, without the noise of binary fractions (0.3333333 → 33.33333%). */
function formatPercent(weight: number): string {
  return `${Number((weight * 100).toFixed(5))}%`;
}

const DIFFICULTY_KEYS = { 1: 'hard', 2: 'medium', 3: 'easy' } as const;

/** Whether a true/false option is the "true" one: by its word in any language, else by position. */
export function isTrueOption(content: string, index: number): boolean {
  const text = content
    .replace(/<[^>]*>/g, '')
    .trim()
    .toLowerCase();
  const all = Object.values(FORMAT_VOCABULARY);
  if (all.some((v) => v.falseWords.some((w) => w.toLowerCase() === text))) return false;
  if (all.some((v) => v.trueWords.some((w) => w.toLowerCase() === text))) return true;
  return index === 0;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

class QuestionTextWriter {
  private readonly out: string[] = [];
  private readonly vocabulary: FormatVocabulary;
  private readonly separator: string;

  constructor(
    private readonly lang: TemplateLang,
    private readonly knowledgeNodes: boolean,
  ) {
    this.vocabulary = FORMAT_VOCABULARY[lang];
    this.separator = lang === 'en-us' ? '; ' : '；';
  }

  result(): string {
    return this.out.join('');
  }

  question(q: QuestionModel, marker: string): void {
    this.part(`${marker}[${this.typeName(q.type)}] `, q.description);
    switch (q.type) {
      case 'single_selection':
      case 'multiple_selection':
        this.options(q);
        this.choiceAnswer(q);
        this.optionWeights(q);
        break;
      case 'true_or_false':
        this.trueFalseAnswer(q);
        break;
      case 'fill_in_blank':
        this.blankAnswer(q);
        break;
      case 'short_answer':
        if (hasVisibleContent(q.answer)) this.part(this.label(this.vocabulary.answer), q.answer);
        break;
      case 'matching':
        this.matching(q);
        break;
      case 'analysis':
      case 'cloze':
      case 'paragraph_desc':
        break;
    }
    const isStem = q.type === 'analysis' || q.type === 'cloze';
    if (hasVisibleContent(q.answer_explanation)) {
      this.part(this.label(this.vocabulary.explanation), q.answer_explanation);
    }
    if (!isStem && q.type !== 'paragraph_desc')
      this.line(`${this.label(this.vocabulary.points)}${formatPoint(q.point)}`);
    if (q.difficulty_level !== 0) {
      const word = this.vocabulary.difficultyWords[DIFFICULTY_KEYS[q.difficulty_level]][0] ?? '';
      this.line(`${this.label(this.vocabulary.difficulty)}${escapeText(word)}`);
    }
    if (this.knowledgeNodes && q.knowledge_node_names.length > 0) {
      const names = q.knowledge_node_names.map(escapeText).join(this.separator);
      this.line(`${this.label(this.vocabulary.knowledgeNodes)}${names}`);
    }
    if (q.note) this.line(`${this.label(this.vocabulary.questionNote)}${escapeText(oneLine(q.note))}`);
    if (q.category) this.line(`${this.label(this.vocabulary.category)}${escapeText(oneLine(q.category))}`);
    // What the source file had that this question lost: one line each, read back as the question's warnings.
    for (const note of q.notes) {
      this.line(`${this.label(this.vocabulary.notes)}${escapeText(note.replace(/\s+/g, ' ').trim())}`);
    }
    // A stem's own parts come before its sub-questions: after them they would belong to the last one.
    if (isStem) q.sub_subjects.forEach((sub, i) => this.question(sub, `(${i + 1}) `));
  }

  private typeName(type: SubjectType): string {
    if (type === 'matching' || type === 'paragraph_desc') return EXTRA_TYPE_NAMES[this.lang][type];
    return this.vocabulary.types[type][0] ?? type;
  }

  private label(spellings: readonly string[]): string {
    const name = spellings[0] ?? '';
    return this.lang === 'en-us' ? `${name}: ` : `${name}：`;
  }

  private line(html: string): void {
    this.out.push(`<p>${html}</p>`);
  }

  /** A part of the question: its first line carries the marker or label, tables stay whole between lines. */
  private part(marker: string, html: string | null): void {
    const pieces = htmlPieces(html ?? '');
    const first = pieces[0];
    if (first?.kind === 'line') {
      this.line(escapeText(marker) + first.html);
      pieces.shift();
    } else {
      this.line(escapeText(marker.trimEnd()));
    }
    for (const piece of pieces) {
      if (piece.kind === 'line') this.line(piece.html);
      else this.out.push(piece.html);
    }
  }

  private options(q: QuestionModel): void {
    q.options.forEach((option, i) => this.part(`${optionLetter(i)}. `, option.content));
  }

  private choiceAnswer(q: QuestionModel): void {
    const letters = q.options.flatMap((o, i) => (o.is_answer ? [optionLetter(i)] : [])).join('');
    if (letters !== '') this.line(`${this.label(this.vocabulary.answer)}${letters}`);
  }

  /** Partial credit: every option that earns or costs something, as a percentage of the points. */
  private optionWeights(q: QuestionModel): void {
    if (!q.options.some((o) => o.weight !== undefined)) return;
    const entries = q.options.flatMap((o, i) =>
      o.weight ? [`${optionLetter(i)} ${formatPercent(o.weight)}`] : [],
    );
    this.line(`${this.label(this.vocabulary.optionWeights)}${entries.join(this.separator)}`);
  }

  private trueFalseAnswer(q: QuestionModel): void {
    const index = q.options.findIndex((o) => o.is_answer);
    const chosen = q.options[index];
    if (!chosen) return;
    const words = isTrueOption(chosen.content, index)
      ? this.vocabulary.trueWords
      : this.vocabulary.falseWords;
    this.line(`${this.label(this.vocabulary.answer)}${escapeText(words[0] ?? '')}`);
  }

  private blankAnswer(q: QuestionModel): void {
    if (q.blanks.length === 0) return;
    const text = q.blanks.map((b) => b.answers.map(escapeText).join('|')).join(this.separator);
    this.line(`${this.label(this.vocabulary.answer)}${text}`);
  }

  private matching(q: QuestionModel): void {
    q.pairs.forEach((pair, i) => this.part(`(${i + 1}) `, pair.content));
    this.options(q);
    const answer = q.pairs
      .map((pair, i) => `${i + 1}-${optionLetter(pair.option_index)}`)
      .join(this.separator);
    if (answer !== '') this.line(`${this.label(this.vocabulary.answer)}${answer}`);
  }
}

/**
 * Questions in the question text format (docs/data-import-format.md), one `<p>` per line as a teacher
 * would type them, in `lang`'s words. Every question carries its type tag so an import never has to guess,
 * which makes export → import give back the same questions.
 */
export function renderQuestionText(
  questions: QuestionModel[],
  lang: TemplateLang,
  options: { knowledgeNodes: boolean },
): string {
  const writer = new QuestionTextWriter(lang, options.knowledgeNodes);
  questions.forEach((q, i) => writer.question(q, `${i + 1}. `));
  return writer.result();
}
