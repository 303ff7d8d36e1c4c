import type { Locale } from '@lectern/contracts/common/locale';
import {
  TEMPLATE_LANGS,
  templateLangOf,
  type ImportError,
  type ImportedSubject,
  type ImportedSubjectType,
  type ImportedSubSubject,
  type TemplateLang,
} from '@lectern/contracts/data-import/data-import.schemas';
import { toSubjectInput } from '@lectern/contracts/data-import/imported-subject';
import { BLANK_PATTERN, FORMAT_VOCABULARY } from '@lectern/contracts/data-import/question-format';
import { SUBJECT_LIMITS, SubjectInputSchema } from '@lectern/contracts/exams/subject.schemas';
import { translate, translateIssue, type MessageKey } from '../../platform/messages.ts';
import { roundPoints } from '../exams/subject-input.ts';
import { escapeRegExp } from './docx-xml.ts';
import {
  contentToLines,
  escapeText,
  isSpace,
  normalizeWidth,
  OBJECT_CHAR,
  type ContentLine,
  type TextLine,
} from './question-lines.ts';

/**
 * The question text format (docs/data-import-format.md) → imported questions with per-question errors.
 * One pass over the lines: each line is a section heading, a question or sub-question start, a labelled
 * part (answer, explanation, points, difficulty, knowledge points), options, or the continuation of the
 * part before it. Types, answers and blanks are decided when a question ends, then every question is
 * checked with the question editor's own rules so the preview shows what saving would refuse.
 */

export type ParseOptions = { locale: Locale; allowedTypes: readonly ImportedSubjectType[] };
export type ParseResult = { subjects: ImportedSubject[]; warnings: string[] };

type LabelKind =
  | 'answer'
  | 'answer_explanation'
  | 'point'
  | 'difficulty_level'
  | 'knowledge_node_names'
  | 'option_weights'
  | 'note'
  | 'subject_note'
  | 'category';
type PartKind = 'description' | 'option' | 'pair' | LabelKind | 'ignored';
type Level = 0 | 1 | 2 | 3;

/** A line's worth of one part: its inline HTML and its text as written and normalised. */
type Piece = { html: string; text: string; norm: string; line: number; table: boolean };

class Part {
  readonly pieces: Piece[] = [];

  add(piece: Piece): void {
    if (piece.html !== '') this.pieces.push(piece);
  }

  /** One line as its inline HTML; several lines each in a <p>, tables as they are. */
  html(): string {
    const [first, ...rest] = this.pieces;
    if (first && rest.length === 0) return first.html;
    return this.pieces.map((p) => (p.table ? p.html : `<p>${p.html}</p>`)).join('');
  }

  norm(): string {
    return this.pieces.map((p) => p.norm).join('\n');
  }
}

type Draft = {
  /** As written ("3"; a sub-question's "1" from "(1)"), and as messages name it ("3", "5(1)"). */
  number: string;
  label: string;
  marker: string;
  line: number;
  parent: Draft | null;
  tagType: ImportedSubjectType | null;
  sectionType: ImportedSubjectType | null;
  sectionPoints: number | null;
  description: Part;
  options: { part: Part; line: number }[];
  answer: Part | null;
  explanation: Part | null;
  point: { value: number | null; line: number } | null;
  difficulty: Level;
  knowledge: string[];
  /** Partial credit by option letter ("选项得分：A 50%；C -100%"), as fractions; null without that line. */
  weights: { byLetter: Map<string, number>; line: number } | null;
  /** Import notes ("导入提示：…"): the question's warnings. */
  notes: string[];
  /** The teaching team's note ("备注：…", a file's question name), stored with the question. */
  subjectNote: string | null;
  /** Where the file filed the question ("分类：…"); read on top-level questions only. */
  category: string | null;
  labelLines: Partial<Record<LabelKind, number>>;
  subs: Draft[];
  errors: ImportError[];
  current: PartKind;
  /** Letters of an option list Word numbered on from the last question: "E." is this question's A. */
  optionOffset: number;
  /** Matching: the left-hand items, "(1) France", in order. */
  pairs: { part: Part; line: number }[];
};

/** One entry of an answer key: the question number and what the key says about it. */
type KeyEntry = {
  number: string;
  line: number;
  answer: Part | null;
  explanation: Part | null;
  current: 'answer' | 'answer_explanation' | 'ignored';
};

// ——— Vocabulary, indexed once ———

function typeKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s*\/\s*/g, '/')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

function wordKey(word: string): string {
  return word.toLowerCase().replace(/\s+/g, ' ').trim();
}

const TYPE_BY_NAME = new Map<string, ImportedSubjectType>();
const LABEL_BY_NAME = new Map<string, LabelKind>();
const DIFFICULTY_BY_WORD = new Map<string, Level>();
const TRUE_FALSE_BY_WORD = new Map<string, { value: boolean; langs: TemplateLang[] }>();

for (const lang of TEMPLATE_LANGS) {
  const vocabulary = FORMAT_VOCABULARY[lang];
  for (const [type, names] of Object.entries(vocabulary.types) as [
    ImportedSubjectType,
    readonly string[],
  ][]) {
    for (const name of names) if (!TYPE_BY_NAME.has(typeKey(name))) TYPE_BY_NAME.set(typeKey(name), type);
  }
  const labels: [LabelKind, readonly string[]][] = [
    ['answer', vocabulary.answer],
    ['answer_explanation', vocabulary.explanation],
    ['point', vocabulary.points],
    ['difficulty_level', vocabulary.difficulty],
    ['knowledge_node_names', vocabulary.knowledgeNodes],
    ['option_weights', vocabulary.optionWeights],
    ['note', vocabulary.notes],
    ['subject_note', vocabulary.questionNote],
    ['category', vocabulary.category],
  ];
  for (const [kind, names] of labels) for (const name of names) LABEL_BY_NAME.set(wordKey(name), kind);
  const levels: [Level, readonly string[]][] = [
    [3, vocabulary.difficultyWords.easy],
    [2, vocabulary.difficultyWords.medium],
    [1, vocabulary.difficultyWords.hard],
  ];
  for (const [level, words] of levels) for (const word of words) DIFFICULTY_BY_WORD.set(wordKey(word), level);
  for (const [value, words] of [
    [true, vocabulary.trueWords],
    [false, vocabulary.falseWords],
  ] as const) {
    for (const word of words) {
      const entry = TRUE_FALSE_BY_WORD.get(wordKey(word));
      if (entry && entry.value === value) entry.langs.push(lang);
      else if (!entry) TRUE_FALSE_BY_WORD.set(wordKey(word), { value, langs: [lang] });
    }
  }
}

const LABEL_ALTERNATIVES = [...LABEL_BY_NAME.keys()]
  .sort((a, b) => b.length - a.length)
  .map((name) => escapeRegExp(name).replace(/ /g, '\\s+'))
  .join('|');
/** `答案：` `Answer:` `【答案】` `[Answer]`, on normalised text (full-width colon and brackets folded). */
const LABEL_PATTERN = new RegExp(
  `^(?:[[【]\\s*(${LABEL_ALTERNATIVES})\\s*[\\]】]\\s*:?|(${LABEL_ALTERNATIVES})\\s*:)`,
  'i',
);
const QUESTION_START = /^(\d{1,4})\s*([.、)])/;
const SUB_START = /^\((\d{1,3})\)/;
const TAG = /^\s*([[【(])\s*([^[\]【】()]{1,40})([\]】)])/;
const OPTION = /\(?([A-Za-z])\s*[.、):]/y;
/** Where the option after each letter starts on a shared line: whitespace, the letter, a separator. */
const NEXT_OPTION = Array.from(
  { length: 26 },
  (_, i) =>
    new RegExp(`\\s\\(?([${String.fromCharCode(65 + i)}${String.fromCharCode(97 + i)}])\\s*[.、):]`, 'g'),
);
const ZH_SECTION = /^[一二三四五六七八九十]{1,3}\s*[、.]\s*(.*)$/;
const EN_SECTION = /^(?:part|section)\s+(?:\d{1,2}|[ivx]{1,5})\s*[:.-]\s*(.*)$/i;
const ZH_SECTION_POINTS = /每小?[题題]\s*(\d+(?:\.\d+)?)\s*分/;
const EN_SECTION_POINTS =
  /\beach\s+(?:question\s+)?(?:is\s+)?(\d+(?:\.\d+)?)\s*points?|(\d+(?:\.\d+)?)\s*points?\s+each/i;
const POINTS = /^(-?\d+(?:\.\d+)?)\s*(?:分|points?|pts?|marks?)?\.?$/i;
const STEM_TYPES: readonly ImportedSubjectType[] = ['analysis', 'cloze'];
/** Points written in the stem, as papers do: "（5分）", "(2 points)". */
const STEM_POINTS = /[(]\s*(\d+(?:\.\d+)?)\s*(?:分|points?|pts?|marks?)\s*[)]/i;
/**
 * The heading of an answer key at the end of a paper: "参考答案", "答案与解析", "四、参考答案", "Answer key".
 * Matched on normalised text with its spaces removed.
 */
const ANSWER_KEY_HEADING =
  /^(?:[一二三四五六七八九十]{1,3}[、.])?(?:参考答案|參考答案|答案|标准答案|標準答案)(?:(?:与|及|和|與)(?:解析|详解|詳解|评分标准|評分標準))?[:]?$|^(?:answer\s*key|answers?|key)(?:\s*and\s*explanations?)?:?$/i;
/** "1-5 BBCBC": a range of question numbers and one letter each. */
const KEY_RANGE = /(\d{1,4})\s*[-–~～]\s*(\d{1,4})\s*[.:、]?\s*([A-Za-z]+)/g;
/** "1.A 2.B", "1、√": one answer per number on a shared line. */
const KEY_PAIR =
  /(\d{1,4})\s*[.、):]?\s*([A-Za-z]{1,8}|√|×|✓|✗|对|错|對|錯|正确|错误|正確|錯誤|T|F)(?=\s|$)/g;

function typeOf(name: string): ImportedSubjectType | null {
  const key = typeKey(name);
  return TYPE_BY_NAME.get(key) ?? TYPE_BY_NAME.get(key.replace(/ questions?$/, '')) ?? null;
}

function letterOf(index: number): string {
  return String.fromCharCode(65 + index);
}

/**
 * "A 50%；B 50%；C -100%" (also "A:50%, B=25%") → the fraction each letter earns, within -100%..100%, each
 * letter once; null when the line says anything else.
 */
function optionWeightsOf(norm: string): Map<string, number> | null {
  const entry = /([A-Za-z])\s*[:=]?\s*([-+]?\d+(?:\.\d+)?)\s*%/g;
  const weights = new Map<string, number>();
  for (const match of norm.matchAll(entry)) {
    const letter = (match[1] ?? '').toUpperCase();
    const percent = Number(match[2]);
    if (weights.has(letter) || Math.abs(percent) > 100) return null;
    weights.set(letter, percent / 100);
  }
  const rest = norm.replace(entry, '').replace(/[\s,;、]+/g, '');
  return weights.size > 0 && rest === '' ? weights : null;
}

/** A number of points as the question editor takes it: ≥ 0, ≤ the maximum, at most one decimal. */
function pointValue(text: string): number | null {
  const match = POINTS.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  if (
    !(value >= 0) ||
    value > SUBJECT_LIMITS.pointMax ||
    Math.abs(Math.round(value * 10) - value * 10) > 1e-9
  ) {
    return null;
  }
  return value;
}

function snippet(text: string): string {
  const clean = text.replaceAll(OBJECT_CHAR, '').replace(/\s+/g, ' ').trim();
  return clean.length > 30 ? `${clean.slice(0, 30)}…` : clean;
}

/** Choice answer letters: `AC`, `A,C`, `A、C`, `A C`, lower case too; null when it is not letters. */
function answerLetters(norm: string): string[] | null {
  const compact = norm.replace(/[\s,、;]+/g, '');
  if (!/^[A-Za-z]+$/.test(compact)) return null;
  return [...new Set(compact.toUpperCase())];
}

function trueFalseOf(norm: string): { value: boolean; langs: TemplateLang[] } | null {
  return TRUE_FALSE_BY_WORD.get(wordKey(norm.replace(/[.。]$/, ''))) ?? null;
}

function parentType(d: Draft): ImportedSubjectType | null {
  return d.tagType ?? d.sectionType;
}

/**
 * The field groups of the question editor's rules: an issue the parser already reported in its own
 * words (the answer is missing) is not repeated in the editor's (no option is marked correct).
 */
function fieldGroup(field: string | null): string {
  const path = (field ?? '').split('.');
  if (path[0] === 'options' && path.length > 1) return path.join('.');
  if (path[0] === 'options' || path[0] === 'answer' || path[0] === 'blanks' || path[0] === 'pairs') {
    return 'answer';
  }
  return path[0] ?? '';
}

class QuestionTextParser {
  private readonly drafts: Draft[] = [];
  private top: Draft | null = null;
  private section: { type: ImportedSubjectType | null; points: number | null } = { type: null, points: null };
  private readonly warnings: string[] = [];
  private outside: { from: number; to: number; text: string } | null = null;

  constructor(private readonly options: ParseOptions) {}

  parse(content: string): ParseResult {
    const lines = contentToLines(content);
    const keyStart = this.answerKeyStart(lines);
    lines.slice(0, keyStart).forEach((line, index) => {
      const n = index + 1;
      if (line.kind === 'table') {
        const piece: Piece = {
          html: line.html,
          text: line.text,
          norm: normalizeWidth(line.text),
          line: n,
          table: true,
        };
        if (this.top) this.continueWith(this.active(this.top), piece);
        else this.markOutside(n, line.text || '<table>');
      } else {
        this.readLine(line, n);
      }
    });
    this.closeOutside();
    if (keyStart < lines.length) this.readAnswerKey(lines, keyStart);
    const subjects = this.drafts.map((d, i) => this.finishTop(d, i + 1));
    this.warnIfNumberedParagraphs(subjects, lines);
    return { subjects, warnings: this.warnings };
  }

  // ——— Answer keys at the end of a paper ———

  /**
   * Where an answer key starts: a heading line ("参考答案", "答案与解析") after at least one question, or
   * the first line shaped like a key entry ("1、参考答案：B", "1．【答案】B") whose number a question already had.
   * The whole content when there is none.
   */
  private answerKeyStart(lines: readonly ContentLine[]): number {
    const seen = new Set<string>();
    for (const [index, line] of lines.entries()) {
      if (line.kind !== 'text') continue;
      const text = line.norm.trim();
      const start = QUESTION_START.exec(text);
      if (
        seen.size > 0 &&
        ANSWER_KEY_HEADING.test(text.replace(/\s+/g, '')) &&
        this.keyFollows(lines, index, seen)
      ) {
        return index;
      }
      if (start) {
        const rest = text.slice(start[0].length).trim();
        if (seen.has(start[1] ?? '') && LABEL_PATTERN.test(rest)) {
          const kind = LABEL_BY_NAME.get(wordKey(LABEL_PATTERN.exec(rest)?.slice(1).find(Boolean) ?? ''));
          if (kind === 'answer') return index;
        }
        seen.add(start[1] ?? '');
      }
    }
    return lines.length;
  }

  /**
   * A heading is a key's only when what follows reads as one: a table, "1-5 ABCDA", "1.A 2.B", a section
   * heading, or a number a question already had. "答案：" over a multi-line answer is a label, not a key.
   */
  private keyFollows(lines: readonly ContentLine[], heading: number, seen: ReadonlySet<string>): boolean {
    const next = lines.slice(heading + 1).find((line) => line.text.trim() !== '');
    if (!next) return false;
    if (next.kind === 'table') return true;
    const text = next.norm.trim();
    if (ZH_SECTION.test(text) || EN_SECTION.test(text)) return true;
    if (text.replace(KEY_RANGE, '').trim() === '' || text.replace(KEY_PAIR, '').trim() === '') return true;
    const start = QUESTION_START.exec(text);
    return start !== null && seen.has(start[1] ?? '');
  }

  private readAnswerKey(lines: readonly ContentLine[], keyStart: number): void {
    const entries: KeyEntry[] = [];
    let entry: KeyEntry | null = null;
    const simple = (number: string, line: number, text: string): KeyEntry => {
      const answer = new Part();
      answer.add({ html: escapeText(text), text, norm: normalizeWidth(text), line, table: false });
      return { number, line, answer, explanation: null, current: 'ignored' };
    };
    // A key found by its shape starts at its first entry; one found by its heading, after the heading.
    const first = lines[keyStart];
    const byShape = first?.kind === 'text' && QUESTION_START.test(first.norm.trim());
    for (let index = byShape ? keyStart : keyStart + 1; index < lines.length; index += 1) {
      const line = lines[index];
      const n = index + 1;
      if (!line) continue;
      if (line.kind === 'table') {
        entries.push(...this.tableKey(line.html, n).map(([number, text]) => simple(number, n, text)));
        entry = null;
        continue;
      }
      const norm = line.norm;
      const lead = this.skipSpaces(norm, 0);
      const text = norm.slice(lead).trimEnd();
      if (text === '' || ZH_SECTION.test(text) || EN_SECTION.test(text)) {
        if (text !== '') entry = null;
        continue;
      }
      const ranges = [...text.matchAll(KEY_RANGE)];
      if (ranges.length > 0 && text.replace(KEY_RANGE, '').trim() === '') {
        for (const range of ranges) {
          const [from, to, letters] = [Number(range[1]), Number(range[2]), (range[3] ?? '').toUpperCase()];
          if (to - from + 1 !== letters.length) continue;
          for (let k = 0; k < letters.length; k += 1)
            entries.push(simple(String(from + k), n, letters[k] ?? ''));
        }
        entry = null;
        continue;
      }
      const pairs = [...text.matchAll(KEY_PAIR)];
      if (pairs.length > 0 && text.replace(KEY_PAIR, '').trim() === '') {
        for (const pair of pairs) entries.push(simple(pair[1] ?? '', n, pair[2] ?? ''));
        entry = null;
        continue;
      }
      const start = QUESTION_START.exec(text);
      if (start) {
        entry = { number: start[1] ?? '', line: n, answer: null, explanation: null, current: 'answer' };
        entries.push(entry);
        let from = this.skipSpaces(norm, lead + start[0].length);
        const label = LABEL_PATTERN.exec(norm.slice(from));
        if (label) {
          const kind = LABEL_BY_NAME.get(wordKey(label[1] ?? label[2] ?? ''));
          entry.current =
            kind === 'answer_explanation' ? 'answer_explanation' : kind === 'answer' ? 'answer' : 'ignored';
          from += label[0].length;
        }
        this.addToEntry(entry, this.piece(line, n, from, line.text.length, false));
        continue;
      }
      if (!entry) continue;
      const label = LABEL_PATTERN.exec(text);
      if (label) {
        const kind = LABEL_BY_NAME.get(wordKey(label[1] ?? label[2] ?? ''));
        entry.current =
          kind === 'answer_explanation' ? 'answer_explanation' : kind === 'answer' ? 'answer' : 'ignored';
        this.addToEntry(entry, this.piece(line, n, lead + label[0].length, line.text.length, false));
        continue;
      }
      this.addToEntry(entry, this.piece(line, n, lead, line.text.length, false));
    }
    // Numbers may restart per section in both halves: each entry fills the first question of its number not yet filled.
    const filled = new Set<Draft>();
    for (const e of entries) {
      const d = this.drafts.find((draft) => draft.number === e.number && !filled.has(draft));
      if (!d) {
        this.warnings.push(
          translate(this.options.locale, 'dataImport.parse.answerKeyUnmatched', {
            number: e.number,
            line: e.line,
          }),
        );
        continue;
      }
      filled.add(d);
      if (e.answer && !d.answer) {
        d.answer = e.answer;
        d.labelLines.answer = e.line;
      }
      if (e.explanation && !d.explanation) {
        d.explanation = e.explanation;
        d.labelLines.answer_explanation = e.line;
      }
    }
    this.warnings.push(
      translate(this.options.locale, 'dataImport.parse.answerKeyFound', {
        from: keyStart + 1,
        to: lines.length,
        count: filled.size,
      }),
    );
  }

  private addToEntry(entry: KeyEntry, piece: Piece): void {
    if (piece.html === '' || entry.current === 'ignored') return;
    const kind = entry.current === 'answer' ? 'answer' : 'explanation';
    const part = entry[kind] ?? new Part();
    part.add(piece);
    entry[kind] = part;
  }

  /** A key table: a row of question numbers ("题号", 1, 2, …) above a row of answers, as often as it repeats. */
  private tableKey(html: string, line: number): [string, string][] {
    void line;
    const rows = [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((row) =>
      [...(row[1] ?? '').matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((cell) =>
        normalizeWidth((cell[1] ?? '').replace(/<[^>]*>/g, ''))
          .replace(/&amp;/g, '&')
          .trim(),
      ),
    );
    const out: [string, string][] = [];
    for (let r = 0; r + 1 < rows.length; r += 1) {
      const numbers = rows[r] ?? [];
      const answers = rows[r + 1] ?? [];
      if (!numbers.some((cell) => /^\d{1,4}$/.test(cell))) continue;
      numbers.forEach((cell, c) => {
        const answer = answers[c] ?? '';
        if (/^\d{1,4}$/.test(cell) && answer !== '') out.push([cell, answer]);
      });
      r += 1;
    }
    return out;
  }

  /**
   * A document that is not a question paper (a numbered specification) reads as short answers with no
   * answer and no points; when nothing in it says "题" or "答案", the preview says so.
   */
  private warnIfNumberedParagraphs(
    subjects: readonly ImportedSubject[],
    lines: readonly ContentLine[],
  ): void {
    if (subjects.length < 3) return;
    const bare = subjects.every(
      (s) => s.type === 'short_answer' && s.answer === null && s.point === 0 && s.sub_subjects.length === 0,
    );
    if (!bare) return;
    const text = lines.map((l) => l.text).join('\n');
    if (/[题題]|答案|answer|question/i.test(text)) return;
    this.warnings.push(translate(this.options.locale, 'dataImport.parse.numberedParagraphs'));
  }

  // ——— Reading lines ———

  private readLine(line: TextLine, n: number): void {
    const norm = line.norm;
    const lead = this.skipSpaces(norm, 0);
    if (lead === norm.length) return;
    const text = lead === 0 ? norm : norm.slice(lead);

    if (this.readSection(text)) return;
    const start = QUESTION_START.exec(text);
    if (start && !(start[2] === '.' && /\d/.test(text.charAt(start[0].length)))) {
      this.startQuestion(line, n, lead, start);
      return;
    }
    const top = this.top;
    if (!top) {
      this.markOutside(n, line.text);
      return;
    }
    const sub = SUB_START.exec(text);
    if (sub && parentType(top) === 'matching' && (top.current === 'description' || top.current === 'pair')) {
      // A matching question's "(1) France" lines are its left-hand items, not sub-questions.
      const part = new Part();
      part.add(this.piece(line, n, lead + sub[0].length, line.text.length, false));
      top.pairs.push({ part, line: n });
      top.current = 'pair';
      return;
    }
    if (sub && this.takesSubQuestions(top)) {
      this.startSubQuestion(top, line, n, lead, sub);
      return;
    }
    const d = this.active(top);
    const label = LABEL_PATTERN.exec(text);
    if (label) {
      this.readLabel(d, line, n, lead + label[0].length, label[1] ?? label[2] ?? '');
      return;
    }
    if (this.readOptions(d, line, n, lead)) return;
    this.continueWith(d, this.piece(line, n, lead, line.text.length, d.current === 'description'));
  }

  private readSection(text: string): boolean {
    const zh = ZH_SECTION.exec(text);
    const en = zh ? null : EN_SECTION.exec(text);
    const rest = (zh ?? en)?.[1];
    if (rest === undefined) return false;
    // The name ends where its remarks start: "单选题（每题2分）", "单选题，每题2分", "Single choice (…)".
    const name = rest.split(zh ? /[(,;:\s]/ : /[(,;:]/, 1)[0]?.trim() ?? '';
    const type = typeOf(name);
    // A Chinese numeral starts many lines of a passage; only a heading that names a kind of question counts.
    if (zh && !type && !/[题題]$/.test(name)) return false;
    let points: number | null = null;
    const pointsMatch = ZH_SECTION_POINTS.exec(rest) ?? EN_SECTION_POINTS.exec(rest);
    if (pointsMatch) points = pointValue(pointsMatch[1] ?? pointsMatch[2] ?? '');
    this.closeOutside();
    this.top = null;
    this.section = { type, points };
    return true;
  }

  private newDraft(number: string, marker: string, n: number, parent: Draft | null): Draft {
    return {
      number,
      label: parent ? `${parent.label}(${number})` : number,
      marker,
      line: n,
      parent,
      tagType: null,
      sectionType: parent ? null : this.section.type,
      sectionPoints: parent ? parent.sectionPoints : this.section.points,
      description: new Part(),
      options: [],
      answer: null,
      explanation: null,
      point: null,
      difficulty: 0,
      knowledge: [],
      weights: null,
      notes: [],
      subjectNote: null,
      category: null,
      labelLines: {},
      subs: [],
      errors: [],
      current: 'description',
      optionOffset: 0,
      pairs: [],
    };
  }

  private startQuestion(line: TextLine, n: number, lead: number, match: RegExpExecArray): void {
    this.closeOutside();
    const number = line.text.slice(lead, lead + (match[1] ?? '').length);
    const d = this.newDraft(number, number, n, null);
    this.drafts.push(d);
    this.top = d;
    const rest = this.readTag(d, line, n, lead + match[0].length);
    d.description.add(this.piece(line, n, rest, line.text.length, true));
  }

  private takesSubQuestions(top: Draft): boolean {
    const type = parentType(top);
    if (type) return STEM_TYPES.includes(type);
    return top.subs.length > 0 || (top.current === 'description' && top.options.length === 0);
  }

  private startSubQuestion(
    top: Draft,
    line: TextLine,
    n: number,
    lead: number,
    match: RegExpExecArray,
  ): void {
    const number = match[1] ?? '';
    const d = this.newDraft(number, line.text.slice(lead, lead + match[0].length), n, top);
    top.subs.push(d);
    const rest = this.readTag(d, line, n, lead + match[0].length);
    // A cloze lists each blank's options right after its number: "(1) A. went  B. go".
    OPTION.lastIndex = this.skipSpaces(line.norm, rest);
    const option = OPTION.exec(line.norm);
    if (option?.[1]?.toUpperCase() === 'A' && parentType(top) === 'cloze') {
      this.readOptions(d, line, n, this.skipSpaces(line.norm, rest));
      return;
    }
    d.description.add(this.piece(line, n, rest, line.text.length, true));
  }

  /** Reads a type tag right after the number; returns where the question text starts. */
  private readTag(d: Draft, line: TextLine, n: number, from: number): number {
    const match = TAG.exec(line.norm.slice(from));
    if (!match) return from;
    const name = (match[2] ?? '').trim();
    if (name === '') return from;
    const type = typeOf(name);
    if (!type) {
      // Parentheses often hold part of the text ("( ) 是…", "(2分)"); brackets are always tags.
      if (match[1] === '(' && !/[题題]$/.test(name)) return from;
      this.error(d, 'unknownType', 'dataImport.parse.unknownType', n, 'type', {
        type: line.text
          .slice(from, from + match[0].length)
          .trim()
          .slice(1, -1)
          .trim(),
      });
    }
    d.tagType = type;
    return from + match[0].length;
  }

  private readLabel(d: Draft, line: TextLine, n: number, contentStart: number, name: string): void {
    const kind = LABEL_BY_NAME.get(wordKey(name));
    if (!kind) return;
    if (kind === 'note') {
      // A question may carry several notes, one line each: a warning, not part of the question.
      // The converter puts a note right after the paragraph it concerns (a picture in the stem): the part
      // that was open before it goes on, so options after it are still options.
      const note = this.piece(line, n, contentStart, line.text.length, false).text.trim();
      if (note !== '') d.notes.push(note);
      return;
    }
    if (d.labelLines[kind] !== undefined) {
      this.error(d, 'duplicateLabel', 'dataImport.parse.duplicateLabel', n, kind, {
        label: line.text
          .slice(0, contentStart)
          .replace(/[:：]\s*$/, '')
          .trim(),
      });
      d.current = 'ignored';
      return;
    }
    d.labelLines[kind] = n;
    d.current = kind;
    const content = this.piece(line, n, contentStart, line.text.length, false);
    switch (kind) {
      case 'answer':
        d.answer = new Part();
        d.answer.add(content);
        break;
      case 'answer_explanation':
        d.explanation = new Part();
        d.explanation.add(content);
        break;
      case 'point': {
        const value = pointValue(content.norm);
        d.point = { value, line: n };
        if (value === null) {
          this.error(d, 'pointInvalid', 'dataImport.parse.pointInvalid', n, 'point', { value: content.text });
        }
        break;
      }
      case 'difficulty_level': {
        const level = DIFFICULTY_BY_WORD.get(wordKey(content.norm.replace(/[.。]$/, '')));
        if (level === undefined) {
          this.error(d, 'difficultyInvalid', 'dataImport.parse.difficultyInvalid', n, 'difficulty_level', {
            value: content.text,
          });
        } else {
          d.difficulty = level;
        }
        break;
      }
      case 'knowledge_node_names':
        d.knowledge = this.splitItems(content);
        break;
      case 'subject_note':
        d.subjectNote = content.text.trim() || null;
        break;
      case 'category':
        // A category names where the whole question was filed, so a sub-question's line counts for its stem.
        (d.parent ?? d).category = categoryPath(content.text);
        break;
      case 'option_weights': {
        const byLetter = optionWeightsOf(content.norm);
        if (byLetter) d.weights = { byLetter, line: n };
        else {
          this.error(d, 'weightsInvalid', 'dataImport.parse.weightsInvalid', n, 'options', {
            value: content.text,
          });
        }
        break;
      }
    }
  }

  /** Option lines, several options to a line when each further letter follows whitespace, in order. */
  private readOptions(d: Draft, line: TextLine, n: number, from: number): boolean {
    if (d.current !== 'description' && d.current !== 'option' && d.current !== 'pair') return false;
    const type = d.parent ? null : parentType(d);
    if (type && STEM_TYPES.includes(type)) return false;
    const norm = line.norm;
    OPTION.lastIndex = from;
    let match = OPTION.exec(norm);
    if (!match) return false;
    const index = (match[1] ?? '').toUpperCase().charCodeAt(0) - 65;
    // A first option is A; later a letter may skip one (an error to report), anything further is text.
    // Word's list numbering may run on from the last question's options (E. F. …): read as A. B. …
    const offset = d.options.length === 0 ? this.continuedLetters(d, index) : d.optionOffset;
    d.optionOffset = offset;
    const relative = index - offset;
    if (d.options.length === 0 ? relative !== 0 : relative > d.options.length + 1 || relative < 0)
      return false;
    if (relative !== d.options.length) {
      this.error(d, 'optionOrder', 'dataImport.parse.optionOrder', n, 'options', {
        letter: letterOf(relative),
        expected: letterOf(d.options.length),
      });
    }
    let contentStart = from + match[0].length;
    for (;;) {
      const next = NEXT_OPTION[d.options.length + 1 + offset];
      let end = norm.length;
      if (next) {
        next.lastIndex = contentStart;
        match = next.exec(norm);
        if (match) end = match.index;
      } else {
        match = null;
      }
      const part = new Part();
      part.add(this.piece(line, n, contentStart, end, false));
      d.options.push({ part, line: n });
      if (!match) break;
      contentStart = match.index + match[0].length;
    }
    d.current = 'option';
    return true;
  }

  /** The first option letter of a question that continues the previous question's letters, else 0. */
  private continuedLetters(d: Draft, index: number): number {
    if (index === 0 || d.parent) return 0;
    const previous = this.drafts[this.drafts.indexOf(d) - 1];
    const last = previous ? previous.optionOffset + previous.options.length : 0;
    return previous && previous.options.length > 0 && index === last ? last : 0;
  }

  private continueWith(d: Draft, piece: Piece): void {
    switch (d.current) {
      case 'description':
        d.description.add(piece);
        return;
      case 'option':
        d.options[d.options.length - 1]?.part.add(piece);
        return;
      case 'pair':
        d.pairs[d.pairs.length - 1]?.part.add(piece);
        return;
      case 'answer':
        d.answer?.add(piece);
        return;
      case 'answer_explanation':
        d.explanation?.add(piece);
        return;
      case 'ignored':
        return;
      default:
        // Points, difficulty and knowledge points are one line: more text there would be lost.
        this.unexpected(d, piece, d.current);
    }
  }

  private unexpected(d: Draft, piece: Piece, field: string): void {
    this.error(d, 'unexpectedText', 'dataImport.parse.unexpectedText', piece.line, field, {
      text: snippet(piece.text) || (piece.table ? '<table>' : '<img>'),
    });
  }

  private active(top: Draft): Draft {
    return top.subs[top.subs.length - 1] ?? top;
  }

  private piece(line: TextLine, n: number, start: number, end: number, blanks: boolean): Piece {
    const norm = line.norm;
    const from = Math.min(this.skipSpaces(norm, start), end);
    let to = end;
    while (to > from && isSpace(norm.charCodeAt(to - 1))) to -= 1;
    return {
      html: line.html(from, to, { blanks }),
      text: line.text.slice(from, to),
      norm: norm.slice(from, to),
      line: n,
      table: false,
    };
  }

  private skipSpaces(norm: string, from: number): number {
    let i = from;
    while (i < norm.length && isSpace(norm.charCodeAt(i))) i += 1;
    return i;
  }

  /** `a；b` → ["a", "b"]: split where the normalised text has `;`, keeping the text as written. */
  private splitItems(piece: Piece): string[] {
    const items: string[] = [];
    let from = 0;
    for (;;) {
      const at = piece.norm.indexOf(';', from);
      items.push(piece.text.slice(from, at === -1 ? undefined : at).trim());
      if (at === -1) break;
      from = at + 1;
    }
    return items.filter((item) => item !== '');
  }

  private markOutside(n: number, text: string): void {
    if (this.outside) this.outside.to = n;
    else this.outside = { from: n, to: n, text };
  }

  private closeOutside(): void {
    const run = this.outside;
    if (!run) return;
    this.outside = null;
    const text = snippet(run.text);
    this.warnings.push(
      run.from === run.to
        ? translate(this.options.locale, 'dataImport.parse.lineOutside', { line: run.from, text })
        : translate(this.options.locale, 'dataImport.parse.linesOutside', {
            from: run.from,
            to: run.to,
            text,
          }),
    );
  }

  private error(
    d: Draft,
    code: string,
    key: MessageKey,
    line: number,
    field: string | null,
    params: Record<string, string | number> = {},
  ): void {
    d.errors.push({
      code,
      message: translate(this.options.locale, key, { number: d.label, line, ...params }),
      line,
      field,
    });
  }

  // ——— Finishing questions ———

  private finishTop(d: Draft, sort: number): ImportedSubject {
    const subs = d.subs.map((sub, i) => this.finish(sub, i + 1));
    const subject: ImportedSubject = { ...this.finish(d, sort), category: d.category, sub_subjects: subs };
    const type = subject.type;
    if (STEM_TYPES.includes(type)) {
      const sum = roundPoints(subs.reduce((total, sub) => total + sub.point, 0));
      subject.point = sum;
      if (d.point?.value != null && subs.length > 0 && Math.abs(d.point.value - sum) > 1e-9) {
        this.error(d, 'invalid', 'dataImport.parse.stemPointMismatch', d.point.line, 'point', {
          point: d.point.value,
          sum,
        });
      }
      if (subs.length === 0) {
        this.error(d, 'subQuestionsMissing', 'dataImport.parse.subQuestionsMissing', d.line, 'sub_subjects');
      }
      if (type === 'cloze') {
        d.subs.forEach((sub, i) => {
          if (subs[i]?.type !== 'single_selection') {
            this.error(sub, 'clozeSingleOnly', 'dataImport.parse.clozeSingleOnly', sub.line, 'type');
          }
        });
      }
    }
    if (!this.options.allowedTypes.includes(type)) {
      this.error(d, 'typeNotAllowed', 'dataImport.parse.typeNotAllowed', d.line, 'type', {
        type: FORMAT_VOCABULARY[templateLangOf(this.options.locale)].types[type][0] ?? type,
      });
    }
    // Errors found from here on land in the drafts' arrays, which the questions share.
    this.checkRules(subject, d);
    for (const draft of [d, ...d.subs]) draft.errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    return subject;
  }

  private finish(d: Draft, sort: number): ImportedSubSubject {
    const type = this.typeOf(d);
    const isStem = STEM_TYPES.includes(type);
    const out: ImportedSubSubject = {
      type,
      description: d.description.html(),
      point: 0,
      sort,
      difficulty_level: d.difficulty,
      options: [],
      answer: null,
      answer_explanation: d.explanation ? d.explanation.html() || null : null,
      blanks: [],
      settings: {},
      knowledge_node_names: d.knowledge,
      note: d.subjectNote,
      errors: d.errors,
      warnings: d.notes,
      number: d.number,
      line: d.line,
    };
    if (out.description === '' && d.parent && parentType(d.parent) === 'cloze') {
      out.description = escapeText(d.marker.trim());
    }
    if (out.description === '') {
      this.error(d, 'descriptionMissing', 'dataImport.parse.descriptionMissing', d.line, 'description');
    }
    if (!isStem) {
      out.point = d.point?.value ?? this.stemPoints(d) ?? this.defaultPoints(d) ?? 0;
    }
    switch (type) {
      case 'single_selection':
      case 'multiple_selection':
        this.finishChoice(d, out);
        break;
      case 'true_or_false':
        this.finishTrueFalse(d, out);
        break;
      case 'fill_in_blank':
        this.finishBlanks(d, out);
        break;
      case 'matching':
        this.finishMatching(d, out);
        break;
      default:
        out.answer = d.answer ? d.answer.html() || null : null;
        this.keepOptions(d, out);
    }
    if (d.weights && type !== 'single_selection' && type !== 'multiple_selection') {
      this.error(d, 'weightsInvalid', 'dataImport.parse.weightsNotChoice', d.weights.line, 'options');
    }
    return out;
  }

  /** Points written in the question's own text ("（5分）"), when no points line says otherwise. */
  private stemPoints(d: Draft): number | null {
    const match = STEM_POINTS.exec(d.description.norm());
    return match ? pointValue(match[1] ?? '') : null;
  }

  /** Section points ("每题2分") count for stand-alone questions and for each blank of a cloze. */
  private defaultPoints(d: Draft): number | null {
    if (!d.parent) return d.sectionPoints;
    return parentType(d.parent) === 'cloze' ? d.parent.sectionPoints : null;
  }

  private typeOf(d: Draft): ImportedSubjectType {
    const explicit = d.parent
      ? (d.tagType ?? (parentType(d.parent) === 'cloze' ? 'single_selection' : null))
      : (d.tagType ?? d.sectionType);
    if (explicit) return explicit;
    if (d.subs.length > 0) return 'analysis';
    if (this.trueFalseOptions(d)) return 'true_or_false';
    if (d.options.length > 0) {
      const letters = d.answer?.pieces[0] ? answerLetters(d.answer.pieces[0].norm) : null;
      return letters && letters.length > 1 ? 'multiple_selection' : 'single_selection';
    }
    const first = d.answer?.pieces[0];
    if (first && !first.table && trueFalseOf(first.norm)) return 'true_or_false';
    if (d.description.norm().match(BLANK_PATTERN)) return 'fill_in_blank';
    return 'short_answer';
  }

  /** The one-line answer of a choice, true/false or blank question; further lines are reported. */
  private oneLineAnswer(d: Draft, out: ImportedSubSubject): Piece | null {
    const pieces = d.answer?.pieces ?? [];
    pieces.slice(1).forEach((piece) => this.unexpected(d, piece, 'answer'));
    const first = pieces[0];
    if (!first) {
      this.error(
        d,
        'answerMissing',
        'dataImport.parse.answerMissing',
        d.labelLines.answer ?? d.line,
        'answer',
      );
      return null;
    }
    if (first.table) {
      this.unexpected(d, first, 'answer');
      return null;
    }
    out.answer = first.text;
    return first;
  }

  private keepOptions(d: Draft, out: ImportedSubSubject): void {
    out.options = d.options.map((o, i) => ({ sort: i, content: o.part.html(), is_answer: false }));
  }

  private finishChoice(d: Draft, out: ImportedSubSubject): void {
    this.keepOptions(d, out);
    if (d.options.length === 0) {
      this.error(d, 'optionsMissing', 'dataImport.parse.optionsMissing', d.line, 'options');
    }
    const answer = this.oneLineAnswer(d, out);
    if (!answer || d.options.length === 0) return;
    const line = answer.line;
    const letters = answerLetters(answer.norm);
    if (!letters) {
      this.error(d, 'answerInvalid', 'dataImport.parse.answerNotLetters', line, 'answer', {
        answer: answer.text,
      });
      return;
    }
    const missing = letters.find((letter) => letter.charCodeAt(0) - 65 >= d.options.length);
    if (missing) {
      this.error(d, 'answerInvalid', 'dataImport.parse.answerNotOption', line, 'answer', { answer: missing });
      return;
    }
    if (out.type === 'single_selection' && letters.length > 1) {
      this.error(d, 'singleAnswerOnly', 'dataImport.parse.singleAnswerOnly', line, 'answer', {
        answer: letters.join(''),
      });
      return;
    }
    out.options = out.options.map((o, i) => ({ ...o, is_answer: letters.includes(letterOf(i)) }));
    this.applyWeights(d, out);
  }

  /** Partial credit: every option gets its share (those not listed earn nothing); letters must be options. */
  private applyWeights(d: Draft, out: ImportedSubSubject): void {
    if (!d.weights) return;
    const { byLetter, line } = d.weights;
    const missing = [...byLetter.keys()].find((letter) => letter.charCodeAt(0) - 65 >= out.options.length);
    if (missing) {
      this.error(d, 'answerInvalid', 'dataImport.parse.answerNotOption', line, 'options', {
        answer: missing,
      });
      return;
    }
    out.options = out.options.map((o, i) => ({ ...o, weight: byLetter.get(letterOf(i)) ?? 0 }));
  }

  /** Two options that are a true and a false word ("A. 正确 B. 错误", "A. √ B. ×", "A. T B. F"), in either order. */
  private trueFalseOptions(d: Draft): [boolean, boolean] | null {
    if (d.options.length !== 2) return null;
    const values = d.options.map((o) => trueFalseOf(o.part.norm().trim())?.value);
    const [first, second] = values;
    if (first === undefined || second === undefined || first === second) return null;
    return [first, second];
  }

  private finishTrueFalse(d: Draft, out: ImportedSubSubject): void {
    const asOptions = this.trueFalseOptions(d);
    if (asOptions) {
      // Written as two options with a letter answer (or the word itself): the options stay as written.
      const answer = this.oneLineAnswer(d, out);
      out.options = d.options.map((o, i) => ({ sort: i, content: o.part.html(), is_answer: false }));
      if (!answer) return;
      const letters = answerLetters(answer.norm);
      const chosen =
        letters?.length === 1 && (letters[0] === 'A' || letters[0] === 'B')
          ? asOptions[letters[0] === 'A' ? 0 : 1]
          : trueFalseOf(answer.norm)?.value;
      if (chosen === undefined) {
        this.error(d, 'answerInvalid', 'dataImport.parse.answerNotTrueFalse', answer.line, 'answer', {
          answer: answer.text,
        });
        return;
      }
      out.options = out.options.map((o, i) => ({ ...o, is_answer: asOptions[i] === chosen }));
      return;
    }
    const written = d.options[0];
    if (written) {
      this.error(d, 'unexpectedText', 'dataImport.parse.trueFalseOptions', written.line, 'options');
    }
    const answer = this.oneLineAnswer(d, out);
    const value = answer ? trueFalseOf(answer.norm) : null;
    if (answer && !value) {
      this.error(d, 'answerInvalid', 'dataImport.parse.answerNotTrueFalse', answer.line, 'answer', {
        answer: answer.text,
      });
    }
    // The generated options speak the language the answer was written in, else the reader's.
    const own = templateLangOf(this.options.locale);
    const lang = value && !value.langs.includes(own) ? (value.langs[0] ?? own) : own;
    const vocabulary = FORMAT_VOCABULARY[lang];
    out.options = [
      { sort: 0, content: vocabulary.trueWords[0] ?? 'True', is_answer: value?.value === true },
      { sort: 1, content: vocabulary.falseWords[0] ?? 'False', is_answer: value?.value === false },
    ];
  }

  /** Matching: options are the right-hand column; the answer pairs items with letters ("1-A；2-C" or "AC"). */
  private finishMatching(d: Draft, out: ImportedSubSubject): void {
    this.keepOptions(d, out);
    const answer = this.oneLineAnswer(d, out);
    const letters: (string | undefined)[] = [];
    if (answer) {
      const numbered = [...answer.norm.matchAll(/(\d{1,2})\s*(?:-|->|→|=|:|\.)?\s*([A-Za-z])/g)];
      if (
        numbered.length > 0 &&
        answer.norm.replace(/(\d{1,2})\s*(?:-|->|→|=|:|\.)?\s*([A-Za-z])|[\s,;、]/g, '') === ''
      ) {
        for (const match of numbered) letters[Number(match[1]) - 1] = (match[2] ?? '').toUpperCase();
      } else {
        const plain = answerLetters(answer.norm);
        if (plain && plain.length === answer.norm.replace(/[\s,、;]+/g, '').length) letters.push(...plain);
        else {
          this.error(d, 'answerInvalid', 'dataImport.parse.answerNotLetters', answer.line, 'answer', {
            answer: answer.text,
          });
        }
      }
    }
    const missing = letters.find(
      (letter) => letter !== undefined && letter.charCodeAt(0) - 65 >= d.options.length,
    );
    if (answer && missing) {
      this.error(d, 'answerInvalid', 'dataImport.parse.answerNotOption', answer.line, 'answer', {
        answer: missing,
      });
    }
    out.pairs = d.pairs.map((pair, i) => ({
      sort: i,
      content: pair.part.html(),
      option_sort: (letters[i] ?? 'A').charCodeAt(0) - 65,
    }));
    if (answer && !missing && d.pairs.some((_, i) => letters[i] === undefined)) {
      this.error(d, 'answerInvalid', 'dataImport.parse.answerNotLetters', answer.line, 'answer', {
        answer: answer.text,
      });
    }
  }

  private finishBlanks(d: Draft, out: ImportedSubSubject): void {
    this.keepOptions(d, out);
    const blanks = d.description.norm().match(BLANK_PATTERN)?.length ?? 0;
    const answer = this.oneLineAnswer(d, out);
    if (!answer) return;
    const groups = this.splitGroups(answer);
    out.blanks = groups.map((answers, i) => ({ sort: i, answers }));
    if (groups.length !== blanks) {
      this.error(d, 'blankCountMismatch', 'dataImport.parse.blankCountMismatch', answer.line, 'blanks', {
        blanks,
        answers: groups.length,
      });
    }
  }

  /** `北京|Beijing；上海` → [["北京", "Beijing"], ["上海"]]; a trailing separator adds no blank. */
  private splitGroups(answer: Piece): string[][] {
    const groups: string[][] = [];
    let from = 0;
    for (;;) {
      const at = answer.norm.indexOf(';', from);
      const end = at === -1 ? answer.norm.length : at;
      const alternatives: string[] = [];
      let altFrom = from;
      for (;;) {
        const bar = answer.norm.indexOf('|', altFrom);
        const altEnd = bar === -1 || bar > end ? end : bar;
        const value = answer.text.slice(altFrom, altEnd).trim();
        if (value !== '') alternatives.push(value);
        if (altEnd === end) break;
        altFrom = altEnd + 1;
      }
      groups.push(alternatives);
      if (at === -1) break;
      from = at + 1;
    }
    if (groups.length > 1 && groups[groups.length - 1]?.length === 0) groups.pop();
    return groups;
  }

  /**
   * The question editor's rules (SubjectInputSchema) on the finished question; what the parser has not
   * already said in its own words becomes an `invalid` error on the question or sub-question concerned.
   */
  private checkRules(subject: ImportedSubject, d: Draft): void {
    const result = SubjectInputSchema.safeParse(toSubjectInput(subject));
    if (result.success) return;
    for (const issue of result.error.issues) {
      let target = d;
      let path = issue.path;
      const subIndex = path[1];
      if (path[0] === 'sub_subjects' && typeof subIndex === 'number' && path.length > 2 && d.subs[subIndex]) {
        target = d.subs[subIndex];
        path = path.slice(2);
      }
      const field = path.map(String).join('.');
      const group = fieldGroup(field);
      if (target.errors.some((e) => e.field === 'type' || fieldGroup(e.field) === group)) continue;
      this.error(target, 'invalid', 'dataImport.parse.invalid', this.lineOf(target, field), field || null, {
        message: translateIssue(this.options.locale, issue),
      });
    }
  }

  private lineOf(d: Draft, field: string): number {
    const [head, index] = field.split('.');
    if (head === 'options' && index !== undefined) return d.options[Number(index)]?.line ?? d.line;
    if (head === 'options' || head === 'blanks') return d.labelLines.answer ?? d.line;
    if (head === 'answer' || head === 'answer_explanation' || head === 'knowledge_node_names') {
      return d.labelLines[head] ?? d.line;
    }
    if (head === 'point') return d.point?.line ?? d.line;
    if (head === 'note') return d.labelLines.subject_note ?? d.line;
    return d.line;
  }
}

/**
 * A category as a path of levels: "a / b" and "a/b" read alike, empty levels go, and Moodle's context root
 * (`$course$`, `$system$`, …) with its "top" level is not part of a name a teacher chose.
 */
export function categoryPath(text: string): string | null {
  const levels = text
    .split('/')
    .map((level) => level.replace(/\s+/g, ' ').trim())
    .filter((level) => level !== '');
  const rooted = /^\$\w+\$$/.test(levels[0] ?? '');
  if (rooted) levels.shift();
  if ((rooted || levels.length > 1) && levels[0]?.toLowerCase() === 'top') levels.shift();
  return levels.length > 0 ? levels.join('/') : null;
}

/** Raw import content (HTML or plain text) in the question text format → imported questions. */
export function parseQuestionText(content: string, options: ParseOptions): ParseResult {
  return new QuestionTextParser(options).parse(content);
}
