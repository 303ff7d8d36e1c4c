import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const env = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/lectern-config-test' };

describe('configuration', () => {
  it('holds a whole class connecting at once: 4,096 waiting connections unless LISTEN_BACKLOG says otherwise', () => {
    // Node's own default (511) dropped the exam storm's connection attempts (issue 12).
    expect(loadConfig(env).listenBacklog).toBe(4096);
    expect(loadConfig({ ...env, LISTEN_BACKLOG: '16384' }).listenBacklog).toBe(16384);
    for (const bad of ['0', '-1', '1.5', 'many', '70000']) {
      expect(() => loadConfig({ ...env, LISTEN_BACKLOG: bad })).toThrow(/LISTEN_BACKLOG/);
    }
  });
});
