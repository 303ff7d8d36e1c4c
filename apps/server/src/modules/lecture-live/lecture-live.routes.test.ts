import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  LectureLiveDetailSchema,
  type LectureLiveDetail,
  type LiveIngest,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { activities, activityReads } from '../../db/schema/activities.ts';
import { lectureLiveReplays, lectureLives, lectureLiveVisits } from '../../db/schema/lecture-live.ts';
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
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { liveDir, liveHlsDir } from './live-media.ts';

const HOUR = 3600_000;
let t: TestApp;
let courseId: number;
let moduleId: number;
let ownerId: number;
let teacher: Session;
let assistant: Session;
let student: Session;
let student2: Session;
let customer: Session;
let outsider: Session;
let simulating: Session;

let ffmpegPresent = true;
try {
  execFileSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
} catch {
  ffmpegPresent = false;
}

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId, { name: 'Li Wei' });
  ownerId = owner.id;
  courseId = (await createCourse(t, orgId, owner.id)).id;
  moduleId = (await createModule(t, courseId)).id;
  await addMember(t, courseId, owner.id, ['instructor']);
  const helper = await createUser(t, orgId);
  await addMember(t, courseId, helper.id, ['instructor_assistant']);
  const s1 = await createUser(t, orgId);
  const s2 = await createUser(t, orgId);
  const guest = await createUser(t, orgId);
  const stranger = await createUser(t, orgId);
  await addMember(t, courseId, s1.id, ['student']);
  await addMember(t, courseId, s2.id, ['student']);
  await addMember(t, courseId, guest.id, ['customer']);
  teacher = await loginAs(t, owner);
  assistant = await loginAs(t, helper);
  student = await loginAs(t, s1);
  student2 = await loginAs(t, s2);
  customer = await loginAs(t, guest);
  outsider = await loginAs(t, stranger);
  simulating = await loginAs(t, owner, { simulatingCourseId: courseId });
});
afterAll(async () => t.close());

async function createLive(
  values: {
    start?: Date | null;
    end?: Date | null;
    data?: Record<string, unknown>;
    published?: boolean;
  } = {},
) {
  const row = await createActivity(t, {
    courseId,
    moduleId,
    createdBy: ownerId,
    type: 'lecture_live',
    title: 'Compilers, live',
    published: values.published ?? true,
    startTime: values.start === undefined ? new Date(Date.now() + HOUR) : values.start,
    endTime: values.end === undefined ? new Date(Date.now() + 2 * HOUR) : values.end,
    data: values.data ?? {
      description: '<p>Parsing</p>',
      room_location: { building: 'B1', room_name: '101' },
    },
  });
  return row.id;
}

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  session: Session,
  payload?: Record<string, unknown>,
) =>
  payload === undefined
    ? t.app.inject({ method, url, headers: session.headers })
    : t.app.inject({ method, url, headers: session.headers, payload });

async function detail(id: number, session: Session): Promise<LectureLiveDetail> {
  const res = await call('GET', `/api/lecture-lives/${id}`, session);
  expect(res.statusCode, res.body).toBe(200);
  return LectureLiveDetailSchema.parse(res.json());
}

describe('lecture live detail', () => {
  it('shows the attribute table and never the stream key', async () => {
    const id = await createLive();
    const ingest = (await call('GET', `/api/lecture-lives/${id}/ingest`, teacher)).json<LiveIngest>();
    expect(ingest.stream_key.length).toBeGreaterThan(20);
    const res = await call('GET', `/api/lecture-lives/${id}`, student);
    expect(res.body).not.toContain(ingest.stream_key);
    const body = LectureLiveDetailSchema.parse(res.json());
    expect(body).toMatchObject({
      status: 'live_unopened',
      instructor_names: ['Li Wei'],
      room: 'B1 101',
      description: '<p>Parsing</p>',
      view_live: true,
      view_record: true,
      can_book_live: true,
      can_manage: false,
      controller_config: { volume: 0.8, quality_label: '1080P' },
    });
    expect(ffmpegPresent ? body.unavailable_reason : 'ffmpeg_missing').toBe(
      ffmpegPresent ? 'ingest_disabled' : 'ffmpeg_missing',
    );
    // The list and the activity itself carry no key either.
    const list = await call('GET', `/api/courses/${courseId}/live-activities`, student);
    expect(list.body).not.toContain(ingest.stream_key);
    const activity = await call('GET', `/api/activities/${id}`, student);
    expect(activity.body).not.toContain(ingest.stream_key);
  });

  it('refuses the stream key to everyone but the teaching team, and regenerates it', async () => {
    const id = await createLive();
    for (const session of [student, customer, simulating, outsider]) {
      const res = await call('GET', `/api/lecture-lives/${id}/ingest`, session);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('stream_key');
    }
    const first = (await call('GET', `/api/lecture-lives/${id}/ingest`, assistant)).json<LiveIngest>();
    const res = await call('POST', `/api/lecture-lives/${id}/ingest/regenerate-key`, teacher);
    expect(res.statusCode).toBe(200);
    expect(res.json<LiveIngest>().stream_key).not.toBe(first.stream_key);
    expect((await call('POST', `/api/lecture-lives/${id}/ingest/regenerate-key`, student)).statusCode).toBe(
      403,
    );
  });

  it('is hidden from outsiders and hides drafts from students', async () => {
    const id = await createLive({ published: false });
    expect((await call('GET', `/api/lecture-lives/${id}`, student)).statusCode).toBe(404);
    expect((await call('GET', `/api/lecture-lives/${id}`, outsider)).statusCode).toBe(403);
    expect((await detail(id, teacher)).can_manage).toBe(true);
  });

  it('gives view_live false to a course customer and view_record false when replays are kept to the team', async () => {
    const id = await createLive({ data: { allow_replay: false } });
    expect(await detail(id, customer)).toMatchObject({ view_live: false, view_record: false });
    expect(await detail(id, student)).toMatchObject({ view_live: true, view_record: false });
    expect(await detail(id, teacher)).toMatchObject({ view_live: true, view_record: true });
  });
});

describe('player settings (controller_config)', () => {
  const setConfig = (id: number, session: Session, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/lecture-lives/${id}/controller-config`,
      headers: session.headers,
      payload,
    });

  it('does not autoplay by default; the teaching team turns it on and off, and it stays through an activity edit', async () => {
    const id = await createLive();
    expect((await detail(id, student)).controller_config).toEqual({
      volume: 0.8,
      quality_label: '1080P',
      autoplay: false,
    });
    const on = await setConfig(id, assistant, { autoplay: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(LectureLiveDetailSchema.parse(on.json()).controller_config.autoplay).toBe(true);
    expect((await detail(id, student)).controller_config.autoplay).toBe(true);
    expect((await setConfig(id, teacher, { autoplay: false })).statusCode).toBe(200);
    expect((await detail(id, student)).controller_config.autoplay).toBe(false);
    // The generic activity edit keeps data fields it does not edit, this one included.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${id}`,
      headers: teacher.headers,
      payload: { title: 'Compilers, live (edited)' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await detail(id, student)).controller_config.autoplay).toBe(false);
    // The rest of data is untouched by the setting.
    const [row] = await t.db.select({ data: activities.data }).from(activities).where(eq(activities.id, id));
    expect(row?.data).toMatchObject({
      description: '<p>Parsing</p>',
      controller_config: { autoplay: false },
    });
    expect((await setConfig(id, teacher, { autoplay: true })).statusCode).toBe(200);
    expect((await detail(id, student)).controller_config.autoplay).toBe(true);
  });

  it('is the teaching team’s only, and validated', async () => {
    const id = await createLive();
    for (const session of [student, customer, simulating]) {
      expect((await setConfig(id, session, { autoplay: false })).statusCode).toBe(403);
    }
    expect([403, 404]).toContain((await setConfig(id, outsider, { autoplay: false })).statusCode);
    expect((await setConfig(id, teacher, { autoplay: 'yes' })).statusCode).toBe(400);
    expect((await setConfig(id, teacher, { autoplay: true, loop: true })).statusCode).toBe(400);
    expect((await detail(id, student)).controller_config.autoplay).toBe(false);
    // The activity calls validate it in data too.
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: teacher.headers,
      payload: {
        type: 'lecture_live',
        module_id: moduleId,
        title: 'Autoplay sometimes',
        data: { controller_config: { autoplay: 'sometimes' } },
      },
    });
    expect(created.statusCode).toBe(400);
    const good = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: teacher.headers,
      payload: {
        type: 'lecture_live',
        module_id: moduleId,
        title: 'Autoplay on from the start',
        data: { controller_config: { autoplay: true } },
      },
    });
    expect(good.statusCode, good.body).toBeLessThan(300);
    expect((await detail(good.json<{ id: number }>().id, teacher)).controller_config.autoplay).toBe(true);
  });
});

describe('booking', () => {
  it('books once while unopened, counts, and cancels', async () => {
    const id = await createLive();
    const booked = await call('POST', `/api/live-activities/${id}/book-live`, student);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toEqual({ is_booked_live: true, booked_count: 1 });
    expect((await call('POST', `/api/live-activities/${id}/book-live`, student)).statusCode).toBe(409);
    await call('POST', `/api/live-activities/${id}/book-live`, student2);
    expect(await detail(id, student)).toMatchObject({
      is_booked_live: true,
      booked_count: 2,
      can_book_live: false,
    });
    const cancelled = await call('DELETE', `/api/live-activities/${id}/book-live`, student);
    expect(cancelled.json()).toEqual({ is_booked_live: false, booked_count: 1 });
    expect((await call('DELETE', `/api/live-activities/${id}/book-live`, student)).statusCode).toBe(409);
  });

  it('refuses booking once the live has opened or ended, and refuses non-students', async () => {
    const id = await createLive();
    await t.db
      .insert(lectureLives)
      .values({ activityId: id, streamKey: `k-${id}`, streamState: 'publishing' });
    const res = await call('POST', `/api/live-activities/${id}/book-live`, student);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/cannot be booked/);
    const over = await createLive({
      start: new Date(Date.now() - 2 * HOUR),
      end: new Date(Date.now() - HOUR),
    });
    expect((await call('POST', `/api/live-activities/${over}/book-live`, student)).statusCode).toBe(409);
    const open = await createLive();
    expect((await call('POST', `/api/live-activities/${open}/book-live`, teacher)).statusCode).toBe(403);
    expect((await call('POST', `/api/live-activities/${open}/book-live`, simulating)).statusCode).toBe(403);
    expect((await call('POST', `/api/live-activities/${open}/book-live`, outsider)).statusCode).toBe(403);
  });
});

describe('status and replays', () => {
  async function seedReplay(id: number, state: 'waiting' | 'processing' | 'failed' | 'done' | 'deleted') {
    await t.db
      .insert(lectureLives)
      .values({ activityId: id, streamKey: `key-${id}`, streamState: 'ended' })
      .onConflictDoUpdate({ target: lectureLives.activityId, set: { streamState: 'ended' } });
    const [row] = await t.db
      .insert(lectureLiveReplays)
      .values({ activityId: id, state, recordingFile: 'recording-1.ts' })
      .returning();
    return row!.id;
  }

  it('derives every replay state and offers reprocessing only for a failure, only to the team', async () => {
    const id = await createLive({ start: new Date(Date.now() - 2 * HOUR), end: new Date(Date.now() - HOUR) });
    expect((await detail(id, student)).status).toBe('replay_deleted');
    const replayId = await seedReplay(id, 'waiting');
    expect((await detail(id, student)).status).toBe('replay_waiting_process');
    await t.db
      .update(lectureLiveReplays)
      .set({ state: 'processing', progress: 0.5, durationSeconds: 100 })
      .where(eq(lectureLiveReplays.id, replayId));
    expect(await detail(id, student)).toMatchObject({
      status: 'replay_processing',
      progress: { progress: 50, left_second: 50, retry_times: 0 },
    });
    const notFailed = await call('POST', `/api/courses/lecture-live-activity/${id}/reprocess`, teacher, {
      replay_id: replayId,
    });
    expect(notFailed.statusCode).toBe(409);
    await t.db.update(lectureLiveReplays).set({ state: 'failed' }).where(eq(lectureLiveReplays.id, replayId));
    expect(await detail(id, student)).toMatchObject({
      status: 'replay_process_fail',
      can_reprocess_replay: false,
    });
    expect((await detail(id, teacher)).can_reprocess_replay).toBe(true);
    const refused = await call('POST', `/api/courses/lecture-live-activity/${id}/reprocess`, student, {
      replay_id: replayId,
    });
    expect(refused.statusCode).toBe(403);
    const res = await call('POST', `/api/courses/lecture-live-activity/${id}/reprocess`, teacher, {
      replay_id: replayId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LectureLiveDetail>()).toMatchObject({
      status: 'replay_waiting_process',
      progress: { retry_times: 1 },
    });
    const missing = await call('POST', `/api/courses/lecture-live-activity/${id}/reprocess`, teacher, {
      replay_id: 999999,
    });
    expect(missing.statusCode).toBe(404);
    // The queued transcode finds no recording and fails again, shown as such.
    await runJobsUntilIdle(t);
    expect((await detail(id, teacher)).status).toBe('replay_process_fail');
    await t.db.update(lectureLiveReplays).set({ state: 'done' }).where(eq(lectureLiveReplays.id, replayId));
    expect(await detail(id, student)).toMatchObject({
      status: 'replay_unpublished',
      replay_id: replayId,
      replay_videos: [{ replay_id: replayId, label: '1080P' }],
    });
    await t.db
      .update(lectureLiveReplays)
      .set({ state: 'deleted' })
      .where(eq(lectureLiveReplays.id, replayId));
    expect((await detail(id, student)).status).toBe('replay_deleted');
  });

  it('serves replay HLS with its content types and caching only to viewers', async () => {
    const id = await createLive({ start: new Date(Date.now() - 2 * HOUR), end: new Date(Date.now() - HOUR) });
    const replayId = await seedReplay(id, 'done');
    const dir = path.join(liveDir(t.config, id), `replay-${replayId}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.m3u8'), '#EXTM3U\n#EXT-X-ENDLIST\n');
    writeFileSync(path.join(dir, 'seg-00000.ts'), Buffer.alloc(188));
    const url = `/api/lecture-lives/${id}/hls/replays/${replayId}`;
    const playlist = await call('GET', `${url}/index.m3u8`, student);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segment = await call('GET', `${url}/seg-00000.ts`, student);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect((await call('GET', `${url}/../../x.ts`, student)).statusCode).toBe(404);
    expect((await call('GET', `${url}/index.m3u8`, outsider)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${url}/index.m3u8` })).statusCode).toBe(401);
    const forbidden = await call('GET', `${url}/index.m3u8`, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ message: string }>().message).toBe('No permission to view recording.');
  });

  it('serves the live playlist uncached while live and refuses customers', async () => {
    const id = await createLive();
    await t.db
      .insert(lectureLives)
      .values({ activityId: id, streamKey: `live-${id}`, streamState: 'publishing' });
    // Live, but ffmpeg has not written the first playlist yet: no stream to hand a player.
    expect(await detail(id, student)).toMatchObject({ status: 'live_in_progress', streams: [] });
    mkdirSync(liveHlsDir(t.config, id), { recursive: true });
    writeFileSync(path.join(liveHlsDir(t.config, id), 'index.m3u8'), '#EXTM3U\n');
    const res = await call('GET', `/api/lecture-lives/${id}/hls/live/index.m3u8`, student);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache, no-store');
    expect(res.headers['content-length']).toBe('8');
    expect(res.body).toBe('#EXTM3U\n');
    // A segment larger than a playlist is streamed, whole and with its exact length.
    const bytes = Buffer.from(Array.from({ length: 700_001 }, (_, i) => i % 251));
    writeFileSync(path.join(liveHlsDir(t.config, id), 'seg-00001.ts'), bytes);
    const segment = await call('GET', `/api/lecture-lives/${id}/hls/live/seg-00001.ts`, student);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-length']).toBe('700001');
    expect(segment.rawPayload.equals(bytes)).toBe(true);
    // The playlist ffmpeg replaces every two seconds is read again each time, never kept.
    writeFileSync(path.join(liveHlsDir(t.config, id), 'index.m3u8'), '#EXTM3U\n#EXT-X-VERSION:3\n');
    const again = await call('GET', `/api/lecture-lives/${id}/hls/live/index.m3u8`, student);
    expect(again.body).toBe('#EXTM3U\n#EXT-X-VERSION:3\n');
    expect((await call('GET', `/api/lecture-lives/${id}/hls/live/seg-09999.ts`, student)).statusCode).toBe(
      404,
    );
    const denied = await call('GET', `/api/lecture-lives/${id}/hls/live/index.m3u8`, customer);
    expect(denied.json<{ message: string }>().message).toBe('No permission to view live.');
    expect((await detail(id, student)).streams).toEqual([
      { url: `/api/lecture-lives/${id}/hls/live/index.m3u8`, type: 'hls', label: '1080P' },
    ]);
    expect((await detail(id, customer)).streams).toEqual([]);
  });
});

describe('player visits', () => {
  it('counts played time, marks the activity read and feeds the statistics', async () => {
    const id = await createLive();
    const idle = await call('POST', `/api/lecture-live/schedule/${id}/player-visits`, student, {
      clientType: 'web',
    });
    expect(idle.statusCode).toBe(409);
    await t.db
      .insert(lectureLives)
      .values({ activityId: id, streamKey: `pv-${id}`, streamState: 'publishing' });
    const first = await call('POST', `/api/lecture-live/schedule/${id}/player-visits`, student, {
      clientType: 'web',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ live_seconds: 10, replay_seconds: 0 });
    // Sent again at once: the clock has not moved 10 s, so nothing more is counted.
    const again = await call('POST', `/api/lecture-live/schedule/${id}/player-visits`, student, {
      clientType: 'web',
    });
    expect(again.json<{ live_seconds: number }>().live_seconds).toBeLessThan(12);
    const reads = await t.db.select().from(activityReads).where(eq(activityReads.activityId, id));
    expect(reads.map((r) => r.userId)).toEqual([student.userId]);
    const stats = await call('GET', `/api/lecture-lives/${id}/viewing-stats`, teacher);
    expect(stats.json()).toMatchObject({
      viewer_count: 1,
      student_count: 2,
      viewers: [{ user_id: student.userId }],
    });
    expect((await call('GET', `/api/lecture-lives/${id}/viewing-stats`, student)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/lecture-live/schedule/${id}/player-visits`, customer, {})).statusCode,
    ).toBe(409);
  });
});

describe('viewing statistics', () => {
  type Stats = {
    viewer_count: number;
    student_count: number;
    total_live_seconds: number;
    total_replay_seconds: number;
    viewers: { user_id: number; name: string; live_seconds: number; replay_seconds: number }[];
  };
  const visit = (id: number, session: Session) =>
    call('POST', `/api/lecture-live/schedule/${id}/player-visits`, session, { clientType: 'web' });
  /** Moves a viewer's last beat into the past, as if the player had played on meanwhile. */
  const rewind = (id: number, userId: number, seconds: number) =>
    t.db
      .update(lectureLiveVisits)
      .set({ lastVisitAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(and(eq(lectureLiveVisits.activityId, id), eq(lectureLiveVisits.userId, userId)));

  it('gives the teaching team each student’s live and replay time and the totals, and nobody else', async () => {
    const id = await createLive();
    await t.db
      .insert(lectureLives)
      .values({ activityId: id, streamKey: `vs-${id}`, streamState: 'publishing' });
    expect((await visit(id, student)).statusCode).toBe(200);
    await rewind(id, student.userId, 30);
    expect((await visit(id, student)).json()).toEqual({ live_seconds: 20, replay_seconds: 0 });
    expect((await visit(id, student2)).statusCode).toBe(200);
    // The instructor watching, or simulating a student, is not a viewer of their own lecture.
    expect((await visit(id, teacher)).statusCode).toBe(200);
    expect((await visit(id, simulating)).statusCode).toBe(200);

    // The stream ends and its replay is ready: beats now count as replay time.
    await t.db.update(lectureLives).set({ streamState: 'ended' }).where(eq(lectureLives.activityId, id));
    await t.db.insert(lectureLiveReplays).values({ activityId: id, state: 'done', recordingFile: 'r.ts' });
    await rewind(id, student2.userId, 30);
    expect((await visit(id, student2)).json()).toEqual({ live_seconds: 10, replay_seconds: 10 });

    for (const session of [teacher, assistant]) {
      const res = await call('GET', `/api/lecture-lives/${id}/viewing-stats`, session);
      expect(res.statusCode, res.body).toBe(200);
      const stats = res.json<Stats>();
      expect(stats).toMatchObject({
        viewer_count: 2,
        student_count: 2,
        total_live_seconds: 30,
        total_replay_seconds: 10,
      });
      expect(stats.viewers.map((v) => [v.user_id, v.live_seconds, v.replay_seconds])).toEqual([
        [student.userId, 20, 0],
        [student2.userId, 10, 10],
      ]);
    }
    for (const session of [student, customer, simulating]) {
      const res = await call('GET', `/api/lecture-lives/${id}/viewing-stats`, session);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('live_seconds');
    }
    expect((await call('GET', `/api/lecture-lives/${id}/viewing-stats`, outsider)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/lecture-lives/${id}/viewing-stats` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('live lists', () => {
  it('pages, orders and filters the course live activities', async () => {
    const res = await call(
      'GET',
      `/api/courses/${courseId}/live-activities?types=lecture_live&order_keys=start_time&orders=asc&page=1&page_size=2`,
      student,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      activities: { type: string; start_time: string | null; status: string }[];
      total: number;
      pages: number;
    }>();
    expect(body.activities).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    expect(body.activities.every((a) => a.type === 'lecture_live')).toBe(true);
    const [a, b] = body.activities;
    expect(new Date(a!.start_time!).getTime()).toBeLessThanOrEqual(new Date(b!.start_time!).getTime());
    expect(
      (await call('GET', `/api/courses/${courseId}/live-activities?types=nope`, student)).statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/courses/${courseId}/live-activities`, outsider)).statusCode).toBe(403);
    const ext = await call('GET', `/api/courses/${courseId}/extension-lives?source=lecture_live`, student);
    expect(ext.statusCode).toBe(200);
    expect(ext.json<{ extension_lives: unknown[] }>().extension_lives.length).toBeGreaterThan(0);
    expect(
      (await call('GET', `/api/courses/${courseId}/extension-lives?source=exam`, student)).statusCode,
    ).toBe(400);
  });
});

// The whole pipeline with a real encoder: only where ffmpeg is installed.
describe.skipIf(!ffmpegPresent)('RTMP ingest to HLS and replay (ffmpeg)', () => {
  it('refuses a wrong key, goes live, notifies bookers, records and transcodes the replay', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const address = s.address();
        s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const live = await createTestApp({
      LIVE_RTMP_PORT: String(port),
      LIVE_RTMP_PORTS: '1',
      HOST: '127.0.0.1',
    });
    try {
      await live.app.ready();
      const orgId = (await createOrg(live)).id;
      const owner = await createUser(live, orgId);
      const learner = await createUser(live, orgId);
      const course = await createCourse(live, orgId, owner.id);
      await addMember(live, course.id, owner.id, ['instructor']);
      await addMember(live, course.id, learner.id, ['student']);
      const mod = await createModule(live, course.id);
      const activity = await createActivity(live, {
        courseId: course.id,
        moduleId: mod.id,
        createdBy: owner.id,
        type: 'lecture_live',
        title: 'Pipeline',
        startTime: new Date(Date.now() + HOUR),
        endTime: new Date(Date.now() + 2 * HOUR),
        data: {},
      });
      const ownerSession = await loginAs(live, owner);
      const learnerSession = await loginAs(live, learner);
      const get = (url: string, s: Session) => live.app.inject({ method: 'GET', url, headers: s.headers });
      expect(
        (
          await live.app.inject({
            method: 'POST',
            url: `/api/live-activities/${activity.id}/book-live`,
            headers: learnerSession.headers,
          })
        ).statusCode,
      ).toBe(200);
      const ingest = (await get(`/api/lecture-lives/${activity.id}/ingest`, ownerSession)).json<LiveIngest>();
      expect(ingest).toMatchObject({ available: true, server_url: `rtmp://localhost:${port}/live` });
      const push = (key: string) =>
        new Promise<number>((resolve) => {
          const ff = spawn(
            'ffmpeg',
            [
              '-hide_banner',
              '-loglevel',
              'error',
              '-re',
              '-f',
              'lavfi',
              '-i',
              'testsrc=size=160x120:rate=15',
              '-f',
              'lavfi',
              '-i',
              'sine=frequency=440:sample_rate=22050',
              '-t',
              '5',
              '-c:v',
              'libx264',
              '-preset',
              'ultrafast',
              '-g',
              '15',
              '-pix_fmt',
              'yuv420p',
              '-c:a',
              'aac',
              '-f',
              'flv',
              `rtmp://127.0.0.1:${port}/live/${key}`,
            ],
            { stdio: 'ignore' },
          );
          ff.once('exit', (code) => resolve(code ?? -1));
        });
      expect(await push('not-the-key')).not.toBe(0);
      expect(
        (await live.db.select().from(lectureLives).where(eq(lectureLives.activityId, activity.id)))[0]
          ?.streamState,
      ).toBe('idle');

      const pushing = push(ingest.stream_key);
      let sawLive = false;
      // A shared CI machine may be slow: look until the 5-second push is nearly over.
      for (let i = 0; i < 45 && !sawLive; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        const d = (await get(`/api/lecture-lives/${activity.id}`, learnerSession)).json<LectureLiveDetail>();
        sawLive = d.status === 'live_in_progress';
      }
      expect(sawLive).toBe(true);
      expect(await pushing).toBe(0);
      // The listener finishes the files and reports the end.
      let status = '';
      for (let i = 0; i < 300 && status !== 'replay_waiting_process'; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await get(`/api/lecture-lives/${activity.id}`, learnerSession)).json<LectureLiveDetail>()
          .status;
      }
      expect(status).toBe('replay_waiting_process');
      const told = await live.db.select().from(notifications).where(eq(notifications.userId, learner.id));
      expect(told.map((n) => n.type)).toEqual(['lecture_live_started']);

      await runJobsUntilIdle(live);
      const done = (await get(`/api/lecture-lives/${activity.id}`, learnerSession)).json<LectureLiveDetail>();
      expect(done.status).toBe('replay_unpublished');
      expect(done.replay_videos[0]?.duration).toBeGreaterThan(2);
      const playlist = await get(done.replay_videos[0]!.url, learnerSession);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toContain('#EXT-X-ENDLIST');
      const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
      const seg = await get(done.replay_videos[0]!.url.replace('index.m3u8', segment), learnerSession);
      expect(seg.statusCode).toBe(200);
      expect(seg.rawPayload.length).toBeGreaterThan(1000);
      // The recording is on the activity's resources too, as an MP4 cloud recording of its creator.
      const resources = await get(`/api/activities/${activity.id}/resources`, ownerSession);
      expect(resources.json<{ resources: unknown[] }>().resources).toEqual([
        expect.objectContaining({ cloud_recording: true, type: 'video', created_by_id: owner.id }),
      ]);
    } finally {
      await live.close();
    }
  }, 240_000);
});
