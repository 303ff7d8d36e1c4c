import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/identity.ts';
import { createOrg, createUser, loginAs, TEST_PASSWORD, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Decision 0012: a cookie is enough for scripts; browsers are held to Fetch Metadata and Origin.
let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
});
afterAll(async () => t.close());

const phoneOf = async (userId: number) =>
  (await t.db.select({ phone: users.mobilePhone }).from(users).where(eq(users.id, userId)))[0]?.phone;

/** A state change the user would notice: their phone number in the settings. */
const savePhone = (session: Session, phone: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/settings',
    headers: { ...session.headers, ...headers },
    payload: { mobile_phone: phone },
  });

describe('a cookie-authenticated write', () => {
  it('works from a script that sends only the cookie: no Origin, no Sec-Fetch-Site, no token', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    expect(Object.keys(session.headers).sort()).toEqual(['accept-language', 'cookie']);
    const res = await savePhone(session, '13800000001');
    expect(res.statusCode).toBe(200);
    expect(await phoneOf(user.id)).toBe('13800000001');
  });

  it('works from our own pages: Sec-Fetch-Site same-origin, or an Origin naming this host', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    expect((await savePhone(session, '13800000002', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      200,
    );
    const ownOrigin = { host: 'lectern.example.edu', origin: 'https://lectern.example.edu' };
    expect((await savePhone(session, '13800000003', ownOrigin)).statusCode).toBe(200);
    expect(await phoneOf(user.id)).toBe('13800000003');
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    [
      'our host under another port',
      { host: 'lectern.example.edu', origin: 'https://lectern.example.edu:8443' },
    ],
  ])('is refused with %s, and nothing changes', async (_label, headers: Record<string, string>) => {
    const user = await createUser(t, orgId, { mobilePhone: '13900000000' });
    const session = await loginAs(t, user);
    const res = await savePhone(session, '13800000009', headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'csrf_failed',
      message:
        'For your safety, a request sent from another site was refused. Please do this in Lectern itself.',
    });
    expect(await phoneOf(user.id)).toBe('13900000000');
  });

  it('trusts Sec-Fetch-Site over Origin, so a proxy that rewrites Host does not break our own pages', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const res = await savePhone(session, '13800000004', {
      'sec-fetch-site': 'same-origin',
      host: '127.0.0.1:3000',
      origin: 'http://localhost:5173',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a login posted from another site, so nobody is signed in to an account not their own', async () => {
    await createUser(t, orgId, { userNo: 'attacker-1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example' },
      payload: { login: 'attacker-1', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_failed');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('logs out with the cookie alone, as the clients do', async () => {
    const user = await createUser(t, orgId);
    const session = await loginAs(t, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe('the session cookie over HTTPS', () => {
  it('is Secure when COOKIE_SECURE is set', async () => {
    const secure = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const org = await createOrg(secure);
      await createUser(secure, org.id, { userNo: 'secure-1' });
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { login: 'secure-1', password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^session=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});
