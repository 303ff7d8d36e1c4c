import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Secrets of the meeting vendors' flows, keyed by the session secret: vendor tokens are stored
 * AES-256-GCM encrypted (so a database dump alone does not hand out anyone's Lark access), and the OAuth
 * `state` is signed for the user who started it (so a callback cannot bind someone else's account, nor
 * send the browser anywhere but back into Lectern).
 */
export function vendorSecrets(sessionSecret: string) {
  const key = createHash('sha256').update(`lectern:meeting-vendor-tokens:${sessionSecret}`).digest();
  const stateKey = createHash('sha256').update(`lectern:meeting-oauth-state:${sessionSecret}`).digest();
  const sign = (payload: string) => createHmac('sha256', stateKey).update(payload).digest('base64url');

  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
    },

    /** The plain text, or null when it was not encrypted under this secret (rotated: authorise again). */
    decrypt(sealed: string): string | null {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },

    /** An OAuth state for this user, coming back to `returnTo` (a path in Lectern), valid for 15 minutes. */
    signState(userId: number, returnTo: string, now = Date.now()): string {
      const payload = Buffer.from(
        JSON.stringify({ u: userId, r: safeReturnPath(returnTo), e: now + 15 * 60_000 }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The return path of a state this user started and that has not expired; null otherwise. */
    verifyState(state: string, userId: number, now = Date.now()): string | null {
      const [payload, signature] = state.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          u?: unknown;
          r?: unknown;
          e?: unknown;
        };
        if (parsed.u !== userId || typeof parsed.e !== 'number' || parsed.e < now) return null;
        return typeof parsed.r === 'string' ? safeReturnPath(parsed.r) : '/';
      } catch {
        return null;
      }
    },
  };
}

/**
 * A path inside this site to send the browser back to: the caller's location as the web app gives it
 * (`/courses/1/…?…#…`, or a full URL whose path is kept). Anything that could leave the site
 * (`//host`, `/\host`, other schemes) becomes `/`.
 */
export function safeReturnPath(location: string): string {
  let path = location.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      path = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return '/';
    }
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (/[\r\n]/.test(path)) return '/';
  return path.slice(0, 1500);
}
