/**
 * Rules of quizzes placed in an online video, shared by the server (what a quiz may hold, limits) and the
 * player (where it must stop).
 */

/** Question types a video quiz holds: graded on the spot, with no marking and no sub-questions. */
export const QUIZ_SUBJECT_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
  'fill_in_blank',
] as const;

/** Types where the student picks exactly one option. */
export const QUIZ_SINGLE_CHOICE_TYPES = ['single_selection', 'true_or_false'] as const;

export const QUIZ_LIMITS = {
  titleMax: 200,
  /** Twelve hours in seconds: longer than any lecture recording. */
  positionMax: 43_200,
  quizzesPerVideo: 100,
  answerTextMax: 1_000,
  answersPerSubmission: 100,
} as const;

export type QuizStop = {
  id: number;
  position: number;
  subjects_count: number;
  submitted: boolean;
  published: boolean;
};

/**
 * The quiz the player must stop at when the playhead reaches `time` seconds: the earliest one at or before
 * it that is published, has questions and is not answered yet. Seeking beyond an unanswered quiz therefore
 * stops at it.
 */
export function quizStopAt<T extends QuizStop>(quizzes: readonly T[], time: number): T | undefined {
  let stop: T | undefined;
  for (const quiz of quizzes) {
    if (!quiz.published || quiz.submitted || quiz.subjects_count === 0 || quiz.position > time) continue;
    if (!stop || quiz.position < stop.position || (quiz.position === stop.position && quiz.id < stop.id))
      stop = quiz;
  }
  return stop;
}
