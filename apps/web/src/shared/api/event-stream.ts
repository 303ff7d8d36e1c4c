import { ERROR_CODES } from '@lectern/contracts/common/errors.codes';
import { currentLocale, i18n } from '../i18n/i18n.ts';
import { ApiError, isErrorEnvelope, type ApiErrorCode } from './http-client.ts';

/** One server-sent event: its name (`message` when unnamed) and its data read as JSON. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** The event a server stream ends with when it failed after it started: `{ code, message }`. */
const ERROR_EVENT = 'error';

function codeOf(value: unknown): ApiErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
    ? (value as ApiErrorCode)
    : 'internal';
}

function parseBlock(block: string): StreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  return { event, data: JSON.parse(data.join('\n')) as unknown };
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = (await response.json()) as unknown;
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
  return new ApiError({
    status: response.status,
    code: response.status >= 500 ? 'internal' : 'invalid_response',
    message: i18n.t(response.status >= 500 ? 'shared:errors.server' : 'shared:errors.unexpected'),
  });
}

/**
 * POSTs JSON and reads the answer as server-sent events (the AI features' streams), calling `onOpen` once
 * the server has started the stream and `onEvent` for each event. Resolves when the stream closes. A
 * refusal before the stream (a JSON error) and an `error` event inside it both reject with an ApiError
 * carrying the server's message; an abort rejects with the AbortError.
 */
export async function postEventStream(
  path: string,
  body: unknown,
  handlers: { signal?: AbortSignal; onOpen?: () => void; onEvent: (event: StreamEvent) => void },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {
        Accept: 'text/event-stream',
        'Accept-Language': currentLocale(),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: handlers.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'network_error', message: i18n.t('shared:errors.network') });
  }
  if (!response.ok) throw await errorOf(response);
  handlers.onOpen?.();
  if (!response.body) return;

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const dispatch = (block: string) => {
    const parsed = parseBlock(block.replace(/\r/g, ''));
    if (!parsed) return;
    if (parsed.event === ERROR_EVENT) {
      const data = (parsed.data ?? {}) as { code?: unknown; message?: unknown };
      throw new ApiError({
        status: response.status,
        code: codeOf(data.code),
        message: typeof data.message === 'string' ? data.message : i18n.t('shared:errors.server'),
      });
    }
    handlers.onEvent(parsed);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The connection dropped mid-stream.
    throw new ApiError({ status: 0, code: 'network_error', message: i18n.t('shared:errors.network') });
  } finally {
    reader.releaseLock();
  }
  if (buffer.trim()) dispatch(buffer);
}
