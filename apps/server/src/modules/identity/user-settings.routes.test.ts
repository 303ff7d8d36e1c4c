import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let me: Session;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t);
  me = await loginAs(t, await createUser(t, org.id));
});
afterAll(async () => t.close());

const put = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/user/settings', headers: me.headers, payload: payload as never });

describe('PUT /api/user/settings', () => {
  it('saves the time zone and phone, returned by GET /api/user', async () => {
    const res = await put({ time_zone: 'Asia/Shanghai', mobile_phone: '+8613800138000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ time_zone: 'Asia/Shanghai', mobile_phone: '+8613800138000' });
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: me.headers });
    expect(user.json()).toMatchObject({ time_zone: 'Asia/Shanghai', mobile_phone: '+8613800138000' });
  });

  it('refuses an unknown time zone with a field error and keeps the old one', async () => {
    const res = await put({ time_zone: 'Mars/Olympus_Mons' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.time_zone).toEqual(['This time zone is not known.']);
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: me.headers });
    expect(user.json().time_zone).toBe('Asia/Shanghai');
  });

  it('refuses a phone number with letters or of the wrong length', async () => {
    for (const mobile_phone of ['12345', '138-0013-8000', '+1234567890123456789012', 'abcdefg']) {
      const res = await put({ mobile_phone });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.mobile_phone).toHaveLength(1);
    }
  });

  it('clears the zone with null, leaving the phone as it was', async () => {
    const res = await put({ time_zone: null });
    expect(res.json()).toEqual({ time_zone: null, mobile_phone: '+8613800138000' });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      payload: { time_zone: 'UTC' },
    });
    expect(res.statusCode).toBe(401);
  });
});
