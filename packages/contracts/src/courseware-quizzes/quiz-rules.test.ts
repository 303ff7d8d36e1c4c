import { describe, expect, it } from 'vitest';
import { quizStopAt, type QuizStop } from './quiz-rules.ts';

const quiz = (id: number, position: number, extra: Partial<QuizStop> = {}): QuizStop => ({
  id,
  position,
  subjects_count: 1,
  submitted: false,
  published: true,
  ...extra,
});

describe('quizStopAt', () => {
  it('stops at a quiz once the playhead reaches it, not before', () => {
    const quizzes = [quiz(1, 30)];
    expect(quizStopAt(quizzes, 29.9)).toBeUndefined();
    expect(quizStopAt(quizzes, 30)?.id).toBe(1);
  });

  it('stops at the earliest unanswered quiz when seeking past several', () => {
    const quizzes = [quiz(3, 90), quiz(2, 60), quiz(1, 30, { submitted: true })];
    expect(quizStopAt(quizzes, 120)?.id).toBe(2);
  });

  it('passes answered quizzes and quizzes without questions', () => {
    const quizzes = [quiz(1, 10, { submitted: true }), quiz(2, 20, { subjects_count: 0 })];
    expect(quizStopAt(quizzes, 500)).toBeUndefined();
  });

  it('passes an unpublished quiz, even one a stale list still holds, and stops at the next one', () => {
    const quizzes = [quiz(1, 10, { published: false }), quiz(2, 20)];
    expect(quizStopAt(quizzes, 15)).toBeUndefined();
    expect(quizStopAt(quizzes, 500)?.id).toBe(2);
  });
});
