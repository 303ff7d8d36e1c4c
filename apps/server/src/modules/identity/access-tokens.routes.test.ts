import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens } from '../../db/schema/access-tokens.ts';
import { users } from '../../db/schema/identity.ts';
import { createOrg, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
});
afterAll(async () => t.close());

type Created = { id: number; token: string; scope: string; hint: string; last_used_at: string | null };

async function createToken(
  session: Session,
  body: { name?: string; scope?: 'read' | 'write'; expires_at?: string | null } = {},
): Promise<Created> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/access-tokens',
    headers: session.headers,
    payload: { name: 'my script', scope: 'write', ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Created>();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en-US' });

const listTokens = async (session: Session) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/access-tokens', headers: session.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ access_tokens: Array<Created & { name: string }> }>().access_tokens;
};

describe('personal access tokens', () => {
  it('are created with the secret shown once, then sign a script in and record their last use', async () => {
    const user = await createUser(t, orgId, { name: 'Token User' });
    const session = await loginAs(t, user);
    const created = await createToken(session, { name: 'grades script' });
    expect(created.token).toMatch(/^lct_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(created.token.slice(-4));
    expect(created.last_used_at).toBeNull();

    const listed = await listTokens(session);
    expect(listed).toEqual([
      expect.objectContaining({ id: created.id, name: 'grades script', scope: 'write' }),
    ]);
    expect(listed[0]).not.toHaveProperty('token');

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(created.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, name: 'Token User' });

    const [afterUse] = await listTokens(session);
    expect(afterUse?.last_used_at).not.toBeNull();
  });

  it('record last use at most once a minute', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const created = await createToken(session);
    const recent = new Date(Date.now() - 30_000);
    await t.db.update(accessTokens).set({ lastUsedAt: recent }).where(eq(accessTokens.id, created.id));
    await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(created.token) });
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, created.id));
    expect(row?.lastUsedAt?.getTime()).toBe(recent.getTime());

    const stale = new Date(Date.now() - 120_000);
    await t.db.update(accessTokens).set({ lastUsedAt: stale }).where(eq(accessTokens.id, created.id));
    await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(created.token) });
    const [touched] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, created.id));
    expect(touched!.lastUsedAt!.getTime()).toBeGreaterThan(stale.getTime());
  });

  it('are kept only as a hash: no column holds the secret', async () => {
    const user = await createUser(t, orgId);
    const created = await createToken(await loginAs(t, user));
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, created.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(created.token);
    expect(stored).not.toContain(created.token.slice(4, 20));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('with the read scope may read but not write', async () => {
    const user = await createUser(t, orgId, { mobilePhone: '13900000000' });
    const { token } = await createToken(await loginAs(t, user), { scope: 'read' });
    const read = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: bearer(token),
      payload: { mobile_phone: '13800000000' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'forbidden',
      message: 'This access token is read-only and cannot make changes.',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mobilePhone).toBe('13900000000');
  });

  it('with the write scope may write, without any CSRF header and despite browser headers', async () => {
    const user = await createUser(t, orgId);
    const { token } = await createToken(await loginAs(t, user), { scope: 'write' });
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: { ...bearer(token), 'sec-fetch-site': 'cross-site' },
      payload: { mobile_phone: '13800000001' },
    });
    expect(write.statusCode).toBe(200);
    expect(write.json()).toMatchObject({ mobile_phone: '13800000001' });
  });

  it('are refused at once when revoked', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const created = await createToken(session);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(created.token) })).statusCode,
    ).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/access-tokens/${created.id}`,
      headers: session.headers,
    });
    expect(revoke.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(created.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'unauthenticated',
      message: 'This access token is invalid, expired or revoked.',
    });
    expect(await listTokens(session)).toEqual([]);
  });

  it('are refused once expired, and cannot be made already expired', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const created = await createToken(session, { expires_at: new Date(Date.now() + 3600_000).toISOString() });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(created.token) })).statusCode,
    ).toBe(200);
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, created.id));
    const expired = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(created.token) });
    expect(expired.statusCode).toBe(401);

    const past = await t.app.inject({
      method: 'POST',
      url: '/api/user/access-tokens',
      headers: session.headers,
      payload: { name: 'old', scope: 'read', expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.expires_at).toEqual(['The expiry must be in the future.']);
  });

  it('are refused on the session-only endpoints, even with the write scope', async () => {
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    const session = await loginAs(t, admin);
    const { token, id } = await createToken(session, { scope: 'write' });
    const calls = [
      { method: 'POST', url: '/api/login', payload: { login: 'x', password: 'y' } },
      { method: 'POST', url: '/api/logout' },
      { method: 'GET', url: '/api/user/access-tokens' },
      { method: 'POST', url: '/api/user/access-tokens', payload: { name: 'more', scope: 'write' } },
      { method: 'DELETE', url: `/api/user/access-tokens/${id}` },
      // Viewing a course as a student is a property of a browser session; a token has none.
      { method: 'POST', url: '/api/courses/1/simulate', payload: { simulating: true } },
      // Administrator power never travels in a token: user management would let it take over accounts.
      { method: 'GET', url: '/api/org/users' },
      { method: 'PUT', url: `/api/org/users/${admin.id}`, payload: { password: 'new-password-1' } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(token) });
      expect({ call: `${call.method} ${call.url}`, status: res.statusCode, body: res.json() }).toMatchObject({
        status: 403,
        body: {
          code: 'forbidden',
          message: 'Access tokens cannot be used for this. Please sign in to Lectern in your browser.',
        },
      });
    }
    expect(await listTokens(session)).toHaveLength(1);
  });

  it('of another user cannot be revoked, and read as not found', async () => {
    const owner = await createUser(t, orgId);
    const ownerSession = await loginAs(t, owner);
    const created = await createToken(ownerSession);
    const other = await loginAs(t, await createUser(t, orgId));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/access-tokens/${created.id}`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(await listTokens(ownerSession)).toHaveLength(1);
    expect(await listTokens(other)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(created.token) })).statusCode,
    ).toBe(200);
  });

  it('stop working when the user is deactivated', async () => {
    const user = await createUser(t, orgId);
    const { token } = await createToken(await loginAs(t, user));
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('answer an unknown token 401 and ignore other Authorization schemes', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(`lct_${'A'.repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...session.headers, authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(200);
  });
});
