/** Every ask-question query sits under this prefix, so a push event or a change refreshes all it may touch. */
export const askQuestionsQueryKey = ['ask-questions'] as const;

export const courseAskQuestionsQueryKey = (courseId: number) =>
  [...askQuestionsQueryKey, 'course', courseId] as const;

export const askQuestionQueryKey = (id: number) => [...askQuestionsQueryKey, 'one', id] as const;

export const myPicksQueryKey = (courseId: number) => [...askQuestionsQueryKey, 'mine', courseId] as const;

/** What the modal offers: the course's outline, students and group sets. */
export const askQuestionChoicesQueryKey = (courseId: number, what: string) =>
  [...askQuestionsQueryKey, 'choices', courseId, what] as const;
