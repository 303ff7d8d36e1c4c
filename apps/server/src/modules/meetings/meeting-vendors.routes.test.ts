import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityResourceRecordings } from '../../db/schema/activity-resources.ts';
import { activities } from '../../db/schema/activities.ts';
import { meetingRecordings, meetingVendorAccounts } from '../../db/schema/meetings.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { BbbServerFake } from '../../test/bbb-server.fake.ts';
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
import {
  LARK_CALLBACK as CALLBACK,
  startMeetingVendorDoubles,
  type MeetingVendorDoubles,
} from '../../test/meeting-vendor-doubles.ts';
import type { TencentMeetingFake } from '../../test/tencent-meeting.fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { safeReturnPath } from './vendor-secrets.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

let t: TestApp;
let vendors: MeetingVendorDoubles;
let tencent: TencentMeetingFake;
let lark: LarkFake;
let dav: CalDavFake;
let bbb: BbbServerFake;
let teacher: Session;
let otherTeacher: Session;
let student: Session;
let studentEmail: string;
let courseA: number;
let courseB: number;
let courseC: number;
let moduleA: number;
let moduleB: number;
let ownerId: number;

beforeAll(async () => {
  const doubles = await startMeetingVendorDoubles({ bbb: true });
  ({ tencent, lark, dav, bbb } = doubles);
  vendors = doubles;
  t = await createTestApp({
    ...vendors.env,
    MEETING_TIME_PERIODS: JSON.stringify({
      tencent_meeting: {
        timetables: [
          { start: '10:00', end: '11:40' },
          { start: '08:00', end: '09:40' },
        ],
        enabled_days: [5, 1, 2, 3, 4],
      },
    }),
    BBB_ACTIVITY_TYPES: 'wecom_meeting',
    BBB_RECORDING_MAX_MB: '1',
  });
  const orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId, { name: 'Ada Teacher' });
  ownerId = owner.id;
  const other = await createUser(t, orgId);
  const learner = await createUser(t, orgId, { name: 'Lin Student' });
  studentEmail = learner.email ?? '';
  courseA = (await createCourse(t, orgId, owner.id)).id;
  courseB = (await createCourse(t, orgId, owner.id)).id;
  courseC = (await createCourse(t, orgId, other.id)).id;
  moduleA = (await createModule(t, courseA)).id;
  moduleB = (await createModule(t, courseB)).id;
  await createModule(t, courseC);
  await addMember(t, courseA, learner.id, ['student']);
  teacher = await loginAs(t, owner);
  otherTeacher = await loginAs(t, other);
  student = await loginAs(t, learner);
  tencent.users.add('ada.t');
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

describe('Tencent Meeting', () => {
  it('reports configured, then authorized once the caller binds a userid Tencent knows', async () => {
    const before = (await get('/api/tencent_meeting/check-user-auth', teacher)).json();
    expect(before).toMatchObject({ configured: true, authorized: false, authorization_url: null });
    expect(before.message).toMatch(/Bind your Tencent Meeting account/);
    const unknown = await send('PUT', '/api/tencent_meeting/user-binding', teacher, { userid: 'ghost' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toContain('user not exist');
    const bound = await send('PUT', '/api/tencent_meeting/user-binding', teacher, { userid: 'ada.t' });
    expect(bound.json()).toEqual({ userid: 'ada.t' });
    expect((await get('/api/tencent_meeting/check-user-auth', teacher)).json()).toMatchObject({
      configured: true,
      authorized: true,
      message: null,
    });
    expect((await get('/api/tencent_meeting/user-binding', teacher)).json()).toEqual({ userid: 'ada.t' });
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    courses: [courseA, courseB],
    title: 'Weekly Q&A',
    start_time: iso(HOUR),
    end_time: iso(2 * HOUR),
    ...extra,
  });

  it('refuses students and instructors of other courses before asking Tencent', async () => {
    const calls = tencent.calls.length;
    expect((await send('POST', '/api/courses/tencent-meeting/activities', student, body())).statusCode).toBe(
      403,
    );
    const other = await send('POST', '/api/courses/tencent-meeting/activities', otherTeacher, body());
    expect([403, 404]).toContain(other.statusCode);
    // Bound or not, an instructor of course C alone is refused for lack of a binding, not by Tencent.
    const unbound = await send(
      'POST',
      '/api/courses/tencent-meeting/activities',
      otherTeacher,
      body({ courses: [courseC] }),
    );
    expect(unbound.statusCode).toBe(409);
    expect(unbound.json().message).toMatch(/Bind your Tencent Meeting account/);
    expect(tencent.calls.length).toBe(calls);
  });

  it('creates one recurring Tencent meeting and a tencent_meeting activity in each course', async () => {
    const missingRule = await send(
      'POST',
      '/api/courses/tencent-meeting/activities',
      teacher,
      body({ tencent_meeting_type: 'recurring_meeting' }),
    );
    expect(missingRule.statusCode).toBe(400);
    expect(missingRule.json().errors.recurring_rule).toBeDefined();

    const before = tencent.meetings.size;
    const response = await send(
      'POST',
      '/api/courses/tencent-meeting/activities',
      teacher,
      body({
        tencent_meeting_type: 'recurring_meeting',
        recurring_rule: { recurring_type: 2, until_count: 6 },
        modules: [{ course_id: courseB, module_id: moduleB }],
      }),
    );
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(tencent.meetings.size).toBe(before + 1);
    const made = tencent.meetings.get(result.meeting.meeting_id);
    expect(made?.meeting_type).toBe(1);
    expect(made?.recurring_rule).toEqual({ recurring_type: 2, until_type: 1, until_count: 6 });
    expect(made?.hosts).toEqual(['ada.t']);
    expect(result.activities.map((a: { course_id: number }) => a.course_id)).toEqual([courseA, courseB]);
    const rows = await t.db.select().from(activities).where(eq(activities.id, result.activities[0].id));
    expect(rows[0]).toMatchObject({ type: 'tencent_meeting', moduleId: moduleA, courseId: courseA });
    expect(rows[0]?.data).toMatchObject({
      meeting_vendor: 'tencent',
      vendor_host_userid: 'ada.t',
      meeting_id: result.meeting.meeting_id,
      join_url: made?.join_url,
      tencent_meeting_type: 'recurring_meeting',
    });
    const second = await t.db.select().from(activities).where(eq(activities.id, result.activities[1].id));
    expect(second[0]?.moduleId).toBe(moduleB);
  });

  it('refuses the server-only vendor fields from the generic activity calls', async () => {
    const forged = await send('POST', `/api/courses/${courseA}/activities`, teacher, {
      type: 'tencent_meeting',
      title: 'Forged',
      module_id: moduleA,
      data: { meeting_vendor: 'tencent', vendor_host_userid: 'someone.else', meeting_id: '1' },
    });
    expect(forged.statusCode).toBe(400);
    expect(Object.keys(forged.json().errors).sort()).toEqual([
      'data.meeting_vendor',
      'data.vendor_host_userid',
    ]);
  });

  it("answers 502 with Tencent's message and creates no activity when Tencent refuses", async () => {
    const count = (await t.db.select().from(activities).where(eq(activities.courseId, courseA))).length;
    tencent.failNext('/v1/meetings', 400, 190003, 'meeting start time invalid');
    const refused = await send('POST', '/api/courses/tencent-meeting/activities', teacher, body());
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('meeting start time invalid');
    expect((await t.db.select().from(activities).where(eq(activities.courseId, courseA))).length).toBe(count);
  });

  it('serves a Tencent-made meeting: join link, and cloud recordings as replays after the end', async () => {
    const created = (
      await send('POST', '/api/courses/tencent-meeting/activities', teacher, body({ published: true }))
    ).json();
    const id = created.activities[0].id;
    const live = (await get(`/api/activities/${id}/meeting`, student)).json();
    expect(live).toMatchObject({ adapter: 'tencent', meeting_id: created.meeting.meeting_id });
    await t.db
      .update(activities)
      .set({ startTime: new Date(Date.now() - 2 * HOUR), endTime: new Date(Date.now() - 40 * MIN) })
      .where(eq(activities.id, id));
    tencent.addRecording(
      created.meeting.meeting_id,
      'https://meeting.tencent.com/v2/cloud-record/share?id=r1',
    );
    const ended = (await get(`/api/activities/${id}/meeting`, student)).json();
    expect(ended).toMatchObject({ playback_state: 'available' });
    expect(ended.replay_addresses).toEqual(['https://meeting.tencent.com/v2/cloud-record/share?id=r1']);

    // Attendance from Tencent: bound users become participants (once), others are not Lectern's to name.
    await t.db
      .update(activities)
      .set({ startTime: new Date(Date.now() - 3 * HOUR), endTime: new Date(Date.now() - 2 * HOUR) })
      .where(eq(activities.id, id));
    tencent.addParticipant(created.meeting.meeting_id, { userid: 'ada.t', name: 'Ada', host: true });
    tencent.addParticipant(created.meeting.meeting_id, { userid: 'not-bound', name: 'Someone' });
    const list = async () => (await get(`/api/activities/${id}/meeting/participant`, teacher)).json();
    const first = await list();
    expect(first.result.total).toBe(1);
    expect(first.result.participants[0]).toMatchObject({ user_id: teacher.userId, join_count: 1 });
    expect((await list()).result.participants[0].join_count).toBe(1);
    expect((await get(`/api/activities/${id}/meeting/participant`, student)).statusCode).toBe(403);
  });
});

describe('Lark', () => {
  it('sends an unauthorised caller to the consent page and stores the tokens from the callback', async () => {
    const check = (
      await get(
        `/api/lark/authorization/check?state=${encodeURIComponent('/courses/1/activities?x=1')}`,
        teacher,
      )
    ).json();
    expect(check).toMatchObject({ configured: true, authorized: false });
    const consentUrl = new URL(check.authorization_url);
    expect(consentUrl.origin).toBe(lark.url);
    expect(consentUrl.searchParams.get('client_id')).toBe(lark.appId);
    expect(consentUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);

    lark.consentAs('ou_ada');
    const consent = await fetch(check.authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    // The state is bound to the caller: another user's session cannot complete it.
    const stolen = await get(`/api/lark/authorization/callback${back.search}`, student);
    expect(stolen.statusCode).toBe(302);
    expect(stolen.headers.location).toBe('/?lark_auth=failed');

    const callback = await get(`/api/lark/authorization/callback${back.search}`, teacher);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/courses/1/activities?x=1&lark_auth=ok');
    const [account] = await t.db
      .select()
      .from(meetingVendorAccounts)
      .where(and(eq(meetingVendorAccounts.userId, teacher.userId), eq(meetingVendorAccounts.vendor, 'lark')));
    expect(account?.vendorUserId).toBe('ou_ada');
    const issued = lark.calls.findLast((c) => c.path === '/open-apis/authen/v1/user_info')?.authorization;
    expect(issued).toMatch(/^Bearer u-/);
    expect(account?.accessTokenEncrypted).toMatch(/^v1\./);
    expect(account?.accessTokenEncrypted).not.toContain(issued?.slice(7) ?? 'x');
    expect((await get('/api/lark/authorization/check', teacher)).json()).toMatchObject({
      authorized: true,
      authorization_url: null,
    });
    const none = await t.db
      .select()
      .from(meetingVendorAccounts)
      .where(eq(meetingVendorAccounts.userId, student.userId));
    expect(none).toEqual([]);
  });

  it('keeps the return path inside the site', () => {
    expect(safeReturnPath('https://evil.example/steal?x=1')).toBe('/steal?x=1');
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('javascript:alert(1)')).toBe('/');
  });

  it('reserves a Lark meeting for a lark_meeting activity with the caller’s token, refreshing it', async () => {
    const lm = await createActivity(t, {
      courseId: courseA,
      moduleId: moduleA,
      createdBy: ownerId,
      type: 'lark_meeting',
      title: 'Lark seminar',
      startTime: new Date(Date.now() + HOUR),
      endTime: new Date(Date.now() + 2 * HOUR),
      data: {},
    });
    expect((await send('POST', `/api/activities/${lm.id}/meeting/vendor`, student)).statusCode).toBe(403);
    expect([403, 404]).toContain(
      (await send('POST', `/api/activities/${lm.id}/meeting/vendor`, otherTeacher)).statusCode,
    );
    // The access token has run out: the refresh token gets a new one first.
    await t.db
      .update(meetingVendorAccounts)
      .set({ accessTokenExpiresAt: new Date(Date.now() - MIN) })
      .where(eq(meetingVendorAccounts.userId, teacher.userId));
    const refreshes = lark.calls.filter((c) => c.body?.grant_type === 'refresh_token').length;
    const reserved = await send('POST', `/api/activities/${lm.id}/meeting/vendor`, teacher);
    expect(reserved.statusCode).toBe(200);
    expect(lark.calls.filter((c) => c.body?.grant_type === 'refresh_token').length).toBe(refreshes + 1);
    const meeting = reserved.json();
    expect(lark.reserves.get(meeting.meeting_id)).toMatchObject({ topic: 'Lark seminar', owner: 'ou_ada' });
    expect(meeting.join_url).toBe(`https://vc.feishu.cn/j/${meeting.meeting_code}`);
    const state = (await get(`/api/activities/${lm.id}/meeting`, student)).json();
    expect(state).toMatchObject({ adapter: 'lark', meeting_id: meeting.meeting_id });
    expect((await send('POST', `/api/activities/${lm.id}/meeting/vendor`, teacher)).statusCode).toBe(409);
  });

  it("maps Lark's refusal of a reservation to 502 with its message", async () => {
    const lm = await createActivity(t, {
      courseId: courseA,
      moduleId: moduleA,
      createdBy: ownerId,
      type: 'lark_meeting',
      title: 'Refused',
      startTime: new Date(Date.now() + HOUR),
      endTime: new Date(Date.now() + 2 * HOUR),
      data: {},
    });
    lark.failNext('/open-apis/vc/v1/reserves/apply', 400, 121001, 'internal error');
    const refused = await send('POST', `/api/activities/${lm.id}/meeting/vendor`, teacher);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('Lark refused the request: internal error (121001)');
  });
});

describe('calendar meetings', () => {
  const body = () => ({
    course_id: courseA,
    module_id: moduleA,
    type: 'google_meeting',
    title: 'Thesis review',
    start_time: iso(24 * HOUR),
    end_time: iso(25 * HOUR),
    join_url: 'https://meet.example.edu/abc-defg',
    description: '<p>Bring <b>drafts</b></p>',
  });

  it('creates the activity and PUTs its invitation, with the members as attendees, into CalDAV', async () => {
    expect((await send('POST', '/api/calendar-meeting', student, body())).statusCode).toBe(403);
    expect([403, 404]).toContain(
      (await send('POST', '/api/calendar-meeting', otherTeacher, body())).statusCode,
    );
    expect(
      (await send('POST', '/api/calendar-meeting', teacher, { ...body(), type: 'homework' })).statusCode,
    ).toBe(400);
    const response = await send('POST', '/api/calendar-meeting', teacher, body());
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ caldav: 'stored', attendee_count: 2 });
    const [row] = await t.db.select().from(activities).where(eq(activities.id, result.activity_id));
    expect(row).toMatchObject({ type: 'google_meeting', title: 'Thesis review' });
    expect(row?.data).toMatchObject({
      meeting_vendor: 'calendar',
      join_url: 'https://meet.example.edu/abc-defg',
    });
    const stored = dav.objects.get(`/calendars/lectern/lectern-meeting-${result.activity_id}@lectern.ics`);
    const unfolded = stored?.replace(/\r\n /g, '') ?? '';
    expect(unfolded).toContain('METHOD:REQUEST');
    expect(unfolded).toContain(
      `ATTENDEE;CN="Lin Student";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${studentEmail}`,
    );
    expect(unfolded).toContain('DESCRIPTION:Bring drafts');

    const mine = await get(result.ics_url, student);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toContain('text/calendar');
    const lines = mine.body.replace(/\r\n /g, '').split('\r\n');
    expect(lines.filter((l) => l.startsWith('ATTENDEE'))).toHaveLength(1);
    expect([403, 404]).toContain((await get(result.ics_url, otherTeacher)).statusCode);
    const state = (await get(`/api/activities/${result.activity_id}/meeting`, student)).json();
    expect(state.adapter).toBe('calendar');
  });
});

describe('time periods', () => {
  it('come from the configuration for a configured type, sorted; every day otherwise', async () => {
    expect(
      (await get('/api/meeting/week/time-periods?meeting_type=tencent_meeting', student)).json(),
    ).toEqual({
      timetables: [
        { start: '08:00', end: '09:40' },
        { start: '10:00', end: '11:40' },
      ],
      enabled_days: [1, 2, 3, 4, 5],
    });
    expect((await get('/api/meeting/week/time-periods?meeting_type=lark_meeting', student)).json()).toEqual({
      timetables: [],
      enabled_days: [0, 1, 2, 3, 4, 5, 6],
    });
  });
});

describe('BigBlueButton recordings into resources', () => {
  it('copies a video-format recording into the activity resources; playback pages stay links', async () => {
    const a = await createActivity(t, {
      courseId: courseA,
      moduleId: moduleA,
      createdBy: ownerId,
      type: 'wecom_meeting',
      title: 'Recorded lecture',
      startTime: new Date(Date.now() - 2 * HOUR),
      endTime: new Date(Date.now() - 40 * MIN),
      data: { playback: true },
    });
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(2048, 7)]);
    const videoUrl = bbb.serveMedia(`/presentation/${a.id}/video-0.mp4`, mp4, 'video/mp4');
    const htmlUrl = bbb.serveMedia(`/playback/video/${a.id}/`, Buffer.from('<html></html>'), 'text/html');
    const bigUrl = bbb.serveMedia(
      `/presentation/${a.id}/big.mp4`,
      Buffer.alloc(1024 * 1024 + 1),
      'video/mp4',
    );
    bbb.addRecording(
      `lectern-${a.id}`,
      'https://bbb.example.edu/playback/presentation/2.3/r1',
      true,
      videoUrl,
    );
    bbb.addRecording(
      `lectern-${a.id}`,
      'https://bbb.example.edu/playback/presentation/2.3/r2',
      true,
      htmlUrl,
    );
    bbb.addRecording(`lectern-${a.id}`, 'https://bbb.example.edu/playback/presentation/2.3/r3', true, bigUrl);

    const view = (await get(`/api/activities/${a.id}/meeting`, student)).json();
    expect(view.playback_state).toBe('available');
    expect(view.replay_addresses).toContain('https://bbb.example.edu/playback/presentation/2.3/r1');
    // Seen again: no second copy is queued.
    await get(`/api/activities/${a.id}/meeting`, student);
    await runJobsUntilIdle(t);

    const recordings = await t.db
      .select()
      .from(meetingRecordings)
      .where(eq(meetingRecordings.activityId, a.id));
    expect(recordings.map((r) => [r.url, r.state])).toEqual([
      [videoUrl, 'copied'],
      [htmlUrl, 'link'],
      [bigUrl, 'link'],
    ]);
    expect(bbb.mediaFetches.get(`/presentation/${a.id}/video-0.mp4`)).toBe(1);
    const resources = await t.db
      .select({ reference: uploadReferences, upload: uploads, source: activityResourceRecordings.source })
      .from(uploadReferences)
      .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
      .innerJoin(activityResourceRecordings, eq(activityResourceRecordings.referenceId, uploadReferences.id))
      .where(and(eq(uploadReferences.parentType, 'activity_resource'), eq(uploadReferences.parentId, a.id)));
    expect(resources).toHaveLength(1);
    expect(resources[0]).toMatchObject({ source: 'meeting_recording' });
    expect(resources[0]?.upload).toMatchObject({ mimeType: 'video/mp4', size: mp4.length, status: 'ready' });
    expect(resources[0]?.upload.name).toMatch(/^Recorded lecture .*\.mp4$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await t.storage.get(resources[0]?.upload.storageKey ?? ''))
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(mp4)).toBe(true);
    const listed = (await get(`/api/activities/${a.id}/resources`, student)).json();
    expect(JSON.stringify(listed)).toContain('Recorded lecture');
  });
});
