import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openDatabase, type DatabaseHandle } from '../database.ts';

/** One parsed server-sent event. */
type SseEvent = { id?: string; event: string; data: string };

/** Reads a text/event-stream response as it arrives; `next` waits for the first event matching. */
function sseReader(response: Response) {
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let comments = 0;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { event: 'message', data: '' };
        let hasData = false;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments += 1;
          else if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) {
            event.data = line.slice(6);
            hasData = true;
          }
        }
        if (hasData) events.push(event);
      }
    }
  })();
  return {
    events,
    comments: () => comments,
    async next(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
      const started = Date.now();
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() - started > timeoutMs)
          throw new Error(`no matching event; got ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

/**
 * A second Lectern process on the first one's database (as behind a load balancer), listening on a port
 * of its own so the stream is read over real HTTP.
 */
async function secondInstance(first: TestApp): Promise<{ app: App; database: DatabaseHandle; url: string }> {
  const database = await openDatabase({
    url: first.config.databaseUrl,
    poolSize: 2,
    onConnectionLost: () => {},
  });
  const app = await buildApp({ config: first.config, database, logger: false, serveWeb: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, database, url };
}

function describeAcrossInstances(name: string, overrides: () => Record<string, string>) {
  describe.skipIf(!process.env.TEST_DATABASE_URL)(name, () => {
    let t: TestApp;
    let other: Awaited<ReturnType<typeof secondInstance>>;
    let teacher: Session;
    let student: Session;
    let outsider: Session;
    let courseId: number;
    let otherCourseId: number;

    beforeAll(async () => {
      t = await createTestApp(overrides());
      other = await secondInstance(t);
      const orgId = (await createOrg(t)).id;
      const teacherUser = await createUser(t, orgId);
      const studentUser = await createUser(t, orgId);
      const outsiderUser = await createUser(t, orgId);
      courseId = (await createCourse(t, orgId, teacherUser.id)).id;
      otherCourseId = (await createCourse(t, orgId, teacherUser.id)).id;
      await addMember(t, courseId, studentUser.id, ['student']);
      await addMember(t, otherCourseId, outsiderUser.id, ['student']);
      teacher = await loginAs(t, teacherUser);
      student = await loginAs(t, studentUser);
      outsider = await loginAs(t, outsiderUser);
    });

    afterAll(async () => {
      await other.app.close();
      await other.database.close();
      await t.close();
    });

    const open = (session: Session, extra: Record<string, string> = {}) =>
      fetch(`${other.url}/api/push/stream`, { headers: { ...session.headers, ...extra } });

    async function startRollcall(course: number): Promise<number> {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/course/${course}/rollcall`,
        headers: teacher.headers,
        payload: { type: 'self_registration' },
      });
      const id = created.json<{ rollcall_id: number }>().rollcall_id;
      await t.app.inject({
        method: 'POST',
        url: `/api/rollcall/${id}/start-rollcall`,
        headers: teacher.headers,
      });
      return id;
    }

    it('delivers a roll call started on one instance to a member streaming from the other', async () => {
      const response = await open(student);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const stream = sseReader(response);
      const outsiderStream = sseReader(await open(outsider));
      try {
        // Each stream subscribes before its headers are sent, so publishing now cannot miss it.
        const id = await startRollcall(courseId);
        const started = await stream.next((e) => e.data.includes('rollcall.started'));
        expect(JSON.parse(started.data)).toEqual({
          course_id: courseId,
          type: 'rollcall.started',
          data: { rollcall_id: id },
        });
        expect(started.id).toBeTruthy();

        const answered = await t.app.inject({
          method: 'PUT',
          url: `/api/rollcall/${id}/answer_self_registration_rollcall`,
          headers: student.headers,
          payload: { deviceId: 'phone-1' },
        });
        expect(answered.statusCode).toBe(200);
        const checkedIn = await stream.next((e) => e.data.includes('rollcall.checked_in'));
        expect(JSON.parse(checkedIn.data)).toMatchObject({ data: { rollcall_id: id, count: 1 } });

        // Not a member of that course: the outsider's stream carries only their own course's event.
        const ownId = await startRollcall(otherCourseId);
        const own = await outsiderStream.next(() => true);
        expect(JSON.parse(own.data)).toMatchObject({
          course_id: otherCourseId,
          data: { rollcall_id: ownId },
        });
        expect(outsiderStream.events).toHaveLength(1);
      } finally {
        await stream.close();
        await outsiderStream.close();
      }
    });

    it('resyncs a reconnecting stream with the open roll calls and their counts', async () => {
      const id = await startRollcall(courseId);
      const stream = sseReader(await open(student, { 'last-event-id': 'gone-1' }));
      try {
        const resync = await stream.next((e) => e.event === 'resync');
        const body = JSON.parse(resync.data) as {
          course_ids: number[];
          rollcalls: { rollcall_id: number }[];
        };
        expect(body.course_ids).toEqual([courseId]);
        expect(body.rollcalls.map((r) => r.rollcall_id)).toContain(id);
      } finally {
        await stream.close();
      }
    });

    it('refuses anonymous callers', async () => {
      const response = await fetch(`${other.url}/api/push/stream`);
      expect(response.status).toBe(401);
    });
  });
}

describeAcrossInstances('push across two instances on PostgreSQL (LISTEN/NOTIFY)', () => ({}));
describeAcrossInstances('push across two instances through Redis', () => ({
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_KEY_PREFIX: `lectern-test-${randomUUID()}:`,
}));
