import { createHmac, timingSafeEqual } from 'node:crypto';
import { ROLLCALL_LIMITS } from '@lectern/contracts/rollcalls/rollcalls.schemas';

const WINDOW_MS = ROLLCALL_LIMITS.qrWindowSeconds * 1000;

export type QrToken = { data: string; expiresAt: Date };

/**
 * QR roll-call tokens: an HMAC of the roll call and the current time window under a key derived from the
 * server secret. Nothing is stored; a photo of the projector passed round stops working a window later.
 */
export function rollcallQrTokens(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('lectern:rollcall-qr').digest();
  const mac = (rollcallId: number, window: number) =>
    createHmac('sha256', key).update(`${rollcallId}:${window}`).digest('base64url').slice(0, 22);

  return {
    issue(rollcallId: number, now: Date = new Date()): QrToken {
      const window = Math.floor(now.getTime() / WINDOW_MS);
      return {
        data: `${rollcallId}.${window}.${mac(rollcallId, window)}`,
        expiresAt: new Date((window + 1) * WINDOW_MS),
      };
    },

    /**
     * Whether `data` is a token of this roll call from the current window or the one before (a scan
     * made just as the code turned over still counts).
     */
    verify(rollcallId: number, data: string, now: Date = new Date()): boolean {
      const [id, windowText, given] = data.trim().split('.');
      if (Number(id) !== rollcallId || !windowText || !given || !/^\d+$/.test(windowText)) return false;
      const window = Number(windowText);
      const current = Math.floor(now.getTime() / WINDOW_MS);
      if (window !== current && window !== current - 1) return false;
      const expected = Buffer.from(mac(rollcallId, window));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
