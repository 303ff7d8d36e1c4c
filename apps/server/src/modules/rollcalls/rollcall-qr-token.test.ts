import { describe, expect, it } from 'vitest';
import { ROLLCALL_LIMITS } from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { rollcallQrTokens } from './rollcall-qr-token.ts';

const WINDOW = ROLLCALL_LIMITS.qrWindowSeconds * 1000;
const tokens = rollcallQrTokens('s'.repeat(64));

describe('rollcall QR tokens', () => {
  const t0 = new Date(1_800_000_000_000);

  it('accepts the current window and the one before, and nothing older', () => {
    const { data, expiresAt } = tokens.issue(7, t0);
    expect(expiresAt.getTime()).toBeGreaterThan(t0.getTime());
    expect(expiresAt.getTime() - t0.getTime()).toBeLessThanOrEqual(WINDOW);
    expect(tokens.verify(7, data, t0)).toBe(true);
    expect(tokens.verify(7, data, new Date(t0.getTime() + WINDOW))).toBe(true);
    expect(tokens.verify(7, data, new Date(t0.getTime() + 2 * WINDOW))).toBe(false);
  });

  it('rotates, and refuses tokens of another roll call, another secret or tampered', () => {
    const now = tokens.issue(7, t0).data;
    expect(tokens.issue(7, new Date(t0.getTime() + WINDOW)).data).not.toBe(now);
    expect(tokens.verify(8, now, t0)).toBe(false);
    expect(rollcallQrTokens('t'.repeat(64)).verify(7, now, t0)).toBe(false);
    const [id, window, mac] = now.split('.');
    expect(tokens.verify(7, `${id}.${Number(window) + 1}.${mac}`, t0)).toBe(false);
    expect(tokens.verify(7, `${id}.${window}.${mac?.slice(1)}x`, t0)).toBe(false);
    expect(tokens.verify(7, 'garbage', t0)).toBe(false);
  });
});
