import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { describe } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { loginThrottleCases } from './login-throttle.cases.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

// Skipped where no Redis answers; each app gets its own key prefix, so runs never see each other.
describe.skipIf(!(await reachable(REDIS_URL)))('login throttle (Redis counters)', () => {
  loginThrottleCases((env) =>
    createTestApp({ ...env, REDIS_URL, REDIS_KEY_PREFIX: `lectern-test:${randomUUID()}:` }),
  );
});
