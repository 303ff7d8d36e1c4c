import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPushBus, parsePushMessage, type PushBus, type PushMessage } from './push-bus.ts';

const log = pino({ level: 'silent' });
const open: PushBus[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

function received(bus: PushBus): PushMessage[] {
  const messages: PushMessage[] = [];
  bus.subscribe((m) => messages.push(m));
  return messages;
}

async function until(check: () => boolean): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5000) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('createPushBus', () => {
  it('stays in-process on embedded PGlite', async () => {
    const config = { ...t.config, databaseUrl: undefined, redisUrl: undefined };
    const bus = await createPushBus({ config, db: t.db, driver: 'pglite', log });
    open.push(bus);
    expect(bus.driver).toBe('memory');
    const messages = received(bus);
    await bus.publish({ courseId: 3, type: 'rollcall.started', data: { rollcall_id: 9 } });
    await until(() => messages.length === 1);
    expect(messages[0]).toMatchObject({ courseId: 3, type: 'rollcall.started', data: { rollcall_id: 9 } });
  });

  it('fans out through Redis between two buses when REDIS_URL is set', async () => {
    const config = {
      ...t.config,
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      redisKeyPrefix: `lectern-test-${randomUUID()}:`,
    };
    const a = await createPushBus({ config, db: t.db, driver: 'pglite', log });
    const b = await createPushBus({ config, db: t.db, driver: 'pglite', log });
    open.push(a, b);
    expect(a.driver).toBe('redis');
    const messages = received(b);
    await a.publish({ courseId: 1, type: 'rollcall.stopped', data: { rollcall_id: 2 } });
    await until(() => messages.length === 1);
    expect(messages[0]).toMatchObject({ courseId: 1, type: 'rollcall.stopped' });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'fans out through LISTEN/NOTIFY on a PostgreSQL server',
    async () => {
      const a = await createPushBus({ config: t.config, db: t.db, driver: 'postgres', log });
      const b = await createPushBus({ config: t.config, db: t.db, driver: 'postgres', log });
      open.push(a, b);
      expect(a.driver).toBe('postgres');
      const messages = received(b);
      await a.publish({ courseId: 5, type: 'rollcall.checked_in', data: { rollcall_id: 6, count: 1 } });
      await until(() => messages.length === 1);
      expect(messages[0]).toMatchObject({ courseId: 5, data: { count: 1 } });
    },
  );

  it('drops malformed messages from the shared channel', () => {
    expect(parsePushMessage('not json')).toBeNull();
    expect(parsePushMessage(JSON.stringify({ id: 'x', courseId: '1', type: 't', data: {} }))).toBeNull();
    expect(parsePushMessage(JSON.stringify({ id: 'x', courseId: 1, type: 't', data: {} }))).toMatchObject({
      courseId: 1,
    });
  });
});
