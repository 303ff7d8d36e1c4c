import {
  ConvertImportResponseSchema,
  type ConvertImportRequest,
  type ConvertImportResponse,
} from '@lectern/contracts/data-import/data-import.schemas';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `POST /api/data-import/convert`: an uploaded Word, Moodle XML, GIFT or Aiken file → raw content (HTML). */
export function convertImport(
  body: ConvertImportRequest,
  signal?: AbortSignal,
): Promise<ConvertImportResponse> {
  return request('/api/data-import/convert', {
    method: 'POST',
    body,
    schema: ConvertImportResponseSchema,
    signal,
  });
}

export function useConvertImport() {
  return useMutation({ mutationFn: (body: ConvertImportRequest) => convertImport(body) });
}
