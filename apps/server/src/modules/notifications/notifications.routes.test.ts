import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NotificationsResponseSchema } from '@lectern/contracts/notifications/notifications.schemas';
import { activities } from '../../db/schema/activities.ts';
import { notifications } from '../../db/schema/notifications.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createNotifications, type NewNotification } from './notifications.service.ts';

let t: TestApp;
let orgId: number;
let courseId: number;
let activityId: number;
let alice: { id: number };
let bob: { id: number };
let aliceSession: Session;
let bobSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  alice = await createUser(t, orgId);
  bob = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, teacher.id, { name: 'Course of the notifications test' })).id;
  await addMember(t, courseId, alice.id, ['student']);
  await addMember(t, courseId, bob.id, ['student']);
  const moduleId = (await createModule(t, courseId)).id;
  activityId = (await createActivity(t, { courseId, moduleId, createdBy: teacher.id, type: 'homework' })).id;
  aliceSession = await loginAs(t, alice);
  bobSession = await loginAs(t, bob);
});
afterAll(async () => t.close());

function item(userId: number, values: Partial<NewNotification> = {}): NewNotification {
  return {
    userId,
    orgId,
    type: 'homework_redo',
    courseId,
    activityId,
    payload: { title: 'Essay 1', course_name: 'Physics' },
    ...values,
  };
}

async function notify(items: NewNotification[]) {
  await t.db.transaction(async (tx) => createNotifications(tx, items));
}

async function clear() {
  await t.db.delete(notifications);
}

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });
const put = (session: Session, url: string) => t.app.inject({ method: 'PUT', url, headers: session.headers });

describe('createNotifications', () => {
  it('writes nothing when the caller’s transaction rolls back', async () => {
    await clear();
    await expect(
      t.db.transaction(async (tx) => {
        await createNotifications(tx, [item(alice.id)]);
        throw new Error('the change being announced failed');
      }),
    ).rejects.toThrow('the change being announced failed');
    expect(await t.db.select().from(notifications)).toHaveLength(0);
  });

  it('inserts many readers at once, beyond one statement’s chunk', async () => {
    await clear();
    const many = Array.from({ length: 1203 }, (_, i) =>
      item(i % 2 === 0 ? alice.id : bob.id, { type: 'homework_remind', payload: { title: `H${i}` } }),
    );
    await notify(many);
    expect(await t.db.select({ id: notifications.id }).from(notifications)).toHaveLength(1203);
    const res = await get(aliceSession, '/api/notifications/unread-count');
    expect(res.json()).toEqual({ unread_count: 602 });
  });

  it('refuses a payload the lists could not serve, storing nothing', async () => {
    await clear();
    const bad = { ...item(alice.id), payload: { end_time: 'tomorrow' } } as unknown as NewNotification;
    await expect(notify([item(alice.id), bad])).rejects.toThrow();
    expect(await t.db.select().from(notifications)).toHaveLength(0);
  });

  it('fills in the course name when the caller leaves it out, in one query for all readers', async () => {
    await clear();
    await notify([item(alice.id, { payload: { title: 'No course name' } }), item(bob.id)]);
    const rows = await t.db.select().from(notifications).orderBy(notifications.id);
    expect(rows.map((r) => r.payload.course_name)).toEqual(['Course of the notifications test', 'Physics']);
  });

  it('accepts an empty list', async () => {
    await clear();
    await notify([]);
    expect(await t.db.select().from(notifications)).toHaveLength(0);
  });
});

describe('GET /api/notifications', () => {
  it('lists only the caller’s notifications, newest first, with page meta and unread count', async () => {
    await clear();
    await notify([
      item(alice.id, { type: 'homework_redo', payload: { title: 'First' } }),
      item(bob.id, { type: 'homework_remind', payload: { title: 'Bob only' } }),
      item(alice.id, {
        type: 'homework_make_up',
        payload: { title: 'Second', end_time: '2026-12-01T10:00:00.000Z' },
      }),
      item(alice.id, { type: 'exam_score_published', payload: { title: 'Third' } }),
    ]);
    const res = await get(aliceSession, '/api/notifications?page=1&page_size=2');
    expect(res.statusCode).toBe(200);
    const body = NotificationsResponseSchema.parse(res.json());
    expect(body.total).toBe(3);
    expect(body.pages).toBe(2);
    expect(body.unread_count).toBe(3);
    expect(body.notifications.map((n) => n.payload.title)).toEqual(['Third', 'Second']);
    expect(body.notifications[1]).toMatchObject({
      type: 'homework_make_up',
      course_id: courseId,
      activity_id: activityId,
      read_at: null,
      payload: { end_time: '2026-12-01T10:00:00.000Z' },
    });
    const second = NotificationsResponseSchema.parse(
      (await get(aliceSession, '/api/notifications?page=2&page_size=2')).json(),
    );
    expect(second.notifications.map((n) => n.payload.title)).toEqual(['First']);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
  });
});

describe('marking read', () => {
  it('marks one of the caller’s notifications read and lowers the unread count', async () => {
    await clear();
    await notify([item(alice.id), item(alice.id, { type: 'homework_score_published' })]);
    const list = NotificationsResponseSchema.parse((await get(aliceSession, '/api/notifications')).json());
    const target = list.notifications[0];
    if (!target) throw new Error('no notification');
    const res = await put(aliceSession, `/api/notifications/${target.id}/read`);
    expect(res.statusCode).toBe(200);
    const readAt = res.json<{ read_at: string | null }>().read_at;
    expect(readAt).not.toBeNull();
    expect((await get(aliceSession, '/api/notifications/unread-count')).json()).toEqual({ unread_count: 1 });
    // Reading it again keeps the first read time.
    const again = await put(aliceSession, `/api/notifications/${target.id}/read`);
    expect(again.json<{ read_at: string }>().read_at).toBe(readAt);
  });

  it('refuses to mark someone else’s notification: it reads as not found and stays unread', async () => {
    await clear();
    await notify([item(alice.id)]);
    const [row] = await t.db.select().from(notifications);
    if (!row) throw new Error('no row');
    const res = await put(bobSession, `/api/notifications/${row.id}/read`);
    expect(res.statusCode).toBe(404);
    const [after] = await t.db.select().from(notifications).where(eq(notifications.id, row.id));
    expect(after?.readAt).toBeNull();
  });

  it('marks all of the caller’s notifications read and nobody else’s', async () => {
    await clear();
    await notify([item(alice.id), item(alice.id), item(bob.id)]);
    const res = await put(aliceSession, '/api/notifications/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread_count: 0 });
    expect((await get(aliceSession, '/api/notifications/unread-count')).json()).toEqual({ unread_count: 0 });
    expect((await get(bobSession, '/api/notifications/unread-count')).json()).toEqual({ unread_count: 1 });
  });

  it('refuses to mark read for a page of another site, and lets a script with the cookie do it', async () => {
    const forged = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: { cookie: aliceSession.headers.cookie ?? '', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'csrf_failed' });

    const script = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: { cookie: aliceSession.headers.cookie ?? '' },
    });
    expect(script.statusCode).toBe(200);
  });
});

describe('deleting the activity', () => {
  it('removes the notifications about it', async () => {
    await clear();
    const teacher = await createUser(t, orgId);
    const moduleId = (await createModule(t, courseId)).id;
    const doomed = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, type: 'homework' });
    await notify([item(alice.id, { activityId: doomed.id })]);
    await t.db.delete(activities).where(eq(activities.id, doomed.id));
    expect(await t.db.select().from(notifications)).toHaveLength(0);
  });
});
