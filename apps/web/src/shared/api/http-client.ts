import { ERROR_CODES } from '@lectern/contracts/common/errors.codes';
import type { ErrorCode, ErrorResponse, FieldErrors } from '@lectern/contracts/common/errors.schemas';
import type { z } from 'zod';
import { currentLocale, i18n } from '../i18n/i18n.ts';

/** Server codes plus the two failures only the client can observe. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: FieldErrors;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    errors?: FieldErrors;
    requestId?: string;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | readonly unknown[] | object;
export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface RequestOptions<S extends z.ZodType = z.ZodType> {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData goes as multipart with the browser's own boundary. */
  body?: unknown;
  query?: QueryParams;
  /** A contracts schema that the response must match; it also types the result. */
  schema?: S;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

/** Undefined and null mean "not given"; arrays and objects travel JSON-encoded as the API expects. */
export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function genericMessage(status: number): string {
  if (status === 0) return i18n.t('shared:errors.network');
  if (status >= 500) return i18n.t('shared:errors.server');
  return i18n.t('shared:errors.unexpected');
}

function fallbackCode(status: number): ApiErrorCode {
  if (status >= 500) return 'internal';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  return 'invalid_response';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return JSON.parse(text) as unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error envelope (contracts' ErrorResponseSchema), checked by hand: every request needs this check,
 * the first screen's included, and zod would be the biggest part of that screen's code (decision 0014).
 * A proxy's or gateway's body, or anything else not shaped like the envelope, is refused.
 */
export function isErrorEnvelope(body: unknown): body is ErrorResponse {
  if (!isRecord(body)) return false;
  const { code, message, errors, request_id: requestId } = body;
  return (
    typeof code === 'string' &&
    (ERROR_CODES as readonly string[]).includes(code) &&
    typeof message === 'string' &&
    isRecord(errors) &&
    Object.values(errors).every(
      (messages) => Array.isArray(messages) && messages.every((item) => typeof item === 'string'),
    ) &&
    (requestId === undefined || typeof requestId === 'string')
  );
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined;
  }
  if (isErrorEnvelope(body)) {
    return new ApiError({
      status: response.status,
      code: body.code,
      message: body.message,
      errors: body.errors,
      requestId: body.request_id,
    });
  }
  // Proxies and gateways answer 502/504 with HTML; the user still needs a sentence in their language.
  return new ApiError({
    status: response.status,
    code: fallbackCode(response.status),
    message: genericMessage(response.status),
  });
}

export function request<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S> & { schema: S },
): Promise<z.output<S>>;
export function request(path: string, options?: RequestOptions): Promise<unknown>;
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLocale());

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // An abort is the caller's own doing (TanStack Query cancelling); it must stay recognisable as one.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'network_error', message: genericMessage(0), cause: error });
  }

  if (!response.ok) throw await errorFromResponse(response);

  let data: unknown;
  try {
    data = await readJson(response);
  } catch (error) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: genericMessage(response.status),
      cause: error,
    });
  }
  if (!options.schema) return data;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: genericMessage(response.status),
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * A call whose response is typed by its contract but not parsed here, for the first screen's calls
 * (decision 0014): their modules then import the contract's types only and do not bring zod. The server
 * writes every response through its route's zod schema (serialised by it, and checked against it outside
 * production; decision 0006), so only the contract's fields in the contract's types arrive. `T` must be
 * the contract's inferred type, imported with `import type`; everything else passes `schema` to `request`.
 */
export async function requestTyped<T>(path: string, options?: Omit<RequestOptions, 'schema'>): Promise<T> {
  return (await request(path, options)) as T;
}
