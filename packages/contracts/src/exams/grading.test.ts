import { describe, expect, it } from 'vitest';
import {
  answersReleased,
  applyMark,
  combineAttempts,
  gradePaper,
  gradeSubject,
  normaliseBlank,
  roundScore,
  scoresReleased,
  summariseScores,
  type GradableSubject,
  type StudentAnswer,
} from './grading.ts';

const base = { options: [], blanks: [], pairs: [], settings: {} };

const choice = (
  id: number,
  type: 'single_selection' | 'multiple_selection' | 'true_or_false',
  answers: boolean[],
  point = 2,
): GradableSubject => ({
  ...base,
  id,
  type,
  point,
  options: answers.map((is_answer, i) => ({ id: id * 10 + i, sort: i, is_answer })),
});

const blanks = (
  id: number,
  accepted: string[][],
  point = 3,
  settings: GradableSubject['settings'] = {},
): GradableSubject => ({
  ...base,
  id,
  type: 'fill_in_blank',
  point,
  settings,
  blanks: accepted.map((answers, sort) => ({ sort, answers })),
});

const picked = (subject_id: number, ...ids: number[]): StudentAnswer => ({
  subject_id,
  answer_option_ids: ids,
});
const filled = (subject_id: number, ...texts: string[]): StudentAnswer => ({
  subject_id,
  answers: texts.map((content, sort) => ({ sort, content })),
});
const scoreOf = (subject: GradableSubject, answer?: StudentAnswer) =>
  gradeSubject(subject, answer ? [answer] : [])[0];

describe('choice questions', () => {
  it('gives a single choice its points only for the one right option', () => {
    const q = choice(1, 'single_selection', [false, true, false]);
    expect(scoreOf(q, picked(1, 11))).toEqual({
      subject_id: 1,
      parent_id: null,
      score: 2,
      auto: true,
      correct: true,
    });
    expect(scoreOf(q, picked(1, 10))).toMatchObject({ score: 0, correct: false });
    expect(scoreOf(q, picked(1, 10, 11))).toMatchObject({ score: 0, correct: false });
    expect(scoreOf(q)).toMatchObject({ score: 0, correct: false, auto: true });
  });

  it('gives a multiple choice its points only for exactly the right set, in any order', () => {
    const q = choice(2, 'multiple_selection', [true, false, true, true], 4);
    expect(scoreOf(q, picked(2, 23, 20, 22))).toMatchObject({ score: 4, correct: true });
    expect(scoreOf(q, picked(2, 20, 22))).toMatchObject({ score: 0, correct: false });
    expect(scoreOf(q, picked(2, 20, 21, 22, 23))).toMatchObject({ score: 0, correct: false });
    expect(scoreOf(q, picked(2, 20, 20, 22, 23))).toMatchObject({ score: 4 });
  });

  it('grades true or false like a single choice', () => {
    const q = choice(3, 'true_or_false', [false, true], 1);
    expect(scoreOf(q, picked(3, 31))).toMatchObject({ score: 1, correct: true });
    expect(scoreOf(q, picked(3, 30))).toMatchObject({ score: 0, correct: false });
  });

  it('ignores option ids of other questions', () => {
    const q = choice(4, 'single_selection', [true, false]);
    expect(scoreOf(q, picked(4, 999))).toMatchObject({ score: 0 });
  });
});

describe('choice questions with partial credit (option weights)', () => {
  const weighted = (
    id: number,
    type: 'single_selection' | 'multiple_selection',
    weights: (number | undefined)[],
    point = 4,
  ): GradableSubject => ({
    ...base,
    id,
    type,
    point,
    options: weights.map((weight, i) => ({ id: id * 10 + i, sort: i, is_answer: (weight ?? 0) > 0, weight })),
  });

  it('adds up the weights of the chosen options, so a partly right multiple choice scores its share', () => {
    const q = weighted(11, 'multiple_selection', [0.5, 0.5, -1, -1], 4);
    expect(scoreOf(q, picked(11, 110))).toMatchObject({ score: 2, correct: false, auto: true });
    expect(scoreOf(q, picked(11, 110, 111))).toMatchObject({ score: 4, correct: true });
  });

  it('lets a wrong choice take back what a right one gave, never below 0 nor above the points', () => {
    const q = weighted(12, 'multiple_selection', [0.5, 0.5, -0.5, -1], 4);
    expect(scoreOf(q, picked(12, 120, 122))).toMatchObject({ score: 0 });
    expect(scoreOf(q, picked(12, 120, 121, 122))).toMatchObject({ score: 2, correct: false });
    expect(scoreOf(q, picked(12, 120, 123))).toMatchObject({ score: 0, correct: false });
    expect(scoreOf(q, picked(12, 120, 120, 121))).toMatchObject({ score: 4, correct: true });
    expect(scoreOf(q)).toMatchObject({ score: 0, correct: false });
  });

  it('gives a single choice’s near miss its share', () => {
    const q = weighted(13, 'single_selection', [1, 0.25, undefined], 2);
    expect(scoreOf(q, picked(13, 130))).toMatchObject({ score: 2, correct: true });
    expect(scoreOf(q, picked(13, 131))).toMatchObject({ score: 0.5, correct: false });
    // An option without a weight in a weighted question earns nothing.
    expect(scoreOf(q, picked(13, 132))).toMatchObject({ score: 0 });
  });

  it('counts thirds that Moodle writes as 33.33333% as full points together', () => {
    const third = 0.3333333;
    const q = weighted(14, 'multiple_selection', [third, third, third, -1], 3);
    expect(scoreOf(q, picked(14, 140, 141, 142))).toMatchObject({ score: 3, correct: true });
    expect(scoreOf(q, picked(14, 140))).toMatchObject({ score: 1, correct: false });
  });
});

describe('fill in the blank', () => {
  it('normalises width, spacing and (unless told otherwise) case', () => {
    expect(normaliseBlank('  Ｈｅｌｌｏ　  World ')).toBe('hello world');
    expect(normaliseBlank('ＡＢＣ１２３', true)).toBe('ABC123');
    expect(normaliseBlank('New\n\tYork')).toBe('new york');
  });

  it('scores each blank against its accepted answers, with partial credit', () => {
    const q = blanks(5, [['Paris'], ['Berlin', 'Berlin, Germany'], ['Rome']], 3);
    expect(scoreOf(q, filled(5, ' paris ', 'BERLIN,  germany', 'Roma'))).toMatchObject({
      score: 2,
      correct: false,
    });
    expect(scoreOf(q, filled(5, 'Paris', 'berlin', 'ROME'))).toMatchObject({ score: 3, correct: true });
    expect(scoreOf(q, filled(5))).toMatchObject({ score: 0 });
  });

  it('rounds partial credit to one decimal', () => {
    const q = blanks(6, [['a'], ['b'], ['c']], 5);
    expect(scoreOf(q, filled(6, 'a', 'x', 'x'))).toMatchObject({ score: 1.7 });
  });

  it('compares case when the question is case-sensitive', () => {
    const q = blanks(7, [['pH']], 1, { case_sensitive: true });
    expect(scoreOf(q, filled(7, 'PH'))).toMatchObject({ score: 0 });
    expect(scoreOf(q, filled(7, 'ｐH'))).toMatchObject({ score: 1 });
  });

  it('matches blanks by their sort, not by the order of the answers sent', () => {
    const q = blanks(8, [['one'], ['two']], 2);
    const answer: StudentAnswer = {
      subject_id: 8,
      answers: [
        { sort: 1, content: 'two' },
        { sort: 0, content: 'one' },
      ],
    };
    expect(scoreOf(q, answer)).toMatchObject({ score: 2 });
    expect(scoreOf(q, filled(8, 'two', 'one'))).toMatchObject({ score: 0 });
  });

  it('accepts unordered blanks in any order, each answer filling one blank at most', () => {
    const q = blanks(
      9,
      [
        ['nile', 'amazon'],
        ['nile', 'amazon'],
      ],
      4,
      { unordered_blanks: true },
    );
    expect(scoreOf(q, filled(9, 'Amazon', 'Nile'))).toMatchObject({ score: 4, correct: true });
    expect(scoreOf(q, filled(9, 'Nile', 'nile'))).toMatchObject({ score: 2 });
    // A greedy choice would spend "b" on the first blank and leave the second unfilled.
    const tricky = blanks(10, [['a', 'b'], ['b']], 2, { unordered_blanks: true });
    expect(scoreOf(tricky, filled(10, 'b', 'a'))).toMatchObject({ score: 2 });
  });
});

describe('fill in the blank with numeric ranges', () => {
  it('accepts any number within value±tolerance, ends included, in exact decimals', () => {
    const q = blanks(15, [['3.14±0.01']], 2);
    for (const inside of ['3.14', '3.13', '3.15', '3.1400', '+3.145', '３．１４']) {
      expect(scoreOf(q, filled(15, inside))).toMatchObject({ score: 2, correct: true });
    }
    for (const outside of ['3.1299999', '3.150001', '3.16', 'pi', '', '3.14 m']) {
      expect(scoreOf(q, filled(15, outside))).toMatchObject({ score: 0 });
    }
  });

  it('accepts any number within low..high, alongside text answers of the same blank', () => {
    const q = blanks(16, [['3.141..3.142'], ['-0.5..0.25', 'none']], 2);
    expect(scoreOf(q, filled(16, '3.1415', '-0.5'))).toMatchObject({ score: 2 });
    expect(scoreOf(q, filled(16, '3.142', 'None'))).toMatchObject({ score: 2 });
    expect(scoreOf(q, filled(16, '3.1405', '0.26'))).toMatchObject({ score: 0 });
    // The range as written counts as its own text too.
    expect(scoreOf(q, filled(16, '3.141..3.142', '0'))).toMatchObject({ score: 2 });
  });

  it('places numbers in ranges when blanks may be answered in any order', () => {
    const q = blanks(17, [['1..2'], ['10±1']], 2, { unordered_blanks: true });
    expect(scoreOf(q, filled(17, '9.5', '1.5'))).toMatchObject({ score: 2 });
    expect(scoreOf(q, filled(17, '1.5', '1.6'))).toMatchObject({ score: 1 });
  });

  it('compares plain numeric answers as text, as before', () => {
    const q = blanks(18, [['0.3']], 1);
    expect(scoreOf(q, filled(18, '0.30'))).toMatchObject({ score: 0 });
    expect(scoreOf(q, filled(18, '0.3'))).toMatchObject({ score: 1 });
  });
});

describe('matching', () => {
  const q: GradableSubject = {
    ...base,
    id: 11,
    type: 'matching',
    point: 3,
    options: [
      { id: 110, sort: 0, is_answer: false },
      { id: 111, sort: 1, is_answer: false },
      { id: 112, sort: 2, is_answer: false },
    ],
    pairs: [
      { sort: 0, option_sort: 2 },
      { sort: 1, option_sort: 0 },
      { sort: 2, option_sort: 1 },
    ],
  };

  it('gives points per right pair', () => {
    const all: StudentAnswer = {
      subject_id: 11,
      answers: [
        { sort: 0, content: '112' },
        { sort: 1, content: '110' },
        { sort: 2, content: '111' },
      ],
    };
    expect(scoreOf(q, all)).toMatchObject({ score: 3, correct: true });
    const one: StudentAnswer = {
      subject_id: 11,
      answers: [
        { sort: 0, content: '112' },
        { sort: 1, content: '111' },
      ],
    };
    expect(scoreOf(q, one)).toMatchObject({ score: 1, correct: false });
  });
});

describe('stems, subjective questions and text blocks', () => {
  const analysis: GradableSubject = {
    ...base,
    id: 20,
    type: 'analysis',
    point: 5,
    sub_subjects: [choice(21, 'single_selection', [true, false], 2), blanks(22, [['x']], 3)],
  };

  it('scores an analysis question as the sum of its sub-questions', () => {
    const scores = gradeSubject(analysis, [picked(21, 210), { ...filled(22, 'y'), parent_id: 20 }]);
    expect(scores).toEqual([
      { subject_id: 20, parent_id: null, score: 2, auto: true, correct: false },
      { subject_id: 21, parent_id: 20, score: 2, auto: true, correct: true },
      { subject_id: 22, parent_id: 20, score: 0, auto: true, correct: false },
    ]);
  });

  it('leaves a short answer for marking and gives a text block no entry', () => {
    const short: GradableSubject = { ...base, id: 30, type: 'short_answer', point: 10 };
    expect(gradeSubject(short, [{ subject_id: 30, answer: 'essay' }])).toEqual([
      { subject_id: 30, parent_id: null, score: null, auto: false, correct: null },
    ]);
    expect(gradeSubject({ ...base, id: 31, type: 'paragraph_desc', point: 0 }, [])).toEqual([]);
  });

  it('keeps a stem pending while one of its sub-questions awaits marking', () => {
    const stem: GradableSubject = {
      ...base,
      id: 40,
      type: 'analysis',
      point: 6,
      sub_subjects: [
        choice(41, 'true_or_false', [true, false], 2),
        { ...base, id: 42, type: 'short_answer', point: 4 },
      ],
    };
    const [entry] = gradeSubject(stem, [picked(41, 410)]);
    expect(entry).toMatchObject({ score: null, correct: null, auto: false });
  });
});

describe('a whole paper', () => {
  const paper: GradableSubject[] = [
    choice(1, 'single_selection', [true, false], 2),
    { ...base, id: 2, type: 'paragraph_desc', point: 0 },
    blanks(3, [['a'], ['b'], ['c']], 5),
    { ...base, id: 4, type: 'short_answer', point: 10 },
    {
      ...base,
      id: 5,
      type: 'cloze',
      point: 2,
      sub_subjects: [
        choice(51, 'single_selection', [false, true], 1),
        choice(52, 'single_selection', [true, false], 1),
      ],
    },
  ];
  const answers = [
    picked(1, 10),
    filled(3, 'a', 'b', 'z'),
    { subject_id: 4, answer: 'text' },
    picked(51, 511),
    picked(52, 521),
  ];

  it('adds up what it can and waits for marking before giving a total', () => {
    const graded = gradePaper(paper, answers);
    expect(graded.known).toBe(6.3);
    expect(graded.auto).toBe(6.3);
    expect(graded.total).toBeNull();
    expect(graded.marked).toBe(false);
  });

  it('totals once the short answer is marked, and a mark updates its stem', () => {
    const graded = gradePaper(paper, answers);
    const marked = applyMark(graded.scores, 4, 7.5);
    expect(summariseScores(marked)).toEqual({ total: 13.8, known: 13.8, auto: 6.3, marked: true });
    const remarked = applyMark(marked, 52, 1);
    expect(remarked.find((s) => s.subject_id === 5)).toMatchObject({ score: 2, auto: false });
    expect(summariseScores(remarked).total).toBe(14.8);
  });

  it('gives a total at once when nothing needs marking', () => {
    const graded = gradePaper([paper[0]!, paper[2]!], [picked(1, 10), filled(3, 'a', 'b', 'c')]);
    expect(graded).toMatchObject({ total: 7, marked: true });
  });

  it('rounds to one decimal', () => {
    expect(roundScore(1.25)).toBe(1.3);
    expect(roundScore(0.1 + 0.2)).toBe(0.3);
  });
});

describe('the score rule across attempts', () => {
  it('takes the highest scored attempt', () => {
    expect(combineAttempts('highest', [60, 80, 70])).toBe(80);
    expect(combineAttempts('highest', [60, null])).toBe(60);
    expect(combineAttempts('highest', [null])).toBeNull();
  });

  it('takes the last attempt, pending if it is', () => {
    expect(combineAttempts('last', [90, 50])).toBe(50);
    expect(combineAttempts('last', [90, null])).toBeNull();
  });

  it('averages once every attempt is scored', () => {
    expect(combineAttempts('average', [60, 70, 75])).toBe(68.3);
    expect(combineAttempts('average', [60, null])).toBeNull();
  });

  it('has no score without attempts', () => {
    expect(combineAttempts('highest', [])).toBeNull();
  });
});

describe('release rules', () => {
  const now = new Date('2030-01-10T10:00:00Z');
  const settings = {
    announce_answer_type: 'after_date' as const,
    announce_answer_time: '2030-01-10T09:00:00Z',
    announce_score_type: 'after_submit' as const,
    announce_score_time: null,
  };

  it('never releases what is set to never', () => {
    expect(answersReleased({ ...settings, announce_answer_type: 'never' }, { submitted: true, now })).toBe(
      false,
    );
  });

  it('releases after submitting only to those who submitted', () => {
    expect(scoresReleased(settings, { submitted: true, now })).toBe(true);
    expect(scoresReleased(settings, { submitted: false, now })).toBe(false);
  });

  it('releases after a date from that date on', () => {
    expect(answersReleased(settings, { submitted: false, now })).toBe(true);
    expect(answersReleased(settings, { submitted: true, now: new Date('2030-01-10T08:59:59Z') })).toBe(false);
    expect(answersReleased({ ...settings, announce_answer_time: null }, { submitted: true, now })).toBe(
      false,
    );
  });
});
