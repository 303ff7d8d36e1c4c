import {
  SubjectLibsResponseSchema,
  type SubjectLibsResponse,
} from '@lectern/contracts/exams/subject-lib.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { questionnairesQueryKey } from './questionnaires-keys.ts';

/** `GET /api/subject-libs?lib_type=questionnaire`: the caller's questionnaire libraries (spec 000 section 7). */
export function getQuestionnaireLibs(signal?: AbortSignal): Promise<SubjectLibsResponse> {
  return request('/api/subject-libs', {
    query: { lib_type: 'questionnaire' },
    schema: SubjectLibsResponseSchema,
    signal,
  });
}

export function useQuestionnaireLibs(enabled: boolean) {
  return useQuery({
    queryKey: [...questionnairesQueryKey, 'libs'],
    queryFn: ({ signal }) => getQuestionnaireLibs(signal),
    enabled,
  });
}
