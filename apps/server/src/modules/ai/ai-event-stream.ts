import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';

/** The SSE event that ends a stream which failed after it started; its data is `{ code, message }`. */
export const AI_STREAM_ERROR_EVENT = 'error';

export type AiStreamWriter = Readonly<{
  /** Aborted when the browser goes away, so the model call stops and, having failed, costs nothing. */
  signal: AbortSignal;
  /** One server-sent event: `data: <json>` (with `event:` when named). The first one opens the stream. */
  send(data: unknown, event?: string): void;
}>;

/**
 * Answers a request with a stream of server-sent events written by `run`. The response starts only with
 * the first event: until then a failure (permission, validation, no credit, the provider's 429 before its
 * first token) is an ordinary JSON error with its status code. After it, a failure becomes one `error` event
 * carrying the same code and message, and the stream closes: the status line has already been sent.
 */
export async function answerWithEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (writer: AiStreamWriter) => Promise<void>,
): Promise<void> {
  const controller = new AbortController();
  const raw = reply.raw;
  raw.on('close', () => {
    if (!raw.writableFinished) controller.abort();
  });
  let open = false;
  const start = () => {
    if (open) return;
    open = true;
    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // nginx would otherwise hold the tokens back until its buffer fills.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
  };
  // A provider often sends many small chunks in one packet, and they are read in one turn of the event
  // loop: corked until that turn ends, they leave in one write instead of a system call each.
  let corked = false;
  const uncork = () => {
    corked = false;
    raw.uncork();
  };
  const send = (data: unknown, event?: string) => {
    start();
    if (raw.writableEnded) return;
    if (!corked) {
      corked = true;
      raw.cork();
      setImmediate(uncork);
    }
    raw.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  };

  try {
    await run({ signal: controller.signal, send });
    start();
    raw.end();
  } catch (error) {
    if (!open) throw error;
    if (!(error instanceof AppError)) request.log.error({ err: error }, 'ai stream failed');
    send(streamError(request, error), AI_STREAM_ERROR_EVENT);
    raw.end();
  }
}

function streamError(request: FastifyRequest, error: unknown): { code: string; message: string } {
  const locale = actorOf(request).locale;
  if (error instanceof AppError) {
    const { detail } = error;
    const message =
      typeof detail === 'string' ? translate(locale, detail) : translate(locale, detail.key, detail.params);
    return { code: error.code, message };
  }
  return { code: 'internal', message: translate(locale, 'error.internal') };
}
