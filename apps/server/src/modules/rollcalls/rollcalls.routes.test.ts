import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ROLLCALL_LIMITS,
  RollcallSchema,
  StudentRollcallsResponseSchema,
  type CreateRollcallBody,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { rollcallAnswers, rollcalls } from '../../db/schema/rollcalls.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rollcallQrTokens } from './rollcall-qr-token.ts';

let t: TestApp;
let courseId: number;
let teacherSession: Session;
let assistantSession: Session;
let outsiderSession: Session;
let outsiderId: number;
let orgId: number;
let students: { id: number; userNo: string; session: Session }[];

/** The instructor's position for radar roll calls: a lecture hall. */
const HALL = { latitude: 31.2304, longitude: 121.4737 };

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  const assistant = await createUser(t, orgId);
  const outsider = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, teacher.id, { name: 'Physics' })).id;
  await addMember(t, courseId, assistant.id, ['instructor_assistant']);
  const otherCourse = await createCourse(t, orgId, teacher.id);
  await addMember(t, otherCourse.id, outsider.id, ['student']);
  students = [];
  for (let i = 0; i < 4; i += 1) {
    const user = await createUser(t, orgId);
    await addMember(t, courseId, user.id, ['student']);
    students.push({ id: user.id, userNo: user.userNo, session: await loginAs(t, user) });
  }
  teacherSession = await loginAs(t, teacher);
  assistantSession = await loginAs(t, assistant);
  outsiderSession = await loginAs(t, outsider);
  outsiderId = outsider.id;
});

afterAll(async () => {
  await t.close();
});

const student = (i: number) => {
  const s = students[i];
  if (!s) throw new Error(`no student ${i}`);
  return s;
};

async function createStarted(body: CreateRollcallBody, session: Session = teacherSession): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/course/${courseId}/rollcall`,
    headers: session.headers,
    payload: body,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<{ rollcall_id: number }>().rollcall_id;
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/rollcall/${id}/start-rollcall`,
    headers: session.headers,
  });
  expect(started.statusCode, started.body).toBe(200);
  return id;
}

function answer(id: number, path: string, session: Session, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/rollcall/${id}/${path}`,
    headers: session.headers,
    payload,
  });
}

async function roll(id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/rollcall/${id}/student_rollcalls`,
    headers: teacherSession.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return StudentRollcallsResponseSchema.parse(res.json());
}

describe('number roll call', () => {
  it('generates a 4-digit code the team sees and students never do, and checks in with it', async () => {
    const id = await createStarted({ title: 'Monday', is_number: true, duration: 300 });
    const team = await roll(id);
    const code = team.student_rollcalls[0]?.number_code;
    expect(code).toMatch(/^\d{4}$/);

    const open = await t.app.inject({
      method: 'GET',
      url: '/api/radar/rollcalls',
      headers: student(0).session.headers,
    });
    expect(open.json()).toMatchObject({
      rollcalls: [
        {
          rollcall_id: id,
          is_number: true,
          is_radar: false,
          status: 'absent',
          rollcall_status: 'in_progress',
        },
      ],
    });
    expect(JSON.stringify(open.json())).not.toContain(`"${code}"`);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/rollcall/${id}/student_rollcalls`,
      headers: student(0).session.headers,
    });
    const ownRoll = StudentRollcallsResponseSchema.parse(own.json());
    expect(ownRoll.student_rollcalls).toHaveLength(1);
    expect(ownRoll.student_rollcalls[0]).toMatchObject({ user_no: student(0).userNo, number_code: null });
    const lite = await t.app.inject({
      method: 'GET',
      url: `/api/rollcall/${id}/lite`,
      headers: student(0).session.headers,
    });
    expect(lite.json()).toMatchObject({ rollcall_id: id, is_number: true, status: 'in_progress' });
    expect(lite.body).not.toContain(`"${code}"`);

    const ok = await answer(id, 'answer_number_rollcall', student(0).session, {
      deviceId: 'dev-a',
      numberCode: code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ rollcall_id: id, status: 'on_call_fine' });
    // A repeat is answered with the same state, not counted twice.
    const again = await answer(id, 'answer_number_rollcall', student(0).session, {
      deviceId: 'dev-a',
      numberCode: code,
    });
    expect(again.json()).toMatchObject({ status: 'on_call_fine' });
    const after = await roll(id);
    expect(after.count).toBe(1);
    expect(after.student_rollcalls.find((s) => s.user_no === student(0).userNo)?.rollcall_status).toBe(
      'on_call_fine',
    );
  });

  it('keeps a given code, and refuses every answer after the limit of wrong codes', async () => {
    const id = await createStarted({ is_number: true, number_code: '0420' });
    const s = student(1).session;
    for (let i = 1; i <= ROLLCALL_LIMITS.wrongCodesMax; i += 1) {
      const wrong = await answer(id, 'answer_number_rollcall', s, { deviceId: 'dev-b', numberCode: '1111' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.numberCode[0]).toContain(`${ROLLCALL_LIMITS.wrongCodesMax - i} tries left`);
    }
    const right = await answer(id, 'answer_number_rollcall', s, { deviceId: 'dev-b', numberCode: '0420' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('Too many wrong codes'),
    });
    expect((await roll(id)).count).toBe(0);
  });

  it('lets concurrent guesses share one budget of attempts', async () => {
    const id = await createStarted({ is_number: true, number_code: '9999' });
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        answer(id, 'answer_number_rollcall', student(2).session, {
          deviceId: 'dev-c',
          numberCode: String(i).padStart(4, '0'),
        }),
      ),
    );
    expect(guesses.filter((g) => g.statusCode === 400)).toHaveLength(ROLLCALL_LIMITS.wrongCodesMax);
    expect(guesses.filter((g) => g.statusCode === 429)).toHaveLength(40 - ROLLCALL_LIMITS.wrongCodesMax);
  });

  it('refuses a device that already checked in another student', async () => {
    const id = await createStarted({ is_number: true, number_code: '1234' });
    const first = await answer(id, 'answer_number_rollcall', student(0).session, {
      deviceId: 'shared',
      numberCode: '1234',
    });
    expect(first.statusCode).toBe(200);
    const second = await answer(id, 'answer_number_rollcall', student(1).session, {
      deviceId: 'shared',
      numberCode: '1234',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('already been used');
    expect((await roll(id)).count).toBe(1);
  });

  it('refuses answers after stop and after the duration ran out', async () => {
    const id = await createStarted({ is_number: true, number_code: '5555' });
    const stop = await t.app.inject({
      method: 'PUT',
      url: `/api/rollcall/${id}/stop_qr_rollcall`,
      headers: teacherSession.headers,
    });
    expect(RollcallSchema.parse(stop.json()).status).toBe('finished');
    const late = await answer(id, 'answer_number_rollcall', student(0).session, {
      deviceId: 'x',
      numberCode: '5555',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('not open');

    const lapsed = await createStarted({ is_number: true, number_code: '5555', duration: 60 });
    await t.db
      .update(rollcalls)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(rollcalls.id, lapsed));
    const after = await answer(lapsed, 'answer_number_rollcall', student(0).session, {
      deviceId: 'x',
      numberCode: '5555',
    });
    expect(after.statusCode).toBe(409);
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/radar/rollcalls',
      headers: student(0).session.headers,
    });
    expect(open.json().rollcalls.map((r: { rollcall_id: number }) => r.rollcall_id)).not.toContain(lapsed);
  });
});

describe('QR roll call', () => {
  it('checks in with the current token and refuses an expired or forged one', async () => {
    const id = await createStarted({ type: 'qrcode' });
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/course/${courseId}/rollcall/${id}/qr_code`,
      headers: teacherSession.headers,
    });
    expect(qr.statusCode, qr.body).toBe(200);
    const { data } = qr.json<{ data: string }>();

    const tokens = rollcallQrTokens(t.config.sessionSecret);
    const stale = tokens.issue(id, new Date(Date.now() - 3 * ROLLCALL_LIMITS.qrWindowSeconds * 1000)).data;
    const expired = await answer(id, 'answer_qr_rollcall', student(0).session, {
      deviceId: 'q0',
      data: stale,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.data[0]).toContain('expired');
    const forged = await answer(id, 'answer_qr_rollcall', student(0).session, {
      deviceId: 'q0',
      data: `${id}.1.abc`,
    });
    expect(forged.statusCode).toBe(400);
    const otherRollcall = tokens.issue(id + 1000).data;
    expect(
      (await answer(id, 'answer_qr_rollcall', student(0).session, { deviceId: 'q0', data: otherRollcall }))
        .statusCode,
    ).toBe(400);

    const ok = await answer(id, 'answer_qr_rollcall', student(0).session, { deviceId: 'q0', data });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'on_call_fine' });
  });

  it('shows the token to the teaching team only', async () => {
    const id = await createStarted({ type: 'qrcode' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/course/${courseId}/rollcall/${id}/qr_code`,
      headers: student(0).session.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('radar roll call', () => {
  it('checks in within the radius, refuses outside it and sends poor accuracy to review', async () => {
    const id = await createStarted({ is_radar: true, ...HALL, radius: 50 });
    const near = await answer(id, 'answer?api_version=1.76', student(0).session, {
      deviceId: 'r0',
      latitude: HALL.latitude + 0.0002, // about 22 m north
      longitude: HALL.longitude,
      accuracy: 10,
    });
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json()).toMatchObject({ status: 'on_call_fine', distance: 22 });

    const far = await answer(id, 'answer', student(1).session, {
      deviceId: 'r1',
      latitude: HALL.latitude + 0.01, // about 1.1 km
      longitude: HALL.longitude,
      accuracy: 10,
    });
    expect(far.statusCode).toBe(409);
    expect(far.json().message).toMatch(/outside the roll call’s range \(about 11\d\d m away\)/);

    const vague = await answer(id, 'answer', student(2).session, {
      deviceId: 'r2',
      latitude: HALL.latitude,
      longitude: HALL.longitude,
      accuracy: 800,
    });
    expect(vague.statusCode).toBe(200);
    expect(vague.json()).toMatchObject({ status: 'pending_review' });
    const listed = await roll(id);
    expect(listed.count).toBe(1);
    expect(listed.student_rollcalls.find((s) => s.student_id === student(2).id)).toMatchObject({
      rollcall_status: 'absent',
      review: 'poor_accuracy',
      accuracy: 800,
    });
  });

  it('needs the instructor position', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/course/${courseId}/rollcall`,
      headers: teacherSession.headers,
      payload: { is_radar: true },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('self-registration and marking', () => {
  it('checks in with one tap, and the team marks late / on leave by hand', async () => {
    const id = await createStarted({ type: 'self_registration' }, assistantSession);
    const ok = await answer(id, 'answer_self_registration_rollcall', student(3).session, { deviceId: 's3' });
    expect(ok.json()).toMatchObject({ status: 'on_call_fine' });
    // The wrong kind of answer for this roll call is refused.
    const wrongKind = await answer(id, 'answer_number_rollcall', student(2).session, {
      deviceId: 's2',
      numberCode: '0000',
    });
    expect(wrongKind.statusCode).toBe(409);

    const mark = (userId: number, status: string, session = teacherSession) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/rollcall/${id}/student_rollcalls/${userId}`,
        headers: session.headers,
        payload: { status },
      });
    expect((await mark(student(0).id, 'late')).json()).toMatchObject({
      rollcall_status: 'late',
      source: 'manual',
    });
    expect((await mark(student(1).id, 'on_leave', assistantSession)).statusCode).toBe(200);
    expect((await mark(student(2).id, 'on_call_fine', student(3).session)).statusCode).toBe(403);
    expect((await mark(outsiderId, 'late')).statusCode).toBe(404);
    const listed = await roll(id);
    expect(listed.count).toBe(2);
    expect(
      Object.fromEntries(listed.student_rollcalls.map((s) => [s.student_id, s.rollcall_status])),
    ).toEqual({
      [student(0).id]: 'late',
      [student(1).id]: 'on_leave',
      [student(2).id]: 'absent',
      [student(3).id]: 'on_call_fine',
    });
  });
});

describe('permissions', () => {
  it('lets only the team run roll calls and only the course students answer', async () => {
    const byStudent = await t.app.inject({
      method: 'POST',
      url: `/api/course/${courseId}/rollcall`,
      headers: student(0).session.headers,
      payload: { is_number: true },
    });
    expect(byStudent.statusCode).toBe(403);
    const id = await createStarted({ type: 'self_registration' });
    const start = await t.app.inject({
      method: 'PUT',
      url: `/api/rollcall/${id}/stop_qr_rollcall`,
      headers: student(0).session.headers,
    });
    expect(start.statusCode).toBe(403);
    expect(
      (await answer(id, 'answer_self_registration_rollcall', outsiderSession, { deviceId: 'o' })).statusCode,
    ).toBe(403);
    expect(
      (await answer(id, 'answer_self_registration_rollcall', teacherSession, { deviceId: 't' })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/rollcall/${id}/student_rollcalls`,
          headers: outsiderSession.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/rollcall/${id}/lite` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/rollcall/999999/lite`,
          headers: teacherSession.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('history and export', () => {
  it('lists the course roll calls with counts and the student’s own status, and exports CSV', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/modules/rollcalls`,
      headers: student(3).session.headers,
    });
    expect(list.statusCode).toBe(200);
    const mine = list.json<{
      rollcalls: { my_status: string; number_code: string | null; can_manage: boolean }[];
    }>().rollcalls;
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((r) => r.number_code === null && !r.can_manage)).toBe(true);
    expect(mine.some((r) => r.my_status === 'on_call_fine')).toBe(true);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/rollcalls/export`,
      headers: teacherSession.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"user_no","name","Monday \(.*"on_call_fine","late","absent","on_leave"$/);
    expect(lines).toHaveLength(1 + students.length);
    const line0 = lines.find((l) => l.startsWith(`"${student(0).userNo}",`)) ?? '';
    // Student 0 checked in by number and QR and radar, was marked late once, and is absent elsewhere.
    // Totals: on time in four (number, shared device, QR, radar), late in one, absent in the other six.
    expect(line0).toMatch(/,"?4"?,"?1"?,"?6"?,"?0"?$/);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/courses/${courseId}/rollcalls/export`,
          headers: student(0).session.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('under concurrency', () => {
  it('counts a whole class checking in at once exactly, and one device once', async () => {
    const teacher = await createUser(t, orgId);
    const course = await createCourse(t, orgId, teacher.id);
    const session = await loginAs(t, teacher);
    const size = 80;
    const classmates = await Promise.all(
      Array.from({ length: size }, async () => {
        const user = await createUser(t, orgId);
        await addMember(t, course.id, user.id, ['student']);
        return loginAs(t, user);
      }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/course/${course.id}/rollcall`,
      headers: session.headers,
      payload: { type: 'self_registration' },
    });
    const id = created.json<{ rollcall_id: number }>().rollcall_id;
    await t.app.inject({
      method: 'POST',
      url: `/api/rollcall/${id}/start-rollcall`,
      headers: session.headers,
    });

    // Everyone on their own phone, and five more students all trying one borrowed phone.
    const own = classmates
      .slice(5)
      .map((s, i) => answer(id, 'answer_self_registration_rollcall', s, { deviceId: `own-${i}` }));
    const borrowed = classmates
      .slice(0, 5)
      .map((s) => answer(id, 'answer_self_registration_rollcall', s, { deviceId: 'borrowed' }));
    const results = await Promise.all([...own, ...borrowed]);
    expect(results.slice(0, size - 5).every((r) => r.statusCode === 200)).toBe(true);
    expect(
      results
        .slice(size - 5)
        .map((r) => r.statusCode)
        .sort(),
    ).toEqual([200, 409, 409, 409, 409]);

    const roll = await t.app.inject({
      method: 'GET',
      url: `/api/rollcall/${id}/student_rollcalls`,
      headers: session.headers,
    });
    expect(roll.json<{ count: number }>().count).toBe(size - 4);
    const devices = await t.db.select().from(rollcallAnswers).where(eq(rollcallAnswers.deviceId, 'borrowed'));
    expect(devices).toHaveLength(1);
  });
});
