import {
  GeneratedRubricSchema,
  type GeneratedRubric,
  type GenerateRubricRequest,
} from '@lectern/contracts/rubrics/rubric.schemas';
import { request } from '../../../shared/api/http-client.ts';

/** `POST /api/rubrics/generate`: a draft for the editor (nothing is stored). */
export function generateRubric(body: GenerateRubricRequest, signal?: AbortSignal): Promise<GeneratedRubric> {
  return request('/api/rubrics/generate', { method: 'POST', body, schema: GeneratedRubricSchema, signal });
}
