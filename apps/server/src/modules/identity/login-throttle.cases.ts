// The login throttle's behaviour, run once per counter store: the database (login-throttle.routes.test.ts)
// and Redis (login-throttle.redis.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';

type Env = Partial<Record<string, string>>;

/** `createApp` is the test file's createTestApp with its counter store's settings. */
export function loginThrottleCases(createApp: (env: Env) => Promise<TestApp>): void {
  const apps: TestApp[] = [];
  const appWith = async (env: Env) => {
    const t = await createApp({ TRUST_PROXY: '127.0.0.1', ...env });
    apps.push(t);
    return { t, orgId: (await createOrg(t)).id };
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  const attempt = (
    t: TestApp,
    login: string,
    password: string,
    options: { from?: string; locale?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login, password },
      headers: {
        'accept-language': options.locale ?? 'en-US',
        ...(options.from ? { 'x-forwarded-for': options.from } : {}),
      },
    });

  describe('a lecture hall behind one address', () => {
    let t: TestApp;
    let orgId: number;
    beforeAll(async () => {
      ({ t, orgId } = await appWith({}));
    });

    it('signs in 50 students from one address within seconds, every one of them', async () => {
      const students = await Promise.all(
        Array.from({ length: 50 }, (_, i) => createUser(t, orgId, { userNo: `hall-${i}` })),
      );
      const answers = await Promise.all(
        students.map((s) => attempt(t, s.userNo, TEST_PASSWORD, { from: '198.51.100.1' })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(students.map(() => 200));
    });
  });

  describe('per account', () => {
    let t: TestApp;
    let orgId: number;
    beforeAll(async () => {
      // Two free failures, locked by the third for 3 s.
      ({ t, orgId } = await appWith({
        LOGIN_ACCOUNT_FREE_FAILURES: '2',
        LOGIN_ACCOUNT_LOCK_FAILURES: '3',
        LOGIN_ACCOUNT_LOCK_MINUTES: '0.05',
      }));
    });

    it('locks the account at the third failure, refuses even its right password, and unlocks after the lock', async () => {
      const ann = await createUser(t, orgId, { userNo: 'lock-ann' });
      const bob = await createUser(t, orgId, { userNo: 'lock-bob' });
      expect((await attempt(t, ann.userNo, 'wrong-1')).statusCode).toBe(401);
      expect((await attempt(t, ann.userNo, 'wrong-2')).statusCode).toBe(401);
      const locking = await attempt(t, ann.userNo, 'wrong-3');
      expect(locking.statusCode).toBe(429);
      expect(locking.json()).toMatchObject({
        code: 'account_locked',
        message: 'Too many failed sign-ins for this account. Try again in 3 s.',
      });
      expect(locking.headers['retry-after']).toBe('3');

      const right = await attempt(t, ann.userNo, TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json().code).toBe('account_locked');
      // Someone else at the same address is not affected.
      expect((await attempt(t, bob.userNo, TEST_PASSWORD)).statusCode).toBe(200);

      await new Promise((resolve) => setTimeout(resolve, 3_200));
      expect((await attempt(t, ann.userNo, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('locks an account whatever address the guesses come from, by user number or e-mail', async () => {
      const cid = await createUser(t, orgId, { userNo: 'lock-cid', email: 'cid@example.edu' });
      await attempt(t, cid.userNo, 'wrong', { from: '203.0.113.1' });
      await attempt(t, 'CID@example.edu', 'wrong', { from: '203.0.113.2' });
      const third = await attempt(t, cid.userNo, 'wrong', { from: '203.0.113.3' });
      expect(third.json().code).toBe('account_locked');
    });

    it('forgets failures once the account signs in', async () => {
      const dee = await createUser(t, orgId, { userNo: 'lock-dee' });
      await attempt(t, dee.userNo, 'wrong');
      await attempt(t, dee.userNo, 'wrong');
      expect((await attempt(t, dee.userNo, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await attempt(t, dee.userNo, 'wrong')).statusCode).toBe(401);
      expect((await attempt(t, dee.userNo, 'wrong')).statusCode).toBe(401);
    });

    it('gives parallel guesses no more tries than patient ones', async () => {
      const eve = await createUser(t, orgId, { userNo: 'lock-eve' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          attempt(t, eve.userNo, `guess-${i}`, { from: `203.0.113.${i}` }),
        ),
      );
      // Two free failures and the third that locks: the other 17 are refused before any hashing.
      expect(answers.filter((a) => a.statusCode === 401).length).toBe(2);
      expect(answers.filter((a) => a.json().code === 'account_locked').length).toBe(18);
    });

    it('locks an unknown login name exactly like a real one, with the same answers', async () => {
      const fay = await createUser(t, orgId, { userNo: 'lock-fay' });
      // The seconds left may differ by one between two answers a moment apart; nothing else may.
      const shape = (a: Awaited<ReturnType<typeof attempt>>) => {
        const { code, message, errors } = a.json() as { code: string; message: string; errors: unknown };
        return { status: a.statusCode, code, errors, message: message.replace(/\d+/g, 'N') };
      };
      for (let i = 0; i < 4; i += 1) {
        const real = await attempt(t, fay.userNo, 'wrong');
        const unknown = await attempt(t, 'nobody-at-all', 'wrong');
        expect(shape(unknown)).toEqual(shape(real));
        expect(shape(real).status).toBe(i < 2 ? 401 : 429);
        const wait = (a: typeof real) => Number(a.headers['retry-after'] ?? 0);
        expect(Math.abs(wait(unknown) - wait(real))).toBeLessThanOrEqual(1);
      }
    });

    it('says so in zh-CN, zh-TW and en-US', async () => {
      const gus = await createUser(t, orgId, { userNo: 'lock-gus' });
      for (let i = 0; i < 3; i += 1) await attempt(t, gus.userNo, 'wrong');
      const messages = await Promise.all(
        ['zh-CN', 'zh-TW', 'en-US'].map(
          async (locale) => (await attempt(t, gus.userNo, TEST_PASSWORD, { locale })).json().message,
        ),
      );
      expect(messages).toEqual([
        expect.stringMatching(/^该账号登录失败次数过多，请 [1-3] 秒后再试$/),
        expect.stringMatching(/^該帳號登入失敗次數過多，請 [1-3] 秒後再試$/),
        expect.stringMatching(/^Too many failed sign-ins for this account\. Try again in [1-3] s\.$/),
      ]);
    });
  });

  describe('progressive delay and a long lock', () => {
    let t: TestApp;
    let orgId: number;
    beforeAll(async () => {
      ({ t, orgId } = await appWith({ LOGIN_ACCOUNT_FREE_FAILURES: '1', LOGIN_ACCOUNT_LOCK_FAILURES: '3' }));
    });

    it('makes the next try wait 2 s after the free failures, then locks for 15 minutes', async () => {
      const hal = await createUser(t, orgId, { userNo: 'delay-hal' });
      expect((await attempt(t, hal.userNo, 'wrong')).statusCode).toBe(401);
      expect((await attempt(t, hal.userNo, 'wrong')).statusCode).toBe(401);
      const tooSoon = await attempt(t, hal.userNo, TEST_PASSWORD, { locale: 'zh-CN' });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toMatchObject({
        code: 'account_locked',
        message: '该账号登录失败次数过多，请 2 秒后再试',
      });
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const locking = await attempt(t, hal.userNo, 'wrong', { locale: 'zh-TW' });
      expect(locking.statusCode).toBe(429);
      expect(locking.headers['retry-after']).toBe('900');
      expect(locking.json().message).toBe('該帳號登入失敗次數過多，已被暫時鎖定，請 15 分鐘後再試');
      const later = await attempt(t, hal.userNo, TEST_PASSWORD);
      expect(later.json().message).toBe(
        'Too many failed sign-ins for this account. It is locked; try again in 15 min.',
      );
    });
  });

  describe('per address, across accounts', () => {
    let t: TestApp;
    let orgId: number;
    beforeAll(async () => {
      ({ t, orgId } = await appWith({ LOGIN_ADDRESS_FAILURES: '5' }));
    });

    it('stops credential stuffing from one address, but not correct passwords from elsewhere', async () => {
      const victims = await Promise.all(
        Array.from({ length: 7 }, (_, i) => createUser(t, orgId, { userNo: `stuff-${i}` })),
      );
      const [last] = victims.splice(6);
      const codes: number[] = [];
      for (const v of victims) {
        codes.push((await attempt(t, v.userNo, 'leaked-elsewhere', { from: '192.0.2.66' })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      const refused = await attempt(t, last?.userNo ?? '', TEST_PASSWORD, { from: '192.0.2.66' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'login_throttled',
        message: 'Too many failed sign-ins from your network. Try again in 15 min.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect((await attempt(t, last?.userNo ?? '', TEST_PASSWORD, { from: '192.0.2.67' })).statusCode).toBe(
        200,
      );
    });

    it("lets a class's typos through: each student signed in from the address buys it one more failure", async () => {
      const students = await Promise.all(
        Array.from({ length: 8 }, (_, i) => createUser(t, orgId, { userNo: `typo-${i}` })),
      );
      for (const s of students) {
        expect((await attempt(t, s.userNo, TEST_PASSWORD, { from: '198.51.100.9' })).statusCode).toBe(200);
      }
      // 5 failures of its own plus 8 bought by the class; then no more from this address.
      const codes: number[] = [];
      for (let i = 0; i < 14; i += 1) {
        const login = students[i % students.length]?.userNo ?? '';
        codes.push((await attempt(t, login, 'typo', { from: '198.51.100.9' })).statusCode);
      }
      expect(codes).toEqual([...Array.from({ length: 13 }, () => 401), 429]);
    });

    it('earns one credit per account, however often that account signs in', async () => {
      const ivy = await createUser(t, orgId, { userNo: 'credit-ivy' });
      for (let i = 0; i < 6; i += 1) {
        expect((await attempt(t, ivy.userNo, TEST_PASSWORD, { from: '198.51.100.10' })).statusCode).toBe(200);
      }
      const codes: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        codes.push((await attempt(t, `nobody-${i}`, 'guess', { from: '198.51.100.10' })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
    });

    it('gives a parallel burst of guesses from one address no more tries than the limit', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => attempt(t, `burst-${i}`, 'guess', { from: '192.0.2.99' })),
      );
      expect(answers.filter((a) => a.statusCode === 401).length).toBe(5);
      expect(answers.filter((a) => a.json().code === 'login_throttled').length).toBe(25);
    });

    it('checks at most LOGIN_ADDRESS_IN_FLIGHT passwords from one address at once', async () => {
      const busy = await appWith({ LOGIN_ADDRESS_IN_FLIGHT: '3' });
      const crowd = await Promise.all(
        Array.from({ length: 12 }, (_, i) => createUser(busy.t, busy.orgId, { userNo: `crowd-${i}` })),
      );
      const answers = await Promise.all(crowd.map((s) => attempt(busy.t, s.userNo, TEST_PASSWORD)));
      const [refused] = answers.filter((a) => a.statusCode === 429);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(3);
      expect(refused?.json()).toMatchObject({
        code: 'login_throttled',
        message: 'Too many sign-ins from your network at once. Please try again in a moment.',
      });
      expect(refused?.headers['retry-after']).toBe('1');
      // Nothing stays pending once they are answered.
      const again = await Promise.all(crowd.slice(0, 3).map((s) => attempt(busy.t, s.userNo, TEST_PASSWORD)));
      expect(again.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    });

    it('takes the address from X-Forwarded-For only from a trusted proxy', async () => {
      const direct = await appWith({ LOGIN_ADDRESS_FAILURES: '2', TRUST_PROXY: 'false' });
      const codes: number[] = [];
      for (let i = 1; i <= 3; i += 1) {
        codes.push((await attempt(direct.t, `nobody-${i}`, 'guess', { from: `203.0.113.${i}` })).statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
    });
  });
}
