import type { ExamData } from './exam-settings.ts';
import { inNumericRange, parseNumericRange, type NumericRange } from './numeric-answer.ts';
import { OPTION_WEIGHT_TOLERANCE, type SubjectType } from './subject.schemas.ts';

/**
 * Grading, the score rule across attempts and the release rules: pure functions the server grades with
 * and the web previews with, so both always agree on a score.
 */

/** A question as far as grading needs it (an author's `Subject` fits). */
export type GradableSubject = {
  id: number;
  type: SubjectType;
  point: number;
  /** `weight`: the share of the points choosing this option earns (partial credit), when the question has them. */
  options: readonly { id: number; sort: number; is_answer: boolean; weight?: number | undefined }[];
  blanks: readonly { sort: number; answers: readonly string[] }[];
  pairs: readonly { sort: number; option_sort: number }[];
  settings: { case_sensitive?: boolean | undefined; unordered_blanks?: boolean | undefined };
  sub_subjects?: readonly GradableSubject[];
};

/** One question's answer as the student sends it (sub-questions are separate entries with parent_id). */
export type StudentAnswer = {
  subject_id: number;
  parent_id?: number | null | undefined;
  answer_option_ids?: readonly number[] | undefined;
  answer?: string | null | undefined;
  answers?: readonly { sort: number; content: string }[] | undefined;
};

/**
 * One question's score in a submission. `score` is null while a subjective answer awaits marking; `auto`
 * says the server graded it (an instructor's mark clears it); `correct` is true only for full points.
 * Sub-questions carry their stem as parent_id; a stem's score is the sum of its sub-questions'.
 */
export type SubjectScore = {
  subject_id: number;
  parent_id: number | null;
  score: number | null;
  auto: boolean;
  correct: boolean | null;
};

/** Scores are kept and shown to one decimal place. */
export function roundScore(value: number): number {
  return Math.round((value + Number.EPSILON) * 10) / 10;
}

/**
 * A blank's answer as compared: full-width forms folded to half-width (NFKC), trimmed, inner whitespace
 * collapsed, and lower-cased unless the question is case-sensitive.
 */
export function normaliseBlank(text: string, caseSensitive = false): string {
  const folded = text.normalize('NFKC').trim().replace(/\s+/g, ' ');
  return caseSensitive ? folded : folded.toLowerCase();
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const value of a) if (!b.has(value)) return false;
  return true;
}

/** Share of the question answered right, 0..1; null for a question only an instructor can mark. */
function ratioOf(subject: GradableSubject, answer: StudentAnswer | undefined): number | null {
  switch (subject.type) {
    case 'single_selection':
    case 'multiple_selection':
    case 'true_or_false': {
      const chosen = new Set(answer?.answer_option_ids ?? []);
      if (subject.options.some((o) => o.weight !== undefined)) return weightedRatio(subject, chosen);
      const right = new Set(subject.options.filter((o) => o.is_answer).map((o) => o.id));
      return chosen.size > 0 && sameSet(chosen, right) ? 1 : 0;
    }
    case 'fill_in_blank':
      return fillInBlankRatio(subject, answer);
    case 'matching': {
      if (subject.pairs.length === 0) return 0;
      const sortOfOption = new Map(subject.options.map((o) => [String(o.id), o.sort]));
      const given = new Map((answer?.answers ?? []).map((a) => [a.sort, a.content.trim()]));
      const right = subject.pairs.filter((pair) => {
        const chosen = given.get(pair.sort);
        return chosen !== undefined && sortOfOption.get(chosen) === pair.option_sort;
      }).length;
      return right / subject.pairs.length;
    }
    default:
      return null;
  }
}

/**
 * Partial credit (Moodle's answer fractions): the weights of the chosen options add up, clamped to 0..1, so
 * a wrong choice with a negative weight takes back what a right one gave. An option without a weight in
 * such a question counts 0.
 */
function weightedRatio(subject: GradableSubject, chosen: ReadonlySet<number>): number {
  const sum = subject.options.reduce((total, o) => total + (chosen.has(o.id) ? (o.weight ?? 0) : 0), 0);
  if (sum >= 1 - OPTION_WEIGHT_TOLERANCE) return 1;
  return Math.max(0, sum);
}

/** One accepted answer of a blank: a numeric range (`3.14±0.01`, `1..2`) or a text. */
type Accepted = { texts: Set<string>; ranges: NumericRange[] };

function acceptedAnswers(answers: readonly string[], caseSensitive: boolean): Accepted {
  const accepted: Accepted = { texts: new Set(), ranges: [] };
  for (const answer of answers) {
    const text = normaliseBlank(answer, caseSensitive);
    if (text === '') continue;
    // The written range stays acceptable as text too: a student who copies "1..2" is not wrong for it.
    accepted.texts.add(text);
    const range = parseNumericRange(answer);
    if (range) accepted.ranges.push(range);
  }
  return accepted;
}

function accepts(accepted: Accepted | undefined, text: string): boolean {
  if (accepted === undefined || text === '') return false;
  return accepted.texts.has(text) || accepted.ranges.some((range) => inNumericRange(range, text));
}

function fillInBlankRatio(subject: GradableSubject, answer: StudentAnswer | undefined): number {
  const blanks = [...subject.blanks].sort((a, b) => a.sort - b.sort);
  if (blanks.length === 0) return 0;
  const caseSensitive = subject.settings.case_sensitive === true;
  const accepted = blanks.map((blank) => acceptedAnswers(blank.answers, caseSensitive));
  const given = answer?.answers ?? [];
  if (subject.settings.unordered_blanks !== true) {
    const bySort = new Map(given.map((a) => [a.sort, normaliseBlank(a.content, caseSensitive)]));
    const right = blanks.filter((blank, i) => {
      const text = bySort.get(blank.sort);
      return text !== undefined && accepts(accepted[i], text);
    }).length;
    return right / blanks.length;
  }
  // Any order: the most blanks that distinct answers can fill (a bipartite matching, so an answer that
  // fits several blanks is placed where it lets the others count too, and a repeated answer counts once).
  // A repeated answer is one answer: it fills at most one blank.
  const texts = [...new Set(given.map((a) => normaliseBlank(a.content, caseSensitive)))].filter(
    (t) => t !== '',
  );
  const blankOfText = new Array<number>(texts.length).fill(-1);
  const place = (blank: number, seen: boolean[]): boolean => {
    for (let t = 0; t < texts.length; t += 1) {
      const text = texts[t];
      if (seen[t] || text === undefined || !accepts(accepted[blank], text)) continue;
      seen[t] = true;
      const holder = blankOfText[t] ?? -1;
      if (holder === -1 || place(holder, seen)) {
        blankOfText[t] = blank;
        return true;
      }
    }
    return false;
  };
  let right = 0;
  for (let blank = 0; blank < blanks.length; blank += 1) {
    if (place(blank, new Array<boolean>(texts.length).fill(false))) right += 1;
  }
  return right / blanks.length;
}

/** Which answer belongs to which question: by id, the sub-question's entry only under its own stem. */
function answerLookup(answers: readonly StudentAnswer[]) {
  const byId = new Map<number, StudentAnswer>();
  for (const answer of answers) byId.set(answer.subject_id, answer);
  return (id: number) => byId.get(id);
}

function gradeLeaf(
  subject: GradableSubject,
  parentId: number | null,
  answer: StudentAnswer | undefined,
): SubjectScore {
  const ratio = ratioOf(subject, answer);
  if (ratio === null)
    return { subject_id: subject.id, parent_id: parentId, score: null, auto: false, correct: null };
  return {
    subject_id: subject.id,
    parent_id: parentId,
    score: roundScore(subject.point * ratio),
    auto: true,
    correct: ratio === 1,
  };
}

/** A stem's entry from its sub-questions' entries: their sum, pending while any of them is. */
export function stemScore(
  stemId: number,
  parentId: number | null,
  subs: readonly SubjectScore[],
): SubjectScore {
  const pending = subs.some((s) => s.score === null);
  return {
    subject_id: stemId,
    parent_id: parentId,
    score: pending ? null : roundScore(subs.reduce((total, s) => total + (s.score ?? 0), 0)),
    auto: subs.every((s) => s.auto),
    correct: pending ? null : subs.length > 0 && subs.every((s) => s.correct === true),
  };
}

/**
 * The score entries of one question (and of its sub-questions). A text block (paragraph_desc) carries no
 * points and gets no entry.
 */
export function gradeSubject(
  subject: GradableSubject,
  answers: readonly StudentAnswer[] | ((id: number) => StudentAnswer | undefined),
): SubjectScore[] {
  const find = typeof answers === 'function' ? answers : answerLookup(answers);
  if (subject.type === 'paragraph_desc') return [];
  if (subject.type === 'analysis' || subject.type === 'cloze') {
    const subs = (subject.sub_subjects ?? []).map((sub) => gradeLeaf(sub, subject.id, find(sub.id)));
    return [stemScore(subject.id, null, subs), ...subs];
  }
  return [gradeLeaf(subject, null, find(subject.id))];
}

export type PaperSummary = {
  /** The total once nothing awaits marking; null while something does. */
  total: number | null;
  /** What is known so far: graded and marked questions. */
  known: number;
  /** What the server graded on its own (answers an instructor has not overridden). */
  auto: number;
  /** Every scored answer has a score. */
  marked: boolean;
};

/** Totals from score entries: top-level entries add up (a stem already sums its sub-questions). */
export function summariseScores(scores: readonly SubjectScore[]): PaperSummary {
  const parents = new Set(scores.map((s) => s.parent_id).filter((id): id is number => id !== null));
  const tops = scores.filter((s) => s.parent_id === null);
  const leaves = scores.filter((s) => !parents.has(s.subject_id));
  const marked = leaves.every((s) => s.score !== null);
  const known = roundScore(tops.reduce((total, s) => total + (s.score ?? 0), 0));
  const auto = roundScore(leaves.reduce((total, s) => total + (s.auto && s.score !== null ? s.score : 0), 0));
  return { total: marked ? known : null, known, auto, marked };
}

/** Grades a whole paper (top-level questions, sub-questions inside them). */
export function gradePaper(
  subjects: readonly GradableSubject[],
  answers: readonly StudentAnswer[],
): { scores: SubjectScore[] } & PaperSummary {
  const find = answerLookup(answers);
  const scores = subjects.flatMap((subject) => gradeSubject(subject, find));
  return { scores, ...summariseScores(scores) };
}

/**
 * Sets one leaf's score (an instructor's mark) and brings its stem's entry up to date. Returns new
 * entries; the input is left as it was.
 */
export function applyMark(scores: readonly SubjectScore[], subjectId: number, score: number): SubjectScore[] {
  const next = scores.map((s) =>
    s.subject_id === subjectId ? { ...s, score: roundScore(score), auto: false, correct: null } : s,
  );
  const target = next.find((s) => s.subject_id === subjectId);
  if (!target || target.parent_id === null) return next;
  const parentId = target.parent_id;
  const subs = next.filter((s) => s.parent_id === parentId);
  return next.map((s) => (s.subject_id === parentId ? stemScore(parentId, s.parent_id, subs) : s));
}

export type ScoreRule = ExamData['score_rule'];

/**
 * A student's exam score from their final attempts in submission order (null = awaiting marking):
 * highest of the scored attempts, the last attempt's, or the average of all once every one is scored.
 */
export function combineAttempts(rule: ScoreRule, attempts: readonly (number | null)[]): number | null {
  if (attempts.length === 0) return null;
  switch (rule) {
    case 'highest': {
      const scored = attempts.filter((a): a is number => a !== null);
      return scored.length === 0 ? null : roundScore(Math.max(...scored));
    }
    case 'last':
      return attempts.at(-1) ?? null;
    case 'average':
      if (attempts.some((a) => a === null)) return null;
      return roundScore((attempts as number[]).reduce((total, a) => total + a, 0) / attempts.length);
  }
}

export type ReleaseContext = {
  /** The student has at least one final submission. */
  submitted: boolean;
  now: Date;
};

type ReleaseSettings = Pick<
  ExamData,
  'announce_answer_type' | 'announce_answer_time' | 'announce_score_type' | 'announce_score_time'
>;

/** never: not to students; after_submit: once they have submitted; after_date: from the date on. */
export function isReleased(
  type: ExamData['announce_answer_type'],
  time: string | null | undefined,
  context: ReleaseContext,
): boolean {
  switch (type) {
    case 'never':
      return false;
    case 'after_submit':
      return context.submitted;
    case 'after_date':
      return !!time && context.now.getTime() >= new Date(time).getTime();
  }
}

/** May a student see the correct answers (and explanations) now? */
export function answersReleased(settings: ReleaseSettings, context: ReleaseContext): boolean {
  return isReleased(settings.announce_answer_type, settings.announce_answer_time, context);
}

/** May a student see their scores now? */
export function scoresReleased(settings: ReleaseSettings, context: ReleaseContext): boolean {
  return isReleased(settings.announce_score_type, settings.announce_score_time, context);
}
