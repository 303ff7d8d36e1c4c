import type { ServerResponse } from 'node:http';
import { PUSH_RESYNC_EVENT, type PushResync } from '@lectern/contracts/push/push.schemas';
import type { Api } from '../app-context.ts';
import { actorOf } from '../http/request-context.ts';
import type { PushBus, PushMessage } from './push-bus.ts';

export type PushStreamOptions = {
  /** The courses whose events the user receives (their memberships). */
  courseIdsOf(userId: number): Promise<number[]>;
  /** The current state sent to a client coming back from a break, when events may have been missed. */
  resyncOf(courseIds: readonly number[]): Promise<PushResync>;
  /** Proxies close idle connections, typically after 30–60 s; a comment line keeps the stream alive. */
  heartbeatMs?: number;
};

const HEARTBEAT_MS = 25_000;
/** Tells EventSource how long to wait before reconnecting after a drop. */
const RETRY_MS = 3000;

function frame(message: PushMessage): string {
  const payload = JSON.stringify({ course_id: message.courseId, type: message.type, data: message.data });
  return `id: ${message.id}\ndata: ${payload}\n\n`;
}

/**
 * `GET /api/push/stream`: one server-sent-events stream per signed-in browser tab. Every process
 * subscribes to the bus once; each stream filters by the user's courses, re-read on every heartbeat so a
 * new membership is picked up without a reconnection.
 */
export function registerPushStream(app: Api, bus: PushBus, options: PushStreamOptions): void {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<ServerResponse>();

  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
    open.clear();
  });

  app.get(
    '/api/push/stream',
    {
      config: { access: 'user' },
      schema: {
        tags: ['platform'],
        description:
          'Server-sent events of the caller’s courses (text/event-stream). Each message is JSON ' +
          '{ course_id, type, data }; a reconnection with Last-Event-ID first receives a `resync` event.',
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      let courseIds = new Set(await options.courseIdsOf(actor.userId));
      const resuming = typeof request.headers['last-event-id'] === 'string';
      const resync = resuming ? await options.resyncOf([...courseIds]) : null;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      if (resync) raw.write(`event: ${PUSH_RESYNC_EVENT}\ndata: ${JSON.stringify(resync)}\n\n`);
      open.add(raw);

      const unsubscribe = bus.subscribe((message) => {
        if (courseIds.has(message.courseId)) raw.write(frame(message));
      });
      const heartbeat = setInterval(() => {
        raw.write(': heartbeat\n\n');
        options
          .courseIdsOf(actor.userId)
          .then((ids) => {
            courseIds = new Set(ids);
          })
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'push stream membership refresh failed'),
          );
      }, heartbeatMs);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      };
      raw.on('close', stop);
      raw.on('error', stop);
    },
  );
}
