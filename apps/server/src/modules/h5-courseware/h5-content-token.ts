import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Who may load which package's files, until when: what a content address carries, signed. */
export type ContentGrant = { activityId: number; uploadId: number; userId: number; expiresAt: number };

/**
 * How long a content address works. The frame loads its files from an opaque origin, so no cookie
 * comes with them: the address itself is the credential, and a short life limits what a leaked one
 * (a shared link, a log line) gives away. An hour covers a lesson; reopening the page issues a new one.
 */
export const H5_CONTENT_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Signs and checks content tokens with a key derived from the session secret (never the secret itself). */
export function contentTokens(sessionSecret: string) {
  const key = createHash('sha256').update(`lectern:h5-content:${sessionSecret}`).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    sign(grant: ContentGrant): string {
      const payload = [grant.activityId, grant.uploadId, grant.userId, grant.expiresAt]
        .map((n) => n.toString(36))
        .join('.');
      return `${payload}.${mac(payload)}`;
    },

    /** The grant, 'expired' when it was genuine but is too old, or null when it is not ours. */
    verify(token: string, now: number = Date.now()): ContentGrant | 'expired' | null {
      const parts = token.split('.');
      if (parts.length !== 5) return null;
      const payload = parts.slice(0, 4).join('.');
      const given = Buffer.from(parts[4] as string);
      const expected = Buffer.from(mac(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [activityId, uploadId, userId, expiresAt] = parts.slice(0, 4).map((p) => parseInt(p, 36));
      if (
        [activityId, uploadId, userId, expiresAt].some((n) => n === undefined || !Number.isSafeInteger(n))
      ) {
        return null;
      }
      if ((expiresAt as number) <= now) return 'expired';
      return {
        activityId: activityId as number,
        uploadId: uploadId as number,
        userId: userId as number,
        expiresAt: expiresAt as number,
      };
    },
  };
}
