import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { Actor } from '../http/request-context.ts';
import { memoryPushBus } from './memory.push-bus.ts';
import { registerPushStream } from './push-stream.routes.ts';

const actor: Actor = {
  userId: 1,
  orgId: 1,
  orgRole: 'member',
  sessionId: 's',
  simulatingCourseId: null,
  locale: 'en-US',
};

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The stream alone, on a bare server whose every request is the same signed-in user. */
async function streamServer(courseIds: () => number[]) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = actor;
  });
  const bus = memoryPushBus();
  registerPushStream(app, bus, {
    courseIdsOf: async () => courseIds(),
    resyncOf: async (ids) => ({ course_ids: [...ids], rollcalls: [] }),
    heartbeatMs: 40,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => app.close());
  return { url, bus };
}

async function readUntil(response: Response, done: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 5000;
  while (!done(text)) {
    if (Date.now() > deadline) throw new Error(`stream so far: ${text}`);
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe('push stream', () => {
  it('sends heartbeat comments and picks up a new membership at the next one', async () => {
    let courses = [1];
    const { url, bus } = await streamServer(() => courses);
    const response = await fetch(`${url}/api/push/stream`);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const reading = readUntil(response, (text) => text.includes('"course_id":2'));
    await bus.publish({ courseId: 2, type: 'rollcall.started', data: { rollcall_id: 1 } });
    // Joined course 2: from the next heartbeat on its events arrive.
    courses = [1, 2];
    await new Promise((r) => setTimeout(r, 120));
    await bus.publish({ courseId: 2, type: 'rollcall.started', data: { rollcall_id: 2 } });
    const text = await reading;
    expect(text).toContain(': heartbeat');
    expect(text).not.toContain('"rollcall_id":1');
    expect(text).toContain('"rollcall_id":2');
  });

  it('answers a reconnection with a resync before any event', async () => {
    const { url } = await streamServer(() => [4]);
    const response = await fetch(`${url}/api/push/stream`, { headers: { 'last-event-id': 'x' } });
    const text = await readUntil(response, (t) => t.includes('event: resync'));
    expect(text).toMatch(/^retry: \d+\n\nevent: resync\ndata: \{"course_ids":\[4\],"rollcalls":\[\]\}\n\n/);
  });
});
