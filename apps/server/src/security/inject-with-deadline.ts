import type { InjectOptions } from 'fastify';
import type { App } from '../app.ts';

export type Answer = {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  /** The body did not end within the deadline: an event stream (push) that stays open by design. */
  streaming: boolean;
  json(): unknown;
};

/**
 * app.inject that never waits forever: the answer is taken as a stream and read for at most `ms`, so a
 * route that keeps its response open (the push event stream) still yields its status and first bytes.
 */
export async function injectWithDeadline(app: App, options: InjectOptions, ms = 5_000): Promise<Answer> {
  const res = await withDeadline(app.inject({ ...options, payloadAsStream: true }), ms);
  if (res === undefined)
    throw new Error(`${options.method} ${String(options.url)} sent no headers in ${ms} ms`);
  const stream = res.stream();
  if (String(res.headers['content-type'] ?? '').includes('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, headers: res.headers, body: '', streaming: true, json: () => null };
  }
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = await withDeadline(
    new Promise<true>((resolve, reject) => {
      stream.on('end', () => resolve(true));
      stream.on('error', reject);
    }),
    ms,
  );
  if (!ended) stream.destroy();
  const body = Buffer.concat(chunks).toString('utf8');
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body,
    streaming: !ended,
    json: () => JSON.parse(body) as unknown,
  };
}

async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
