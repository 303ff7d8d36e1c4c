import { useRubricQuery } from '../api/get-rubric.ts';

/**
 * `GET /api/rubrics/{id}` as a query (disabled without an id): for features that show a rubric by id,
 * e.g. a homework's marking rubric for the score dialog.
 */
export function useRubric(id: number | null | undefined) {
  return useRubricQuery(id);
}
