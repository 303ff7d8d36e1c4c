import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityResourceRecordings } from '../../db/schema/activity-resources.ts';
import { activities } from '../../db/schema/activities.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { meetingRecordings, meetingVendorLinks } from '../../db/schema/meetings.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { CalDavFake } from '../../test/caldav-server.fake.ts';
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
import { runJobsUntilIdle } from '../../test/jobs.ts';
import type { LarkFake } from '../../test/lark.fake.ts';
import { startMeetingVendorDoubles, type MeetingVendorDoubles } from '../../test/meeting-vendor-doubles.ts';
import type { TencentMeetingFake } from '../../test/tencent-meeting.fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { VENDOR_SYNC_JOB } from './vendor-sync.schedule.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

let t: TestApp;
let vendors: MeetingVendorDoubles;
let tencent: TencentMeetingFake;
let dav: CalDavFake;
let lark: LarkFake;
let teacher: Session;
let student: Session;
let ownerId: number;
let courseA: number;
let courseB: number;
let moduleA: number;

beforeAll(async () => {
  vendors = await startMeetingVendorDoubles();
  ({ tencent, dav, lark } = vendors);
  t = await createTestApp({
    ...vendors.env,
    BBB_RECORDING_MAX_MB: '1',
  });
  const orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId, { name: 'Ada Teacher' });
  ownerId = owner.id;
  const learner = await createUser(t, orgId, { name: 'Lin Student' });
  courseA = (await createCourse(t, orgId, owner.id)).id;
  courseB = (await createCourse(t, orgId, owner.id)).id;
  moduleA = (await createModule(t, courseA)).id;
  await createModule(t, courseB);
  await addMember(t, courseA, learner.id, ['student']);
  teacher = await loginAs(t, owner);
  student = await loginAs(t, learner);
  tencent.users.add('ada.t');
  const bound = await send('PUT', '/api/tencent_meeting/user-binding', teacher, { userid: 'ada.t' });
  expect(bound.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await vendors.close();
});

const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: session.headers });
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  session: Session,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload }) });

const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const seconds = (isoTime: string) => String(Math.floor(Date.parse(isoTime) / 1000));

let titles = 0;
/** A Tencent meeting made through Lectern for the given courses; its activity ids and meeting id. */
async function tencentMeeting(courses: number[], extra: Record<string, unknown> = {}) {
  titles += 1;
  const response = await send('POST', '/api/courses/tencent-meeting/activities', teacher, {
    courses,
    title: `Office hours ${titles}`,
    start_time: iso(HOUR),
    end_time: iso(2 * HOUR),
    published: true,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return {
    meetingId: body.meeting.meeting_id as string,
    ids: (body.activities as { id: number }[]).map((a) => a.id),
  };
}

async function binItem(courseId: number, activityId: number): Promise<number> {
  const list = (await get(`/api/courses/${courseId}/recycle-bin`, teacher)).json();
  const item = list.items.find(
    (i: { type: string; item_id: number }) => i.type === 'activity' && i.item_id === activityId,
  );
  expect(item).toBeDefined();
  return item.id as number;
}

async function dataOf(activityId: number): Promise<Record<string, unknown>> {
  const [row] = await t.db.select().from(activities).where(eq(activities.id, activityId));
  return row?.data ?? {};
}

/** Makes the sync jobs waiting for their retry due now, as time passing would. */
async function retryNow(): Promise<void> {
  await t.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.type, VENDOR_SYNC_JOB), eq(jobs.status, 'init')));
}

describe('a vendor meeting follows its activity', () => {
  it('an edit updates the Tencent meeting; an edit of nothing Tencent keeps asks nothing', async () => {
    const { meetingId, ids } = await tencentMeeting([courseA]);
    const id = ids[0] ?? 0;
    const start = iso(3 * HOUR);
    const end = iso(4 * HOUR);
    const edited = await send('PUT', `/api/activities/${id}`, teacher, {
      title: 'Office hours, moved',
      start_time: start,
      end_time: end,
    });
    expect(edited.statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(tencent.meetings.get(meetingId)).toMatchObject({
      subject: 'Office hours, moved',
      start_time: seconds(start),
      end_time: seconds(end),
    });
    const puts = () =>
      tencent.calls.filter((c) => c.method === 'PUT' && c.uri.startsWith('/v1/meetings/')).length;
    const before = puts();
    expect((await send('PUT', `/api/activities/${id}`, teacher, { published: false })).statusCode).toBe(200);
    expect(
      (await send('PUT', `/api/activities/${id}`, teacher, { title: 'Office hours, moved' })).statusCode,
    ).toBe(200);
    await runJobsUntilIdle(t);
    expect(puts()).toBe(before);
  });

  it('an unreachable Tencent fails neither the edit nor the meeting: the sync retries, logging no secret', async () => {
    const { meetingId, ids } = await tencentMeeting([courseA]);
    const id = ids[0] ?? 0;
    tencent.failNext('/v1/meetings/', 503, 500001, 'service busy');
    const edited = await send('PUT', `/api/activities/${id}`, teacher, { title: 'Retried title' });
    expect(edited.statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(tencent.meetings.get(meetingId)?.subject).not.toBe('Retried title');
    const [link] = await t.db.select().from(meetingVendorLinks).where(eq(meetingVendorLinks.activityId, id));
    expect(link?.lastError).toContain('service busy');
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.type, VENDOR_SYNC_JOB),
          sql`${jobs.payload} @> ${JSON.stringify({ activity_id: id })}::jsonb`,
        ),
      );
    expect(job).toMatchObject({ status: 'init', attempts: 1 });
    for (const text of [link?.lastError ?? '', job?.lastError ?? '']) {
      expect(text).not.toContain(tencent.secretKey);
      expect(text).not.toContain(tencent.secretId);
    }
    await retryNow();
    await runJobsUntilIdle(t);
    expect(tencent.meetings.get(meetingId)?.subject).toBe('Retried title');
    const [after] = await t.db.select().from(meetingVendorLinks).where(eq(meetingVendorLinks.activityId, id));
    expect(after?.lastError).toBeNull();
  });

  it('deleting cancels the Tencent meeting; restoring makes a new one and links the activity to it', async () => {
    const { meetingId, ids } = await tencentMeeting([courseA]);
    const id = ids[0] ?? 0;
    expect((await send('DELETE', `/api/activities/${id}`, teacher)).statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(tencent.meetings.get(meetingId)?.status).toBe('MEETING_STATE_CANCELLED');

    const made = tencent.meetings.size;
    const restored = await send('POST', `/api/recycle-bin/${await binItem(courseA, id)}/restore`, teacher);
    expect(restored.statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(tencent.meetings.size).toBe(made + 1);
    const data = await dataOf(id);
    expect(data.meeting_id).not.toBe(meetingId);
    const fresh = tencent.meetings.get(String(data.meeting_id));
    expect(fresh).toMatchObject({
      status: 'MEETING_STATE_INIT',
      hosts: ['ada.t'],
      subject: `Office hours ${titles}`,
    });
    expect(data.join_url).toBe(fresh?.join_url);
    // The student's meeting panel names the new meeting.
    const state = (await get(`/api/activities/${id}/meeting`, student)).json();
    expect(state.meeting_id).toBe(data.meeting_id);
    // Running the sync again (a duplicate job) makes nothing more.
    await t.db.insert(jobs).values({ type: VENDOR_SYNC_JOB, payload: { activity_id: id } });
    await runJobsUntilIdle(t);
    expect(tencent.meetings.size).toBe(made + 1);
  });

  it('restoring a recurring meeting makes the series again, with its rule', async () => {
    const rule = { recurring_type: 2, until_count: 8 };
    const { meetingId, ids } = await tencentMeeting([courseA], {
      tencent_meeting_type: 'recurring_meeting',
      recurring_rule: rule,
    });
    const id = ids[0] ?? 0;
    expect(tencent.meetings.get(meetingId)).toMatchObject({ meeting_type: 1, recurring_rule: rule });
    expect(await dataOf(id)).toMatchObject({
      tencent_meeting_type: 'recurring_meeting',
      recurring_rule: rule,
    });
    expect((await send('DELETE', `/api/activities/${id}`, teacher)).statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(tencent.meetings.get(meetingId)?.status).toBe('MEETING_STATE_CANCELLED');

    const restored = await send('POST', `/api/recycle-bin/${await binItem(courseA, id)}/restore`, teacher);
    expect(restored.statusCode).toBe(200);
    await runJobsUntilIdle(t);
    const data = await dataOf(id);
    expect(data.meeting_id).not.toBe(meetingId);
    expect(tencent.meetings.get(String(data.meeting_id))).toMatchObject({
      status: 'MEETING_STATE_INIT',
      meeting_type: 1,
      recurring_rule: rule,
    });
  });

  it('a meeting shared by two courses is cancelled only when neither activity is left', async () => {
    const { meetingId, ids } = await tencentMeeting([courseA, courseB]);
    const [inA = 0, inB = 0] = ids;
    expect((await send('DELETE', `/api/activities/${inA}`, teacher)).statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(tencent.meetings.get(meetingId)?.status).toBe('MEETING_STATE_INIT');
    expect((await send('DELETE', `/api/activities/${inB}`, teacher)).statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(tencent.meetings.get(meetingId)?.status).toBe('MEETING_STATE_CANCELLED');
  });

  it('deleting the module cancels the meetings of its activities', async () => {
    const module = await createModule(t, courseA);
    const { meetingId } = await tencentMeeting([courseA], {
      modules: [{ course_id: courseA, module_id: module.id }],
    });
    expect((await send('DELETE', `/api/modules/${module.id}`, teacher)).statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(tencent.meetings.get(meetingId)?.status).toBe('MEETING_STATE_CANCELLED');
  });

  it('a calendar meeting’s CalDAV event follows edits, deletion and restore', async () => {
    const response = await send('POST', '/api/calendar-meeting', teacher, {
      course_id: courseA,
      module_id: moduleA,
      type: 'google_meeting',
      title: 'Thesis review',
      start_time: iso(24 * HOUR),
      end_time: iso(25 * HOUR),
      join_url: 'https://meet.example.edu/abc-defg',
    });
    expect(response.statusCode).toBe(200);
    const id = response.json().activity_id as number;
    const path = `/calendars/lectern/lectern-meeting-${id}@lectern.ics`;
    const event = () => dav.objects.get(path)?.replace(/\r\n /g, '') ?? null;
    expect(event()).toContain('SUMMARY:Thesis review');

    expect(
      (await send('PUT', `/api/activities/${id}`, teacher, { title: 'Thesis review (room 2)' })).statusCode,
    ).toBe(200);
    await runJobsUntilIdle(t);
    expect(event()).toContain('SUMMARY:Thesis review (room 2)');

    expect((await send('DELETE', `/api/activities/${id}`, teacher)).statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(event()).toBeNull();

    expect(
      (await send('POST', `/api/recycle-bin/${await binItem(courseA, id)}/restore`, teacher)).statusCode,
    ).toBe(200);
    await runJobsUntilIdle(t);
    expect(event()).toContain('SUMMARY:Thesis review (room 2)');
  });
});

describe('a Lark reservation follows its activity', () => {
  it('is updated on edit, deleted with the activity and reserved again on restore', async () => {
    const check = (await get('/api/lark/authorization/check', teacher)).json();
    lark.consentAs('ou_ada');
    const consent = await fetch(check.authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    expect((await get(`/api/lark/authorization/callback${back.search}`, teacher)).statusCode).toBe(302);

    const activity = await createActivity(t, {
      courseId: courseA,
      moduleId: moduleA,
      createdBy: ownerId,
      type: 'lark_meeting',
      title: 'Lark seminar',
      startTime: new Date(Date.now() + HOUR),
      endTime: new Date(Date.now() + 2 * HOUR),
      data: {},
    });
    const reserved = await send('POST', `/api/activities/${activity.id}/meeting/vendor`, teacher);
    expect(reserved.statusCode).toBe(200);
    const reserveId = reserved.json().meeting_id as string;

    const end = iso(3 * HOUR);
    expect(
      (
        await send('PUT', `/api/activities/${activity.id}`, teacher, {
          title: 'Lark seminar II',
          end_time: end,
        })
      ).statusCode,
    ).toBe(200);
    await runJobsUntilIdle(t);
    expect(lark.reserves.get(reserveId)).toMatchObject({ topic: 'Lark seminar II', end_time: seconds(end) });

    expect((await send('DELETE', `/api/activities/${activity.id}`, teacher)).statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(lark.reserves.has(reserveId)).toBe(false);

    const item = await binItem(courseA, activity.id);
    expect((await send('POST', `/api/recycle-bin/${item}/restore`, teacher)).statusCode).toBe(200);
    await runJobsUntilIdle(t);
    const data = await dataOf(activity.id);
    expect(data.meeting_id).not.toBe(reserveId);
    expect(lark.reserves.get(String(data.meeting_id))).toMatchObject({
      topic: 'Lark seminar II',
      owner: 'ou_ada',
    });
  });
});

describe('one meeting per request, however often it is sent', () => {
  it('two concurrent requests for an activity’s Tencent meeting reserve one meeting', async () => {
    const activity = await createActivity(t, {
      courseId: courseA,
      moduleId: moduleA,
      createdBy: ownerId,
      type: 'tencent_meeting',
      title: 'Double click',
      startTime: new Date(Date.now() + HOUR),
      endTime: new Date(Date.now() + 2 * HOUR),
      data: {},
    });
    const creates = () =>
      tencent.calls.filter(
        (c) => c.method === 'POST' && c.uri === '/v1/meetings' && c.body?.subject === 'Double click',
      ).length;
    // A slow Tencent keeps the first request in flight while the second arrives.
    tencent.delay('/v1/meetings', 300);
    try {
      const [a, b] = await Promise.all([
        send('POST', `/api/activities/${activity.id}/meeting/vendor`, teacher),
        send('POST', `/api/activities/${activity.id}/meeting/vendor`, teacher),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    } finally {
      tencent.delay('/v1/meetings', 0);
    }
    expect(creates()).toBe(1);
    const made = [...tencent.meetings.values()].filter((m) => m.subject === 'Double click');
    expect(made).toHaveLength(1);
    expect((await dataOf(activity.id)).meeting_id).toBe(made[0]?.meeting_id);
    // Refused by Tencent, the claim is given back: a later request may try again.
    const other = await createActivity(t, {
      courseId: courseA,
      moduleId: moduleA,
      createdBy: ownerId,
      type: 'tencent_meeting',
      title: 'Refused once',
      startTime: new Date(Date.now() + HOUR),
      endTime: new Date(Date.now() + 2 * HOUR),
      data: {},
    });
    tencent.failNext('/v1/meetings', 400, 190003, 'meeting start time invalid');
    expect((await send('POST', `/api/activities/${other.id}/meeting/vendor`, teacher)).statusCode).toBe(502);
    expect((await send('POST', `/api/activities/${other.id}/meeting/vendor`, teacher)).statusCode).toBe(200);
  });

  it('the same multi-course Tencent request sent twice at once makes one meeting and one activity per course', async () => {
    const body = {
      courses: [courseA, courseB],
      title: 'Retried by the client',
      start_time: iso(5 * HOUR),
      end_time: iso(6 * HOUR),
    };
    tencent.delay('/v1/meetings', 300);
    let responses;
    try {
      responses = await Promise.all([
        send('POST', '/api/courses/tencent-meeting/activities', teacher, body),
        send('POST', '/api/courses/tencent-meeting/activities', teacher, body),
      ]);
    } finally {
      tencent.delay('/v1/meetings', 0);
    }
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(responses[0]?.json()).toEqual(responses[1]?.json());
    expect([...tencent.meetings.values()].filter((m) => m.subject === 'Retried by the client')).toHaveLength(
      1,
    );
    const rows = await t.db.select().from(activities).where(eq(activities.title, 'Retried by the client'));
    expect(rows.map((r) => r.courseId).sort()).toEqual([courseA, courseB].sort());
    // Sent again a moment later (a retry after a lost answer): the same answer, still one meeting.
    const again = await send('POST', '/api/courses/tencent-meeting/activities', teacher, body);
    expect(again.json()).toEqual(responses[0]?.json());
    expect([...tencent.meetings.values()].filter((m) => m.subject === 'Retried by the client')).toHaveLength(
      1,
    );
  });

  it('the same calendar meeting sent twice at once creates one activity and one CalDAV event', async () => {
    const body = {
      course_id: courseA,
      module_id: moduleA,
      type: 'google_meeting',
      title: 'Booked twice',
      start_time: iso(30 * HOUR),
      end_time: iso(31 * HOUR),
    };
    const puts = dav.requests.filter((r) => r.method === 'PUT').length;
    const [a, b] = await Promise.all([
      send('POST', '/api/calendar-meeting', teacher, body),
      send('POST', '/api/calendar-meeting', teacher, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().activity_id).toBe(b.json().activity_id);
    expect(await t.db.select().from(activities).where(eq(activities.title, 'Booked twice'))).toHaveLength(1);
    expect(dav.requests.filter((r) => r.method === 'PUT').length).toBe(puts + 1);
  });
});

describe('Tencent cloud recordings into resources', () => {
  it('copies a recording file by its download address; the sharing link is the replay meanwhile and after', async () => {
    const { meetingId, ids } = await tencentMeeting([courseA], { title: 'Recorded seminar' });
    const id = ids[0] ?? 0;
    await t.db
      .update(activities)
      .set({ startTime: new Date(Date.now() - 2 * HOUR), endTime: new Date(Date.now() - 40 * MIN) })
      .where(eq(activities.id, id));
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4096, 3)]);
    const copied = 'https://meeting.tencent.com/v2/cloud-record/share?id=copied';
    const linkOnly = 'https://meeting.tencent.com/v2/cloud-record/share?id=link-only';
    // Object storage serves the file as bytes: Tencent's file type (MP4) says what it is.
    tencent.addRecording(meetingId, copied, { body: mp4, contentType: 'application/octet-stream' });
    tencent.addRecording(meetingId, linkOnly);

    const pending = (await get(`/api/activities/${id}/meeting`, student)).json();
    expect(pending.playback_state).toBe('available');
    expect(pending.replay_addresses).toEqual([copied, linkOnly]);
    const states = async () =>
      (await t.db.select().from(meetingRecordings).where(eq(meetingRecordings.activityId, id))).map((r) => [
        r.vendor,
        r.url,
        r.state,
      ]);
    expect(await states()).toEqual([
      ['tencent', copied, 'copying'],
      ['tencent', linkOnly, 'copying'],
    ]);
    await get(`/api/activities/${id}/meeting`, student);
    await runJobsUntilIdle(t);

    expect(await states()).toEqual([
      ['tencent', copied, 'copied'],
      ['tencent', linkOnly, 'link'],
    ]);
    expect([...tencent.downloads.values()]).toEqual([1]);
    const resources = await t.db
      .select({ upload: uploads, source: activityResourceRecordings.source })
      .from(uploadReferences)
      .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
      .innerJoin(activityResourceRecordings, eq(activityResourceRecordings.referenceId, uploadReferences.id))
      .where(and(eq(uploadReferences.parentType, 'activity_resource'), eq(uploadReferences.parentId, id)));
    expect(resources).toHaveLength(1);
    expect(resources[0]).toMatchObject({ source: 'meeting_recording' });
    expect(resources[0]?.upload).toMatchObject({ mimeType: 'video/mp4', size: mp4.length, status: 'ready' });
    const chunks: Buffer[] = [];
    for await (const chunk of await t.storage.get(resources[0]?.upload.storageKey ?? ''))
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(mp4)).toBe(true);
    // The links stay the replays; seen again, nothing is copied twice.
    const after = (await get(`/api/activities/${id}/meeting`, student)).json();
    expect(after.replay_addresses).toEqual([copied, linkOnly]);
    await runJobsUntilIdle(t);
    expect([...tencent.downloads.values()]).toEqual([1]);
  });
});
