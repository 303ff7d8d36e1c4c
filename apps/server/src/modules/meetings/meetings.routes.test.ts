import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingJoins } from '../../db/schema/meetings.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { eq } from 'drizzle-orm';
import type {
  MeetingStateResponse,
  ParticipantsResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { startBbbServer, type BbbServerFake } from '../../test/bbb-server.fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

let t: TestApp;
let bbbApp: TestApp;
let bbb: BbbServerFake;
let orgId: number;
let courseId: number;
let moduleId: number;
let ownerId: number;
let teacher: Session;
let student: Session;
let studentId: number;
let outsider: Session;
let phoneless: { id: number };

beforeAll(async () => {
  bbb = await startBbbServer();
  [t, bbbApp] = await Promise.all([
    createTestApp(),
    createTestApp({ BBB_URL: bbb.url, BBB_SECRET: bbb.secret, BBB_ACTIVITY_TYPES: 'wecom_meeting' }),
  ]);
  orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId, { mobilePhone: '13800000000' });
  ownerId = owner.id;
  const learner = await createUser(t, orgId, { name: 'Lin Student' });
  studentId = learner.id;
  const stranger = await createUser(t, orgId);
  phoneless = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, owner.id)).id;
  moduleId = (await createModule(t, courseId)).id;
  await addMember(t, courseId, learner.id, ['student']);
  teacher = await loginAs(t, owner);
  student = await loginAs(t, learner);
  outsider = await loginAs(t, stranger);
});
afterAll(async () => {
  await Promise.all([t.close(), bbbApp.close()]);
  await bbb.close();
});

async function meeting(
  type: string,
  start: number,
  end: number,
  data: Record<string, unknown> = {},
  app: TestApp = t,
  owner = ownerId,
  course = courseId,
  module = moduleId,
) {
  return createActivity(app, {
    courseId: course,
    moduleId: module,
    createdBy: owner,
    type,
    title: `${type} session`,
    data,
    startTime: new Date(Date.now() + start),
    endTime: new Date(Date.now() + end),
  });
}

const get = (url: string, session: Session, app = t) =>
  app.app.inject({ method: 'GET', url, headers: session.headers });
const state = async (id: number, session: Session, app = t) => {
  const response = await get(`/api/activities/${id}/meeting`, session, app);
  expect(response.statusCode).toBe(200);
  return response.json<MeetingStateResponse>();
};
const join = (id: number, session: Session, app = t) =>
  app.app.inject({
    method: 'POST',
    url: `/api/activities/${id}/meeting/join`,
    headers: session.headers,
    payload: {},
  });

describe('meeting status and joining (generic adapter)', () => {
  it('lets members join a linked meeting while it is in progress, and records who joined', async () => {
    const a = await meeting('wecom_meeting', -MIN, HOUR, {
      join_url: 'https://meet.example.com/j/42',
      host_join_url: 'https://meet.example.com/h/42',
      meeting_code: '42-42',
    });
    const view = await state(a.id, student);
    expect(view).toMatchObject({
      adapter: 'generic',
      status: 'in_progress',
      can_join: true,
      meeting_id: '42-42',
    });
    expect(view.host?.id).toBe(ownerId);
    expect((await join(a.id, student)).json()).toEqual({
      url: 'https://meet.example.com/j/42',
      role: 'guest',
    });
    expect((await join(a.id, teacher)).json()).toEqual({
      url: 'https://meet.example.com/h/42',
      role: 'host',
    });
    await join(a.id, student);
    const rows = await t.db.select().from(meetingJoins).where(eq(meetingJoins.activityId, a.id));
    expect(rows.find((r) => r.userId === studentId)?.joinCount).toBe(2);
  });

  it('refuses joining before the start, after the end, and without a link', async () => {
    const early = await meeting('google_meeting', HOUR, 2 * HOUR, { join_url: 'https://meet.example.com/x' });
    const late = await meeting('google_meeting', -2 * HOUR, -HOUR, {
      join_url: 'https://meet.example.com/x',
    });
    const bare = await meeting('google_meeting', -MIN, HOUR);
    expect((await state(early.id, student)).can_join).toBe(false);
    expect((await join(early.id, student)).statusCode).toBe(409);
    expect((await join(late.id, student)).json().message).toMatch(/not in progress/);
    expect((await state(bare.id, student)).can_join).toBe(false);
    expect((await join(bare.id, student)).json().message).toMatch(/no join link/);
  });

  it('hides meetings from people outside the course and lecture lives from this slice', async () => {
    const a = await meeting('welink', -MIN, HOUR);
    expect([403, 404]).toContain((await get(`/api/activities/${a.id}/meeting`, outsider)).statusCode);
    expect([403, 404]).toContain((await join(a.id, outsider)).statusCode);
    const quiz = await createActivity(t, { courseId, moduleId, createdBy: ownerId, type: 'vote' });
    expect((await get(`/api/activities/${quiz.id}/meeting`, teacher)).statusCode).toBe(404);
  });
});

describe('the 30-minute playback rule', () => {
  const replay = { playback: true, replay_address: ['https://replay.example.com/r/1'] };

  it('says generating, and gives no address, until 30 minutes after the end', async () => {
    const a = await meeting('tencent_meeting', -2 * HOUR, -29 * MIN, replay);
    const view = await state(a.id, student);
    expect(view.playback_state).toBe('generating');
    expect(view.replay_addresses).toEqual([]);
    expect(Date.parse(view.playback_available_at ?? '')).toBeGreaterThan(Date.now());
  });

  it('gives the replay addresses from 30 minutes after the end', async () => {
    const a = await meeting('tencent_meeting', -2 * HOUR, -31 * MIN, replay);
    const view = await state(a.id, student);
    expect(view.playback_state).toBe('available');
    expect(view.replay_addresses).toEqual(['https://replay.example.com/r/1']);
  });

  it('shows no replay when playback is off or there is none', async () => {
    const off = await meeting('tencent_meeting', -2 * HOUR, -HOUR, { ...replay, playback: false });
    const none = await meeting('tencent_meeting', -2 * HOUR, -HOUR, { playback: true });
    expect(await state(off.id, student)).toMatchObject({ playback_state: 'none', replay_addresses: [] });
    expect((await state(none.id, student)).playback_state).toBe('none');
  });
});

describe('participants and the 1-hour rule', () => {
  const list = (id: number, session: Session, query = '') =>
    get(`/api/activities/${id}/meeting/participant${query}`, session);

  it('opens to instructors only, and only 1 hour after the end', async () => {
    const running = await meeting('lark_meeting', -MIN, HOUR);
    const recent = await meeting('lark_meeting', -2 * HOUR, -59 * MIN);
    const old = await meeting('lark_meeting', -3 * HOUR, -61 * MIN);
    expect((await state(recent.id, teacher)).can_view_participants).toBe(true);
    expect((await state(recent.id, student)).can_view_participants).toBe(false);
    expect((await state(running.id, teacher)).can_view_participants).toBe(false);
    expect((await list(running.id, teacher)).statusCode).toBe(409);
    const early = await list(recent.id, teacher);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/1 hour/);
    expect((await list(old.id, student)).statusCode).toBe(403);
    expect([403, 404]).toContain((await list(old.id, outsider)).statusCode);
    expect((await list(old.id, teacher)).statusCode).toBe(200);
  });

  it('pages and filters by user name, as the original clients ask', async () => {
    const a = await meeting('lark_meeting', -3 * HOUR, -2 * HOUR);
    const people = [];
    for (let i = 0; i < 12; i += 1)
      people.push(await createUser(t, orgId, { name: i === 3 ? 'Zhao 100%' : `P${i}` }));
    await t.db.insert(meetingJoins).values(
      people.map((p, i) => ({
        activityId: a.id,
        userId: p.id,
        role: 'guest' as const,
        subMeetingId: i < 2 ? 's2' : '',
      })),
    );
    const page2 = (await list(a.id, teacher, '?page=2&page_size=10')).json<ParticipantsResponse>();
    expect(page2.result).toMatchObject({ total: 12, pages: 2, page: 2 });
    expect(page2.result.participants).toHaveLength(2);
    const conditions = encodeURIComponent(JSON.stringify({ user_name: '100%' }));
    const filtered = (await list(a.id, teacher, `?conditions=${conditions}`)).json<ParticipantsResponse>();
    expect(filtered.result.participants.map((p) => p.user_name)).toEqual(['Zhao 100%']);
    const sub = (await list(a.id, teacher, '?sub_meeting_id=s2')).json<ParticipantsResponse>();
    expect(sub.result.total).toBe(2);
    const bad = await list(a.id, teacher, '?conditions=%7Bnot-json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.conditions).toHaveLength(1);
  });
});

describe('BigBlueButton through its adapter', () => {
  let bOwner: Session;
  let bStudent: Session;
  let bCourse: number;
  let bModule: number;
  let bOwnerId: number;
  beforeAll(async () => {
    const org = (await createOrg(bbbApp)).id;
    const owner = await createUser(bbbApp, org, { name: 'Host Person' });
    const learner = await createUser(bbbApp, org, { name: 'Guest Person' });
    bOwnerId = owner.id;
    bCourse = (await createCourse(bbbApp, org, owner.id)).id;
    bModule = (await createModule(bbbApp, bCourse)).id;
    await addMember(bbbApp, bCourse, learner.id, ['student']);
    bOwner = await loginAs(bbbApp, owner);
    bStudent = await loginAs(bbbApp, learner);
  });

  it('creates the meeting on join and hands out signed host and guest links', async () => {
    const a = await meeting('wecom_meeting', -MIN, HOUR, {}, bbbApp, bOwnerId, bCourse, bModule);
    const view = await state(a.id, bStudent, bbbApp);
    expect(view).toMatchObject({ adapter: 'bigbluebutton', can_join: true, meeting_id: `lectern-${a.id}` });
    const guest = (await join(a.id, bStudent, bbbApp)).json<{ url: string; role: string }>();
    expect(guest.role).toBe('guest');
    expect(new URL(guest.url).searchParams.get('role')).toBe('VIEWER');
    expect(new URL(guest.url).searchParams.get('fullName')).toBe('Guest Person');
    const host = (await join(a.id, bOwner, bbbApp)).json<{ url: string }>();
    expect(new URL(host.url).searchParams.get('role')).toBe('MODERATOR');
    expect((await fetch(host.url, { redirect: 'manual' })).status).toBe(302);
    expect(
      bbb.calls.filter((c) => c.call === 'create' && c.params.meetingID === `lectern-${a.id}`).length,
    ).toBe(2);
    expect(bbb.calls.every((c) => c.call === '' || c.checksumOk)).toBe(true);
  });

  it('uses the generic adapter for types BBB is not configured for, and for pasted links', async () => {
    const other = await meeting('welink', -MIN, HOUR, {}, bbbApp, bOwnerId, bCourse, bModule);
    const pasted = await meeting(
      'wecom_meeting',
      -MIN,
      HOUR,
      { join_url: 'https://meet.example.com/p' },
      bbbApp,
      bOwnerId,
      bCourse,
      bModule,
    );
    expect((await state(other.id, bStudent, bbbApp)).adapter).toBe('generic');
    expect((await state(pasted.id, bStudent, bbbApp)).adapter).toBe('generic');
  });

  it('gives the BBB recordings as replays 30 minutes after the end', async () => {
    const a = await meeting(
      'wecom_meeting',
      -2 * HOUR,
      -40 * MIN,
      { playback: true },
      bbbApp,
      bOwnerId,
      bCourse,
      bModule,
    );
    expect((await state(a.id, bStudent, bbbApp)).playback_state).toBe('none');
    bbb.addRecording(`lectern-${a.id}`, 'https://bbb.example.edu/playback/presentation/2.3/abc');
    const view = await state(a.id, bStudent, bbbApp);
    expect(view.playback_state).toBe('available');
    expect(view.replay_addresses).toEqual(['https://bbb.example.edu/playback/presentation/2.3/abc']);
  });

  it('answers 503 in the caller’s language when BBB refuses', async () => {
    const a = await meeting('wecom_meeting', -MIN, HOUR, {}, bbbApp, bOwnerId, bCourse, bModule);
    bbb.failNext('create', 'maxConcurrent', 'Too many meetings');
    const response = await join(a.id, bStudent, bbbApp);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toContain('Too many meetings');
  });
});

describe('form locks on the activity calls', () => {
  const create = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: teacher.headers,
      payload: { module_id: moduleId, title: 'M', ...body },
    });
  const update = (id: number, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/activities/${id}`, headers: teacher.headers, payload: body });
  const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

  it('locks a started Dingtalk live’s start, end and host, but not before it starts', async () => {
    const started = await meeting('dingtalk_live', -MIN, HOUR, { host: 'Ada' });
    const refused = await update(started.id, {
      start_time: iso(MIN),
      end_time: iso(2 * HOUR),
      data: { host: 'Bo' },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['data.host', 'end_time', 'start_time']);
    expect(
      (await update(started.id, { title: 'Renamed', data: { host: 'Ada', description: 'x' } })).statusCode,
    ).toBe(200);
    const closed = await meeting('dingtalk_live', -2 * HOUR, -HOUR, { host: 'Ada' });
    expect((await update(closed.id, { end_time: iso(HOUR) })).statusCode).toBe(400);
    const future = await meeting('dingtalk_live', HOUR, 2 * HOUR, { host: 'Ada' });
    expect((await update(future.id, { start_time: iso(2 * MIN), data: { host: 'Bo' } })).statusCode).toBe(
      200,
    );
  });

  it('takes only an instructor or assistant of the course as a host chosen by id', async () => {
    const times = { start_time: iso(HOUR), end_time: iso(2 * HOUR) };
    const byStudent = await create({ type: 'dingtalk_live', ...times, data: { instructor_id: studentId } });
    expect(byStudent.statusCode).toBe(400);
    expect(byStudent.json().errors['data.instructor_id']).toHaveLength(1);
    const byOwner = await create({ type: 'dingtalk_live', ...times, data: { instructor_id: ownerId } });
    expect(byOwner.statusCode, byOwner.body).toBe(201);
  });

  it('accepts only jpg, jpeg, png or webp Dingtalk covers', async () => {
    const pdf = await createUpload(t, orgId, ownerId, { name: 'cover.pdf', mimeType: 'application/pdf' });
    const png = await createUpload(t, orgId, ownerId, {
      bytes: Buffer.from('cover'),
      name: 'cover.png',
      mimeType: 'image/png',
      type: 'image',
    });
    const times = { start_time: iso(HOUR), end_time: iso(2 * HOUR) };
    const bad = await create({ type: 'dingtalk_live', ...times, data: { host: 'Ada', cover_id: pdf.id } });
    expect(bad.json().errors['data.cover_id']).toHaveLength(1);
    const good = await create({
      type: 'dingtalk_live',
      ...times,
      published: true,
      data: { host: 'Ada', cover_id: png.id },
    });
    expect(good.statusCode, good.body).toBe(201);
    // The cover is the activity's picture: kept from the orphan sweep and shown to whoever sees the live.
    const blob = (session: Session) =>
      t.app.inject({ method: 'GET', url: `/api/uploads/${png.id}/blob`, headers: session.headers });
    expect((await blob(student)).statusCode).toBe(200);
    expect([403, 404]).toContain((await blob(outsider)).statusCode);
    const kept = await t.db.select().from(uploadReferences).where(eq(uploadReferences.uploadId, png.id));
    expect(kept.map((r) => r.parentId)).toEqual([good.json<{ id: number }>().id]);
  });

  it('never changes a ClassIn start, end or playback after creation, and needs a host with a phone', async () => {
    const times = { start_time: iso(HOUR), end_time: iso(2 * HOUR) };
    const noPhone = await create({
      type: 'classin',
      ...times,
      data: { instructor_id: phoneless.id, playback: 1 },
    });
    expect(noPhone.json().errors['data.instructor_id'][0]).toMatch(/mobile phone/);
    const made = await create({ type: 'classin', ...times, data: { instructor_id: ownerId, playback: 1 } });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const refused = await update(id, {
      start_time: iso(90 * MIN),
      data: { instructor_id: ownerId, playback: 0 },
    });
    expect(Object.keys(refused.json().errors).sort()).toEqual(['data.playback', 'start_time']);
    expect((await update(id, { title: 'Renamed' })).statusCode).toBe(200);
  });

  it('fixes a lesson replay’s lesson times once the lesson has started', async () => {
    const begun = await meeting('lesson_replay', -HOUR, HOUR, {
      lesson_start_time: iso(-MIN),
      lesson_end_time: iso(HOUR),
    });
    const refused = await update(begun.id, {
      data: { lesson_start_time: iso(HOUR), lesson_end_time: iso(2 * HOUR) },
    });
    expect(Object.keys(refused.json().errors).sort()).toEqual([
      'data.lesson_end_time',
      'data.lesson_start_time',
    ]);
    const ahead = await meeting('lesson_replay', -HOUR, HOUR, {
      lesson_start_time: iso(HOUR),
      lesson_end_time: iso(2 * HOUR),
    });
    expect(
      (await update(ahead.id, { data: { lesson_start_time: iso(30 * MIN), lesson_end_time: iso(HOUR) } }))
        .statusCode,
    ).toBe(200);
  });

  it('edits a trial teaching only before it starts', async () => {
    const begun = await meeting('trial_teaching', -MIN, HOUR, { teaching_model: 'online' });
    expect((await update(begun.id, { title: 'Late' })).statusCode).toBe(409);
    const ahead = await meeting('trial_teaching', HOUR, 2 * HOUR, { teaching_model: 'offline' });
    expect((await update(ahead.id, { title: 'Early' })).statusCode).toBe(200);
  });
});

describe('vendor calls', () => {
  it('ClassIn join link needs the caller’s own bound phone and the right course', async () => {
    const a = await meeting('classin', -MIN, HOUR, {
      join_url: 'https://classin.example.com/j/1',
      live_url: 'https://classin.example.com/live/1',
    });
    const url = (id: number, course = courseId, extra = '') =>
      `/api/activies/classin/join-url?course_id=${course}&activity_id=${id}${extra}`;
    const noPhone = await get(url(a.id), student);
    expect(noPhone.statusCode).toBe(409);
    expect(noPhone.json().message).toMatch(/mobile phone/i);
    expect((await get(url(a.id), teacher)).json()).toEqual({ url: 'https://classin.example.com/j/1' });
    expect((await get(url(a.id, courseId, `&user_id=${studentId}`), teacher)).statusCode).toBe(403);
    expect((await get(url(a.id, courseId + 999), teacher)).statusCode).toBe(404);
    await t.db.update(users).set({ mobilePhone: '13900000000' }).where(eq(users.id, studentId));
    expect((await get(url(a.id), student)).statusCode).toBe(200);
    const webcast = await get(`/api/activities/classin/webcast-url?activity_id=${a.id}`, student);
    expect(webcast.json()).toEqual({ url: 'https://classin.example.com/live/1' });
    const none = await meeting('classin', -MIN, HOUR);
    expect(
      (await get(`/api/activities/classin/webcast-url?activity_id=${none.id}`, student)).statusCode,
    ).toBe(409);
  });

  it('Dingtalk watch statistics are for instructors, from joins through Lectern', async () => {
    const a = await meeting('dingtalk_live', -MIN, HOUR, { join_url: 'https://live.dingtalk.example/1' });
    await join(a.id, student);
    const stats = await get(`/api/dingtalk-lives/${a.id}/watch-stats`, teacher);
    expect(stats.json()).toMatchObject({ viewer_count: 1, watch_count: 1 });
    expect((await get(`/api/dingtalk-lives/${a.id}/watch-stats`, student)).statusCode).toBe(403);
    const other = await meeting('wecom_meeting', -MIN, HOUR);
    expect((await get(`/api/dingtalk-lives/${other.id}/watch-stats`, teacher)).statusCode).toBe(404);
  });

  it('Lark and Tencent say, in the caller’s language, that they are not connected', async () => {
    const zh = await loginAs(t, { id: ownerId }, { locale: 'zh-CN' });
    const lark = (await get('/api/lark/authorization/check', zh)).json();
    expect(lark).toMatchObject({ configured: false, authorized: false, authorization_url: null });
    expect(lark.message).toContain('本服务器未接入Lark');
    const tencent = (await get('/api/tencent_meeting/check-user-auth', teacher)).json();
    expect(tencent.message).toMatch(/not connected to Tencent Meeting/);
  });

  it('refuses Tencent batch creation honestly when unconfigured, after the course check', async () => {
    const post = (url: string, session: Session, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: session.headers, payload });
    const tencentBody = {
      courses: [courseId],
      title: 'Q&A',
      start_time: new Date(Date.now() + HOUR).toISOString(),
      end_time: new Date(Date.now() + 2 * HOUR).toISOString(),
    };
    const unconfigured = await post('/api/courses/tencent-meeting/activities', teacher, tencentBody);
    expect(unconfigured.statusCode).toBe(409);
    expect(unconfigured.json().message).toMatch(/not connected to Tencent Meeting/);
    expect((await post('/api/courses/tencent-meeting/activities', student, tencentBody)).statusCode).toBe(
      403,
    );
    expect((await post('/api/calendar-meeting', teacher, {})).statusCode).toBe(400);
  });

  it('time periods: every day for a known meeting type, 400 for an unknown one', async () => {
    expect((await get('/api/meeting/week/time-periods?meeting_type=wecom_meeting', student)).json()).toEqual({
      timetables: [],
      enabled_days: [0, 1, 2, 3, 4, 5, 6],
    });
    expect((await get('/api/meeting/week/time-periods?meeting_type=nope', student)).statusCode).toBe(400);
  });
});

describe('vendor forms and trial teaching data on the activity calls', () => {
  const create = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: teacher.headers,
      payload: { module_id: moduleId, title: 'M', ...body },
    });
  const update = (id: number, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/activities/${id}`, headers: teacher.headers, payload: body });
  const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

  it('needs start, end and host for a new Dingtalk live, and start, end and instructor for a ClassIn', async () => {
    const dingtalk = await create({ type: 'dingtalk_live', data: {} });
    expect(dingtalk.statusCode).toBe(400);
    expect(Object.keys(dingtalk.json().errors).sort()).toEqual(['data.host', 'end_time', 'start_time']);
    expect(dingtalk.json().errors['data.host'][0]).toMatch(/host/i);
    const byInstructor = await create({
      type: 'dingtalk_live',
      start_time: iso(HOUR),
      end_time: iso(2 * HOUR),
      data: { instructor_id: ownerId },
    });
    expect(byInstructor.statusCode).toBe(201);
    const classin = await create({ type: 'classin', start_time: iso(HOUR), data: { playback: 0 } });
    expect(Object.keys(classin.json().errors).sort()).toEqual(['data.instructor_id', 'end_time']);
  });

  it('locks a started Dingtalk live’s instructor, and a ClassIn end, like the other locked fields', async () => {
    const started = await meeting('dingtalk_live', -MIN, HOUR, { host: 'Ada', instructor_id: ownerId });
    const moved = await update(started.id, { data: { host: 'Ada', instructor_id: studentId } });
    expect(Object.keys(moved.json().errors)).toEqual(['data.instructor_id']);
    expect(moved.json().errors['data.instructor_id'][0]).toMatch(/started or closed/);
    const classin = await create({
      type: 'classin',
      start_time: iso(HOUR),
      end_time: iso(2 * HOUR),
      data: { instructor_id: ownerId, playback: 1 },
    });
    const id = classin.json().id as number;
    const later = await update(id, {
      end_time: iso(3 * HOUR),
      data: { instructor_id: ownerId, playback: 1 },
    });
    expect(Object.keys(later.json().errors)).toEqual(['end_time']);
    expect(later.json().errors.end_time[0]).toMatch(/after creation/);
  });

  it('sets lesson times freely when creating, even a lesson already under way', async () => {
    const made = await create({
      type: 'lesson_replay',
      start_time: iso(-HOUR),
      end_time: iso(HOUR),
      data: { lesson_start_time: iso(-MIN), lesson_end_time: iso(HOUR) },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const moved = await update(id, {
      data: { lesson_start_time: iso(HOUR), lesson_end_time: iso(2 * HOUR) },
    });
    expect(moved.statusCode).toBe(400);
    // Leaving them as they are is not a change.
    const kept = made.json().data as Record<string, unknown>;
    expect((await update(id, { title: 'Week 6', data: kept })).statusCode).toBe(200);
  });

  it('validates trial teaching data on create and update, and returns it on read', async () => {
    const data = {
      teaching_model: 'online',
      meeting_code: '845 221 907',
      member_count: 12,
      enable_live: true,
      record_type: 'cloud',
      record_sync_finished: false,
      join_url: 'https://meeting.example.edu/j/845221907',
      live_config: { live_addr: 'https://live.example.edu/845221907' },
      replay_address: ['https://replay.example.edu/845221907/1'],
      meeting_host_user_id: ownerId,
      version: 'enterprise',
    };
    const times = { start_time: iso(HOUR), end_time: iso(2 * HOUR) };
    const made = await create({ type: 'trial_teaching', ...times, published: true, data });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const read = await get(`/api/activities/${id}`, teacher);
    expect(read.json().data).toMatchObject(data);

    for (const bad of [
      { teaching_model: 'hybrid' },
      { member_count: -1 },
      { record_type: 'tape' },
      { join_url: 'javascript:alert(1)' },
      { live_config: { live_addr: 'ftp://live.example.edu' } },
      { replay_address: ['not a url'] },
      { meeting_host_user_id: 0 },
      { version: 'trial' },
    ]) {
      const refused = await create({ type: 'trial_teaching', ...times, data: { ...data, ...bad } });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      const [field] = Object.keys(bad);
      expect(Object.keys(refused.json().errors).join(' '), JSON.stringify(bad)).toContain(`data.${field}`);
    }
    const offline = { ...data, teaching_model: 'offline', location: 'Building A, room 302', member_count: 6 };
    expect((await update(id, { data: offline })).statusCode).toBe(200);
    expect((await get(`/api/activities/${id}`, student)).json().data).toMatchObject({
      teaching_model: 'offline',
      location: 'Building A, room 302',
      member_count: 6,
    });
    expect((await update(id, { data: { ...offline, member_count: 'many' } })).statusCode).toBe(400);
  });
});
