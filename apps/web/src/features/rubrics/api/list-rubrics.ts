import { RubricSchema, RubricsResponseSchema, type Rubric } from '@lectern/contracts/rubrics/rubric.schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { rubricListKey } from './rubric-keys.ts';

/** Asked without `fields`, the server answers every field: the list is read as whole rubrics. */
const FullRubricsSchema = RubricsResponseSchema.extend({ rubrics: z.array(RubricSchema) });

/** `GET /api/rubrics`: the viewer's own rubrics, newest first. */
export async function listRubrics(signal?: AbortSignal): Promise<Rubric[]> {
  const response = await request('/api/rubrics', { schema: FullRubricsSchema, signal });
  return response.rubrics;
}

export function useRubrics(enabled = true) {
  return useQuery({ queryKey: rubricListKey, queryFn: ({ signal }) => listRubrics(signal), enabled });
}
