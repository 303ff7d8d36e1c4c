import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/identity.ts';
import {
  createCourse,
  createDepartment,
  createOrg,
  createUser,
  loginAs,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
});
afterAll(async () => t.close());

function cookiesOf(response: { headers: Record<string, unknown> }): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
}

describe('login', () => {
  it('signs in by user number and sets the httpOnly, SameSite=Lax `session` cookie', async () => {
    const user = await createUser(t, orgId, { userNo: 'S100', email: 'ann@example.edu', name: 'Ann' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'S100', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, user_no: 'S100', name: 'Ann', org: { id: orgId } });
    const cookies = cookiesOf(res);
    // The original system's clients read and send exactly this name.
    expect(cookies).toHaveLength(1);
    const session = cookies.find((c) => c.startsWith('session='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
  });

  it('signs in by e-mail, case-insensitively', async () => {
    await createUser(t, orgId, { userNo: 'S101', email: 'bob@example.edu' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'BOB@example.edu', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown account with the same 401 message', async () => {
    await createUser(t, orgId, { userNo: 'S102' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'S102', password: 'nope-nope' },
      headers: { 'accept-language': 'en-US' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'nobody', password: 'nope-nope' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'The account or password is incorrect.',
    });
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('localises messages from Accept-Language, zh-MO reading Traditional Chinese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'nobody', password: 'x' },
      headers: { 'accept-language': 'zh-MO' },
    });
    expect(res.json().message).toBe('帳號或密碼錯誤');
  });

  it('refuses a deactivated account', async () => {
    await createUser(t, orgId, { userNo: 'S103', active: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'S103', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_disabled');
  });

  it('rejects an empty body with per-field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: '', password: '' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors.login).toEqual(['Enter your user number or e-mail.']);
    expect(body.errors.password).toEqual(['Enter your password.']);
  });
});

describe('session', () => {
  it('reads the current user with the session cookie and refuses without it', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: session.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
  });

  it('tells the current user whether the server would accept a new course from them', async () => {
    const canCreate = async (user: { id: number }) => {
      const session = await loginAs(t, user);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: session.headers });
      return me.json().can_create_course as boolean;
    };
    const member = await createUser(t, orgId);
    const teacher = await createUser(t, orgId);
    await createCourse(t, orgId, teacher.id);
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    expect(await canCreate(member)).toBe(false);
    expect(await canCreate(teacher)).toBe(true);
    expect(await canCreate(admin)).toBe(true);
  });

  it('logout ends the session on the server', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: session.headers });
    expect(out.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: session.headers });
    expect(after.statusCode).toBe(401);
  });

  it('slides an idle session forward once when a burst of requests arrives', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const stale = new Date(Date.now() - 11 * 60_000);
    const soon = new Date(Date.now() + 60_000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: stale, expiresAt: soon })
      .where(eq(sessions.userId, user.id));
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: 'GET', url: '/api/user', headers: session.headers }),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(stale.getTime());
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
  });
});

describe('organisation', () => {
  it('lists the own organisation and its departments, hiding other organisations', async () => {
    const dept = await createDepartment(t, orgId, { name: 'Physics', code: 'PHY' });
    const other = await createOrg(t);
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const org = await t.app.inject({ method: 'GET', url: '/api/org', headers: session.headers });
    expect(org.json()).toMatchObject({ id: orgId });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/orgs/${orgId}/departments`,
      headers: session.headers,
    });
    expect(list.json().departments).toContainEqual(expect.objectContaining({ id: dept.id, name: 'Physics' }));
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/orgs/${other.id}/departments`,
      headers: session.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('user administration', () => {
  it('lets only org admins create users, and refuses a taken user number', async () => {
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    const member = await createUser(t, orgId);
    const adminSession = await loginAs(t, admin);
    const memberSession = await loginAs(t, member);
    const payload = {
      user_no: 'N900',
      name: 'New Person',
      email: 'new@example.edu',
      password: 'long-enough-1',
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/org/users',
      headers: memberSession.headers,
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/org/users',
      headers: adminSession.headers,
      payload,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user_no: 'N900', org_role: 'member', active: true });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/org/users',
      headers: adminSession.headers,
      payload: { ...payload, email: 'other@example.edu' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.user_no).toEqual(['User number "N900" is already taken.']);
  });

  it('deactivating a user ends their sessions and blocks login', async () => {
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    const target = await createUser(t, orgId, { userNo: 'D1' });
    const targetSession = await loginAs(t, target);
    const adminSession = await loginAs(t, admin);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/org/users/${target.id}`,
      headers: adminSession.headers,
      payload: { active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: targetSession.headers })).statusCode,
    ).toBe(401);
  });

  it('refuses an admin deactivating or demoting themselves, on the field concerned', async () => {
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    const session = await loginAs(t, admin);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/org/users/${admin.id}`,
      headers: session.headers,
      payload: { org_role: 'member' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'You cannot remove your own administrator role.',
      errors: { org_role: ['You cannot remove your own administrator role.'] },
    });
  });

  it('updates existing users from CSV without wiping the cells a row leaves blank', async () => {
    const admin = await createUser(t, orgId, { orgRole: 'admin', userNo: 'K0', email: 'k0@example.edu' });
    const department = await createDepartment(t, orgId, { name: 'Geology', code: 'GEO' });
    const colleague = await createUser(t, orgId, {
      userNo: 'K1',
      email: 'k1@example.edu',
      orgRole: 'admin',
      departmentId: department.id,
    });
    const session = await loginAs(t, admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/org/users/import',
      headers: session.headers,
      payload: { csv: 'user_no,name\nK0,Kim Zero\nK1,Kim One' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 2 });
    const [k0] = await t.db.select().from(users).where(eq(users.id, admin.id));
    const [k1] = await t.db.select().from(users).where(eq(users.id, colleague.id));
    expect(k0).toMatchObject({ name: 'Kim Zero', orgRole: 'admin', email: 'k0@example.edu' });
    expect(k1).toMatchObject({
      name: 'Kim One',
      orgRole: 'admin',
      email: 'k1@example.edu',
      departmentId: department.id,
    });

    const demote = await t.app.inject({
      method: 'POST',
      url: '/api/org/users/import',
      headers: session.headers,
      payload: { csv: 'user_no,name,role\nK0,Kim Zero,member' },
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().errors['rows.2.role']).toEqual(['You cannot remove your own administrator role.']);
  });

  it('imports users from CSV, or nothing at all when a row is wrong', async () => {
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    await createDepartment(t, orgId, { name: 'Chemistry', code: 'CHE' });
    const session = await loginAs(t, admin);
    const bad = [
      'user_no,name,email,department,role',
      'C1,Carol,carol@example.edu,Chemistry,member',
      'C2,,dave@example.edu,Chemistry,member',
      'C3,Erin,not-an-email,Nowhere,boss',
    ].join('\n');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/org/users/import',
      headers: session.headers,
      payload: { csv: bad },
    });
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual([
      'rows.3.name',
      'rows.4.department',
      'rows.4.email',
      'rows.4.role',
    ]);
    expect(await t.db.select().from(users).where(eq(users.userNo, 'C1'))).toHaveLength(0);

    const good = [
      'user_no,name,email,department,role',
      'C1,Carol,carol@example.edu,Chemistry,member',
      'C4,Frank,,CHE,admin',
    ].join('\n');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/org/users/import',
      headers: session.headers,
      payload: { csv: good },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ created: 2, updated: 0 });
    expect(ok.json().initial_passwords).toHaveLength(2);
    const [frank] = await t.db.select().from(users).where(eq(users.userNo, 'C4'));
    expect(frank?.orgRole).toBe('admin');
  });
});

describe('platform', () => {
  it('answers unknown API routes with the JSON envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', errors: {} });
    expect(res.json().request_id).toBeTruthy();
  });

  it('reports database health and serves the OpenAPI document', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', database: true });
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/login');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeTruthy();
  });
});

describe('session cache', () => {
  it('applies a role change at once, even though sessions are cached', async () => {
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    const target = await createUser(t, orgId, { orgRole: 'admin' });
    const targetSession = await loginAs(t, target);
    const adminSession = await loginAs(t, admin);
    // Warm the cache with the target's admin session.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/org/users', headers: targetSession.headers }))
        .statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/org/users/${target.id}`,
      headers: adminSession.headers,
      payload: { org_role: 'member' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/org/users', headers: targetSession.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('ends a cached session at logout', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: session.headers })).statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: session.headers });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: session.headers })).statusCode,
    ).toBe(401);
  });
});
