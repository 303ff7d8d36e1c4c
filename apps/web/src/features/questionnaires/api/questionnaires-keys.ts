/** Every questionnaire query sits under this prefix. */
export const questionnairesQueryKey = ['questionnaires'] as const;

export const questionnaireQueryKey = (id: number) => [...questionnairesQueryKey, id] as const;
export const questionnaireResultsQueryKey = (id: number) =>
  [...questionnairesQueryKey, id, 'results'] as const;
