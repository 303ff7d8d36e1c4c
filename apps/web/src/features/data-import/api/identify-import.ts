import {
  IdentifyImportResponseSchema,
  type IdentifyImportRequest,
  type IdentifyImportResponse,
} from '@lectern/contracts/data-import/data-import.schemas';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/**
 * `POST /api/data-import/identify`: raw content → the questions it holds, each with its errors. Saves
 * nothing; more than 200 questions, or none, is refused with the error envelope.
 */
export function identifyImport(
  body: IdentifyImportRequest,
  signal?: AbortSignal,
): Promise<IdentifyImportResponse> {
  return request('/api/data-import/identify', {
    method: 'POST',
    body,
    schema: IdentifyImportResponseSchema,
    signal,
  });
}

export function useIdentifyImport() {
  return useMutation({ mutationFn: (body: IdentifyImportRequest) => identifyImport(body) });
}
