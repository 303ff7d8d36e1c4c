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
});
