import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity.ts';
import { createOrg, createUser } from '../../test/factories.ts';
import { startOidcProvider, type OidcProviderFake } from '../../test/oidc-provider.fake.ts';
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

const REDIRECT_URI = `${SSO_PUBLIC_URL}/api/sso/oidc/callback`;

let idp: OidcProviderFake;
let t: TestApp;
let orgId: number;

beforeAll(async () => {
  idp = await startOidcProvider(REDIRECT_URI);
  t = await createTestApp({
    LECTERN_PUBLIC_URL: SSO_PUBLIC_URL,
    LECTERN_OIDC_ISSUER: idp.issuer,
    LECTERN_OIDC_CLIENT_ID: idp.clientId,
    LECTERN_OIDC_CLIENT_SECRET: idp.clientSecret,
    LECTERN_OIDC_DISPLAY_NAME: 'University ID',
  });
  orgId = (await createOrg(t)).id;
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Lectern's redirect to the provider, the provider by real HTTP, and back to Lectern's callback URL. */
async function throughProvider(app: TestApp, next?: string) {
  const start = await app.app.inject({
    method: 'GET',
    url: '/api/sso/oidc/login',
    query: next === undefined ? {} : { next },
  });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(locationOf(start));
  const flow = setCookieValue(start, SSO_FLOW_COOKIE) ?? '';
  const callbackUrl = await idp.browse(authorize.toString(), SSO_PUBLIC_URL);
  return { authorize, flow, callbackUrl };
}

describe('OpenID Connect sign-in', () => {
  it('lists the provider for the login page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sso/providers' });
    expect(res.json()).toEqual({
      providers: [{ id: 'oidc', name: 'University ID', login_url: '/api/sso/oidc/login' }],
    });
  });

  it('runs the authorization code flow with PKCE and signs in the account named by preferred_username', async () => {
    const user = await createUser(t, orgId, { userNo: 'S5001', name: 'Zhao Lei' });
    idp.signInAs('idp-5001', { preferred_username: 'S5001', name: 'Zhao Lei', email: 'zhao@idp.example' });

    const { authorize, flow, callbackUrl } = await throughProvider(t, '/courses/3');

    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    // State and verifier live only in the signed cookie, never in what the provider is shown.
    expect(flow).not.toContain(authorize.searchParams.get('code_challenge'));

    const callback = await t.app.inject({
      method: 'GET',
      url: pathOf(callbackUrl),
      cookies: { [SSO_FLOW_COOKIE]: flow },
    });

    expect(callback.statusCode).toBe(302);
    expect(locationOf(callback)).toBe('/courses/3');
    const me = await currentUserWith(t, setCookieValue(callback, SESSION_COOKIE) ?? '');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, user_no: 'S5001' });
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    // The account exists: only the state stands between this callback and a session.
    await createUser(t, orgId, { userNo: 'S5002' });
    idp.signInAs('idp-5002', { preferred_username: 'S5002' });
    const { callbackUrl } = await throughProvider(t);
    // The browser holds the flow of a sign-in it started later (another tab): its state differs.
    const later = await t.app.inject({ method: 'GET', url: '/api/sso/oidc/login' });
    const otherFlow = setCookieValue(later, SSO_FLOW_COOKIE) ?? '';

    const callback = await t.app.inject({
      method: 'GET',
      url: pathOf(callbackUrl),
      cookies: { [SSO_FLOW_COOKIE]: otherFlow },
    });

    expect(locationOf(callback)).toBe('/login?sso_error=sso_failed');
    expect(setCookieValue(callback, SESSION_COOKIE)).toBeUndefined();
    const stillAnonymous = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(stillAnonymous.statusCode).toBe(401);
  });

  it('refuses a callback without the flow cookie (a code pushed into someone else`s browser)', async () => {
    await createUser(t, orgId, { userNo: 'S5003' });
    idp.signInAs('idp-5003', { preferred_username: 'S5003' });
    const { callbackUrl } = await throughProvider(t);

    const callback = await t.app.inject({ method: 'GET', url: pathOf(callbackUrl) });

    expect(locationOf(callback)).toBe('/login?sso_error=sso_failed');
    expect(setCookieValue(callback, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a tampered flow cookie', async () => {
    await createUser(t, orgId, { userNo: 'S5004' });
    idp.signInAs('idp-5004', { preferred_username: 'S5004' });
    const { callbackUrl, flow } = await throughProvider(t);
    const [payload = '', mac = ''] = flow.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...decoded, next: '/admin/users' })).toString('base64url');

    const callback = await t.app.inject({
      method: 'GET',
      url: pathOf(callbackUrl),
      cookies: { [SSO_FLOW_COOKIE]: `${forged}.${mac}` },
    });

    expect(locationOf(callback)).toBe('/login?sso_error=sso_failed');
  });

  it('ignores a next that leaves the site', async () => {
    await createUser(t, orgId, { userNo: 'S5005' });
    idp.signInAs('idp-5005', { preferred_username: 'S5005' });
    const { callbackUrl, flow } = await throughProvider(t, 'https://evil.example/');

    const callback = await t.app.inject({
      method: 'GET',
      url: pathOf(callbackUrl),
      cookies: { [SSO_FLOW_COOKIE]: flow },
    });

    expect(locationOf(callback)).toBe('/user/courses');
    expect(setCookieValue(callback, SESSION_COOKIE)).toBeTruthy();
  });

  it('tells an unknown user that no account exists when accounts are not created on first sign-in', async () => {
    idp.signInAs('idp-5999', { preferred_username: 'S5999', name: 'Stranger' });
    const { callbackUrl, flow } = await throughProvider(t);

    const callback = await t.app.inject({
      method: 'GET',
      url: pathOf(callbackUrl),
      cookies: { [SSO_FLOW_COOKIE]: flow },
    });

    expect(locationOf(callback)).toBe('/login?sso_error=sso_unknown_user');
    expect(await t.db.select().from(users).where(eq(users.userNo, 'S5999'))).toEqual([]);
  });
});

describe('OpenID Connect sign-in with a configured claim and accounts created on first sign-in', () => {
  let tj: TestApp;
  beforeAll(async () => {
    tj = await createTestApp({
      LECTERN_PUBLIC_URL: SSO_PUBLIC_URL,
      LECTERN_OIDC_ISSUER: idp.issuer,
      LECTERN_OIDC_CLIENT_ID: idp.clientId,
      LECTERN_OIDC_CLIENT_SECRET: idp.clientSecret,
      LECTERN_OIDC_USER_NO_CLAIM: 'student_number',
      LECTERN_SSO_JIT: 'true',
    });
    await createOrg(tj);
  });
  afterAll(async () => tj.close());

  it('creates the account from the claims on first sign-in', async () => {
    idp.signInAs('idp-6001', {
      preferred_username: 'he.min',
      student_number: '2026006001',
      name: '何敏',
      email: 'he.min@idp.example',
    });
    const { callbackUrl, flow } = await throughProvider(tj);

    const callback = await tj.app.inject({
      method: 'GET',
      url: pathOf(callbackUrl),
      cookies: { [SSO_FLOW_COOKIE]: flow },
    });

    expect(locationOf(callback)).toBe('/user/courses');
    const me = await currentUserWith(tj, setCookieValue(callback, SESSION_COOKIE) ?? '');
    expect(me.body).toMatchObject({ user_no: '2026006001', name: '何敏', email: 'he.min@idp.example' });
  });
});

describe('OpenID Connect sign-in while the provider is down', () => {
  let td: TestApp;
  beforeAll(async () => {
    // A port nothing listens on any more.
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const { port } = gone.address() as AddressInfo;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    td = await createTestApp({
      LECTERN_PUBLIC_URL: SSO_PUBLIC_URL,
      LECTERN_OIDC_ISSUER: `http://127.0.0.1:${port}`,
      LECTERN_OIDC_CLIENT_ID: 'lectern',
    });
  });
  afterAll(async () => td.close());

  it('sends the browser back to the login page saying the provider is unavailable, not a 500', async () => {
    const res = await td.app.inject({
      method: 'GET',
      url: '/api/sso/oidc/login',
      query: { next: '/courses/1' },
    });

    expect(res.statusCode).toBe(302);
    expect(locationOf(res)).toBe('/login?sso_error=sso_unavailable&next=%2Fcourses%2F1');
    expect(setCookieValue(res, SSO_FLOW_COOKIE)).toBeUndefined();
  });
});
