import { ErrorResponseSchema } from '@lectern/contracts/common/errors.schemas';
import { UploadSchema, type Upload, type UploadParentType } from '@lectern/contracts/uploads/upload.schemas';
import { useMutation } from '@tanstack/react-query';
import { ApiError, type ApiErrorCode } from '../../../shared/api/http-client.ts';
import { currentLocale, i18n } from '../../../shared/i18n/i18n.ts';

export const UPLOADS_PATH = '/api/uploads';

export interface CreateUploadOptions {
  /** What the file will belong to, when that already exists (e.g. the activity being edited). */
  parentType?: UploadParentType;
  parentId?: number;
  allowDownload?: boolean;
  /** Called with the share of the bytes sent so far, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The words http-client uses for failures that carry no server envelope, in the user's language. */
function genericMessage(status: number): string {
  if (status === 0) return i18n.t('shared:errors.network');
  if (status >= 500) return i18n.t('shared:errors.server');
  return i18n.t('shared:errors.unexpected');
}

function fallbackCode(status: number): ApiErrorCode {
  if (status === 0) return 'network_error';
  if (status >= 500) return 'internal';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'invalid_response';
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Turns a finished XHR into the upload, or into the same ApiError a fetch through http-client would give. */
export function uploadResult(status: number, text: string): Upload {
  const body = parseJson(text);
  if (status < 200 || status >= 300) {
    const envelope = ErrorResponseSchema.safeParse(body);
    if (envelope.success) {
      throw new ApiError({
        status,
        code: envelope.data.code,
        message: envelope.data.message,
        errors: envelope.data.errors,
        requestId: envelope.data.request_id,
      });
    }
    // A proxy may cut a large body off with its own HTML 413 page; the user still gets a sentence.
    throw new ApiError({ status, code: fallbackCode(status), message: genericMessage(status) });
  }
  const parsed = UploadSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      status,
      code: 'invalid_response',
      message: genericMessage(status),
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * Sends one file as multipart/form-data. XMLHttpRequest rather than fetch, because only it reports upload
 * progress. The text fields go before the file: the server streams the file and ignores later fields.
 */
export function createUpload(
  file: Blob & { name?: string },
  options: CreateUploadOptions = {},
): Promise<Upload> {
  const form = new FormData();
  if (options.parentType !== undefined) form.append('parent_type', options.parentType);
  if (options.parentId !== undefined) form.append('parent_id', String(options.parentId));
  if (options.allowDownload !== undefined) form.append('allow_download', options.allowDownload ? '1' : '0');
  form.append('file', file, file.name);

  return new Promise<Upload>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { signal } = options;
    const onAbort = () => xhr.abort();

    xhr.open('POST', UPLOADS_PATH);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      signal?.removeEventListener('abort', onAbort);
      try {
        resolve(uploadResult(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('error', () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new ApiError({ status: 0, code: 'network_error', message: genericMessage(0) }));
    });
    xhr.addEventListener('abort', () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });

    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

export interface CreateUploadVariables extends CreateUploadOptions {
  file: Blob & { name?: string };
}

export function useCreateUpload() {
  return useMutation({
    mutationFn: ({ file, ...options }: CreateUploadVariables) => createUpload(file, options),
  });
}
