import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/identity.ts';
import { startCasServer, type CasServerFake } from '../../test/cas-server.fake.ts';
import { createOrg, createUser } from '../../test/factories.ts';
import {
  currentUserWith,
  locationOf,
  pathOf,
  setCookieValue,
  SSO_FLOW_COOKIE,
  SSO_PUBLIC_URL,
} from '../../test/sso-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SESSION_COOKIE } from './session.hook.ts';

const SERVICE = `${SSO_PUBLIC_URL}/api/sso/cas/callback`;

let cas: CasServerFake;
/** CAS 3.0, no accounts created on first sign-in. */
let t: TestApp;
let orgId: number;

beforeAll(async () => {
  cas = await startCasServer();
  t = await createTestApp({ LECTERN_PUBLIC_URL: SSO_PUBLIC_URL, LECTERN_CAS_URL: cas.url });
  orgId = (await createOrg(t)).id;
});
afterAll(async () => {
  await t.close();
  await cas.close();
});

/**
 * A browser signing in: Lectern's login redirect, CAS (a real HTTP round trip, where `cas.signIn` has
 * settled who the person is) and back to Lectern's callback with the flow cookie the browser holds.
 */
async function signInThroughCas(app: TestApp, next?: string) {
  const start = await app.app.inject({
    method: 'GET',
    url: '/api/sso/cas/login',
    query: next === undefined ? {} : { next },
  });
  expect(start.statusCode).toBe(302);
  const casLogin = locationOf(start);
  expect(casLogin).toBe(`${cas.url}/login?service=${encodeURIComponent(SERVICE)}`);
  const flow = setCookieValue(start, SSO_FLOW_COOKIE);
  expect(flow).toBeTruthy();

  const atCas = await fetch(casLogin, { redirect: 'manual' });
  expect(atCas.status).toBe(302);
  const back = atCas.headers.get('location') ?? '';
  const callback = await app.app.inject({
    method: 'GET',
    url: pathOf(back),
    cookies: { [SSO_FLOW_COOKIE]: flow ?? '' },
  });
  return { callback, ticket: new URL(back).searchParams.get('ticket') ?? '', flow: flow ?? '' };
}

async function sessionCount(app: TestApp, userId: number) {
  return (await app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe('CAS 3.0 sign-in', () => {
  it('lists CAS on the login page with its display name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sso/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      providers: [{ id: 'cas', name: 'CAS', login_url: '/api/sso/cas/login' }],
    });
  });

  it('validates the ticket at /p3/serviceValidate, signs the user in with a session cookie and follows next', async () => {
    const user = await createUser(t, orgId, { userNo: 'S3001', name: 'Chen Jing' });
    cas.signIn('S3001', { cn: 'Chen Jing (CAS)', mail: 'chen@cas.example.edu' });

    const { callback, ticket } = await signInThroughCas(t, '/courses/12?tab=outline');

    expect(callback.statusCode).toBe(302);
    expect(locationOf(callback)).toBe('/courses/12?tab=outline');
    expect(cas.validations.at(-1)).toEqual({ path: '/cas/p3/serviceValidate', service: SERVICE, ticket });
    const token = setCookieValue(callback, SESSION_COOKIE);
    expect(token).toBeTruthy();
    expect(callback.headers['set-cookie']).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=.*HttpOnly.*SameSite=Lax`, 'i')),
      ]),
    );
    expect(setCookieValue(callback, SSO_FLOW_COOKIE)).toBe('');
    const me = await currentUserWith(t, token ?? '');
    expect(me.status).toBe(200);
    // An existing account keeps the name Lectern has for it.
    expect(me.body).toMatchObject({ id: user.id, user_no: 'S3001', name: 'Chen Jing' });
  });

  it('sends a refused ticket back to the login page with the error and opens no session', async () => {
    const user = await createUser(t, orgId, { userNo: 'S3002' });
    const start = await t.app.inject({ method: 'GET', url: '/api/sso/cas/login' });
    const flow = setCookieValue(start, SSO_FLOW_COOKIE) ?? '';

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sso/cas/callback?ticket=ST-forged-by-someone',
      cookies: { [SSO_FLOW_COOKIE]: flow },
    });

    expect(res.statusCode).toBe(302);
    expect(locationOf(res)).toBe('/login?sso_error=sso_failed');
    expect(setCookieValue(res, SESSION_COOKIE)).toBeUndefined();
    expect(cas.validations.at(-1)?.ticket).toBe('ST-forged-by-someone');
    expect(await sessionCount(t, user.id)).toBe(0);
  });

  it('uses a ticket once: the same callback replayed opens no second session', async () => {
    const user = await createUser(t, orgId, { userNo: 'S3003' });
    cas.signIn('S3003');
    const first = await signInThroughCas(t);
    expect(setCookieValue(first.callback, SESSION_COOKIE)).toBeTruthy();
    const validationsBefore = cas.validations.length;

    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/sso/cas/callback?ticket=${encodeURIComponent(first.ticket)}`,
      cookies: { [SSO_FLOW_COOKIE]: first.flow },
    });

    expect(locationOf(replay)).toBe('/login?sso_error=sso_failed');
    expect(setCookieValue(replay, SESSION_COOKIE)).toBeUndefined();
    // Refused by Lectern itself, before asking CAS.
    expect(cas.validations.length).toBe(validationsBefore);
    expect(await sessionCount(t, user.id)).toBe(1);
  });

  it('refuses a callback the browser did not start here (login CSRF), without asking CAS', async () => {
    await createUser(t, orgId, { userNo: 'S3004' });
    const ticket = cas.issueTicket(SERVICE, 'S3004');
    const validationsBefore = cas.validations.length;

    const res = await t.app.inject({ method: 'GET', url: `/api/sso/cas/callback?ticket=${ticket}` });

    expect(locationOf(res)).toBe('/login?sso_error=sso_failed');
    expect(setCookieValue(res, SESSION_COOKIE)).toBeUndefined();
    expect(cas.validations.length).toBe(validationsBefore);
  });

  it('refuses a ticket CAS issued for another service', async () => {
    await createUser(t, orgId, { userNo: 'S3005' });
    const ticket = cas.issueTicket('https://evil.example/callback', 'S3005');
    const start = await t.app.inject({ method: 'GET', url: '/api/sso/cas/login' });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sso/cas/callback?ticket=${ticket}`,
      cookies: { [SSO_FLOW_COOKIE]: setCookieValue(start, SSO_FLOW_COOKIE) ?? '' },
    });

    expect(locationOf(res)).toBe('/login?sso_error=sso_failed');
    expect(setCookieValue(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('tells an unknown user that no account exists, without creating one', async () => {
    cas.signIn('S3999', { cn: 'Nobody Here' });

    const { callback } = await signInThroughCas(t, '/user/courses');

    expect(callback.statusCode).toBe(302);
    expect(locationOf(callback)).toBe('/login?sso_error=sso_unknown_user&next=%2Fuser%2Fcourses');
    expect(setCookieValue(callback, SESSION_COOKIE)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.userNo, 'S3999'))).toEqual([]);
  });

  it('refuses a deactivated account', async () => {
    await createUser(t, orgId, { userNo: 'S3006', active: false });
    cas.signIn('S3006');

    const { callback } = await signInThroughCas(t);

    expect(locationOf(callback)).toBe('/login?sso_error=sso_account_disabled');
    expect(setCookieValue(callback, SESSION_COOKIE)).toBeUndefined();
  });

  it.each(['//evil.example/phish', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores next=%s and lands on the course list instead',
    async (next) => {
      await createUser(t, orgId, { userNo: `S31${next.length}` });
      cas.signIn(`S31${next.length}`);

      const { callback } = await signInThroughCas(t, next);

      expect(callback.statusCode).toBe(302);
      expect(locationOf(callback)).toBe('/user/courses');
    },
  );

  it('ends the session a ticket opened when CAS posts a single-logout request', async () => {
    const user = await createUser(t, orgId, { userNo: 'S3007' });
    cas.signIn('S3007');
    const { callback, ticket } = await signInThroughCas(t);
    const token = setCookieValue(callback, SESSION_COOKIE) ?? '';
    const other = await createUser(t, orgId, { userNo: 'S3008' });
    cas.signIn('S3008');
    const otherToken = setCookieValue((await signInThroughCas(t)).callback, SESSION_COOKIE) ?? '';
    expect((await currentUserWith(t, token)).status).toBe(200);

    // From the CAS server: no cookie, no CSRF header, a form body.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sso/cas/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logoutRequest: cas.logoutRequest(ticket) }).toString(),
    });

    expect(res.statusCode).toBe(200);
    expect((await currentUserWith(t, token)).status).toBe(401);
    expect(await sessionCount(t, user.id)).toBe(0);
    // Someone else's session is untouched.
    expect((await currentUserWith(t, otherToken)).body).toMatchObject({ id: other.id });
  });

  it('answers a logout request for an unknown ticket without ending anything', async () => {
    const user = await createUser(t, orgId, { userNo: 'S3009' });
    cas.signIn('S3009');
    const token = setCookieValue((await signInThroughCas(t)).callback, SESSION_COOKIE) ?? '';

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sso/cas/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logoutRequest: cas.logoutRequest('ST-not-ours') }).toString(),
    });

    expect(res.statusCode).toBe(200);
    expect((await currentUserWith(t, token)).body).toMatchObject({ id: user.id });
  });

  it('keeps password sign-in working beside CAS', async () => {
    await createUser(t, orgId, { userNo: 'S3010' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'S3010', password: 'correct-horse-battery' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('CAS 2.0 sign-in', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({
      LECTERN_PUBLIC_URL: SSO_PUBLIC_URL,
      LECTERN_CAS_URL: `${cas.url}/`,
      LECTERN_CAS_VERSION: '2',
      LECTERN_CAS_DISPLAY_NAME: '统一身份认证',
    });
  });
  afterAll(async () => t2.close());

  it('validates at /serviceValidate and signs in the account named by the CAS user', async () => {
    const org = await createOrg(t2);
    const user = await createUser(t2, org.id, { userNo: 'T2001', name: 'Wang Fang' });
    cas.signIn('T2001', { cn: 'ignored by a CAS 2.0 server' });

    const { callback, ticket } = await signInThroughCas(t2);

    expect(locationOf(callback)).toBe('/user/courses');
    expect(cas.validations.at(-1)).toEqual({ path: '/cas/serviceValidate', service: SERVICE, ticket });
    const me = await currentUserWith(t2, setCookieValue(callback, SESSION_COOKIE) ?? '');
    expect(me.body).toMatchObject({ id: user.id, user_no: 'T2001', name: 'Wang Fang' });
    const providers = await t2.app.inject({ method: 'GET', url: '/api/sso/providers' });
    expect(providers.json()).toEqual({
      providers: [{ id: 'cas', name: '统一身份认证', login_url: '/api/sso/cas/login' }],
    });
  });
});

describe('CAS sign-in with accounts created on first sign-in', () => {
  let tj: TestApp;
  let jitOrgId: number;
  beforeAll(async () => {
    tj = await createTestApp({
      LECTERN_PUBLIC_URL: SSO_PUBLIC_URL,
      LECTERN_CAS_URL: cas.url,
      LECTERN_SSO_JIT: 'true',
      LECTERN_CAS_USER_NO_ATTRIBUTE: 'employeeNumber',
      LECTERN_CAS_NAME_ATTRIBUTE: 'displayName',
      LECTERN_CAS_EMAIL_ATTRIBUTE: 'email',
    });
    jitOrgId = (await createOrg(tj)).id;
  });
  afterAll(async () => tj.close());

  it('creates the account from the configured attributes, then reuses it', async () => {
    cas.signIn('lin.xiao', {
      employeeNumber: 'E7001',
      displayName: '林晓',
      email: 'Lin.Xiao@Example.edu',
      memberOf: ['staff', 'faculty'],
    });

    const first = await signInThroughCas(tj);

    expect(locationOf(first.callback)).toBe('/user/courses');
    const me = await currentUserWith(tj, setCookieValue(first.callback, SESSION_COOKIE) ?? '');
    expect(me.body).toMatchObject({ user_no: 'E7001', name: '林晓', email: 'lin.xiao@example.edu' });
    const created = await tj.db.select().from(users).where(eq(users.userNo, 'E7001'));
    expect(created).toMatchObject([{ orgId: jitOrgId, orgRole: 'member', active: true }]);

    const second = await signInThroughCas(tj);
    const again = await currentUserWith(tj, setCookieValue(second.callback, SESSION_COOKIE) ?? '');
    expect(again.body).toMatchObject({ id: created[0]?.id });
    expect(await tj.db.select().from(users).where(eq(users.userNo, 'E7001'))).toHaveLength(1);
  });

  it('refuses a CAS answer without the user number attribute', async () => {
    cas.signIn('no.number', { displayName: 'No Number' });

    const { callback } = await signInThroughCas(tj);

    expect(locationOf(callback)).toBe('/login?sso_error=sso_missing_identity');
    expect(await tj.db.select().from(users).where(eq(users.name, 'No Number'))).toEqual([]);
  });
});
