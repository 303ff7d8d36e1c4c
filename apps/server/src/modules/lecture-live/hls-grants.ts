import type { Actor } from '../../platform/http/request-context.ts';

/** How long a viewer's right to an HLS folder is trusted without asking the database again. */
export const HLS_GRANT_MS = 5_000;
const MAX_GRANTS = 20_000;

/**
 * Remembers, for a few seconds, that an actor may read one lecture's live or replay folder. A player asks
 * for the playlist and a segment every two seconds, so a thousand viewers would otherwise cost the
 * database the same access check thousands of times a second (issue 16: live HLS within 80% of a static
 * file server). Only grants are kept, never refusals, and the key holds everything the decision reads
 * from the actor (user, organisation role, simulated course): someone removed from the course, or a
 * replay deleted, stops being served within HLS_GRANT_MS.
 */
export function hlsGrants(now: () => number = Date.now) {
  const grants = new Map<string, { dir: string; expires: number }>();
  const keyOf = (actor: Actor, activityId: number, target: string) =>
    `${actor.userId}|${actor.orgRole}|${actor.simulatingCourseId ?? ''}|${activityId}|${target}`;
  return {
    get(actor: Actor, activityId: number, target: string): string | undefined {
      const key = keyOf(actor, activityId, target);
      const grant = grants.get(key);
      if (!grant) return undefined;
      if (grant.expires > now()) return grant.dir;
      grants.delete(key);
      return undefined;
    },
    set(actor: Actor, activityId: number, target: string, dir: string): void {
      if (grants.size >= MAX_GRANTS) {
        const at = now();
        for (const [key, grant] of grants) if (grant.expires <= at) grants.delete(key);
        if (grants.size >= MAX_GRANTS) grants.clear();
      }
      grants.set(keyOf(actor, activityId, target), { dir, expires: now() + HLS_GRANT_MS });
    },
  };
}
