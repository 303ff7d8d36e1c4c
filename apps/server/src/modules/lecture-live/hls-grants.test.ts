import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/http/request-context.ts';
import { HLS_GRANT_MS, hlsGrants } from './hls-grants.ts';

const actor = (overrides: Partial<Actor> = {}): Actor => ({
  userId: 7,
  orgId: 1,
  orgRole: 'member',
  sessionId: 's',
  simulatingCourseId: null,
  locale: 'en-US',
  ...overrides,
});

describe('HLS grants', () => {
  it('remembers a grant for a few seconds, then asks again', () => {
    let clock = 1_000;
    const grants = hlsGrants(() => clock);
    grants.set(actor(), 40, 'live', '/data/live/40/live');
    expect(grants.get(actor(), 40, 'live')).toBe('/data/live/40/live');
    clock += HLS_GRANT_MS - 1;
    expect(grants.get(actor(), 40, 'live')).toBe('/data/live/40/live');
    clock += 1;
    expect(grants.get(actor(), 40, 'live')).toBeUndefined();
  });

  it('is never shared with another user, role, simulation, activity or folder', () => {
    const grants = hlsGrants(() => 0);
    grants.set(actor(), 40, 'live', '/data/live/40/live');
    expect(grants.get(actor({ userId: 8 }), 40, 'live')).toBeUndefined();
    expect(grants.get(actor({ orgRole: 'admin' }), 40, 'live')).toBeUndefined();
    // An instructor simulating a student is judged as the student, afresh.
    expect(grants.get(actor({ simulatingCourseId: 3 }), 40, 'live')).toBeUndefined();
    expect(grants.get(actor(), 41, 'live')).toBeUndefined();
    expect(grants.get(actor(), 40, 'replay-1')).toBeUndefined();
  });

  it('decides once for requests that miss together, and never remembers a refusal', async () => {
    let clock = 0;
    const grants = hlsGrants(() => clock);
    let decisions = 0;
    let release = () => {};
    const decide = () => {
      decisions += 1;
      return new Promise<string>((resolve) => {
        release = () => resolve('/data/live/40/live');
      });
    };
    const together = [1, 2, 3].map(() => grants.resolve(actor(), 40, 'live', decide));
    release();
    expect(await Promise.all(together)).toEqual(Array(3).fill('/data/live/40/live'));
    expect(decisions).toBe(1);
    expect(await grants.resolve(actor(), 40, 'live', decide)).toBe('/data/live/40/live');
    expect(decisions).toBe(1);
    const refuse = () => {
      decisions += 1;
      return Promise.reject(new Error('forbidden'));
    };
    await expect(grants.resolve(actor({ userId: 9 }), 40, 'live', refuse)).rejects.toThrow('forbidden');
    await expect(grants.resolve(actor({ userId: 9 }), 40, 'live', refuse)).rejects.toThrow('forbidden');
    expect(decisions).toBe(3);
    clock += HLS_GRANT_MS;
    const again = grants.resolve(actor(), 40, 'live', decide);
    release();
    await again;
    expect(decisions).toBe(4);
  });
});
