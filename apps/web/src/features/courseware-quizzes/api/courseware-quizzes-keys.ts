/** Every video quiz query sits under this prefix. */
export const coursewareQuizzesQueryKey = ['courseware-quizzes'] as const;

export const videoQuizzesQueryKey = (activityId: number) =>
  [...coursewareQuizzesQueryKey, 'video', activityId] as const;
export const quizSubjectsQueryKey = (quizId: number) =>
  [...coursewareQuizzesQueryKey, 'quiz', quizId, 'subjects'] as const;
export const mySubmissionQueryKey = (quizId: number) =>
  [...coursewareQuizzesQueryKey, 'quiz', quizId, 'mine'] as const;
export const quizStatisticsQueryKey = (quizId: number) =>
  [...coursewareQuizzesQueryKey, 'quiz', quizId, 'statistics'] as const;
