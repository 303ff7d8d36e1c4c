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
  const deciding = new Map<string, Promise<string>>();
  const keyOf = (actor: Actor, activityId: number, target: string) =>
    `${actor.userId}|${actor.orgRole}|${actor.simulatingCourseId ?? ''}|${activityId}|${target}`;
  return {
    /**
     * The granted folder: remembered, or decided by `decide` (which throws a refusal) and remembered.
     * Requests that miss together share one decision: when a grant runs out, a viewer's player has
     * several requests in flight, and a class watching on one account (a projector, the bench) many.
     */
    async resolve(
      actor: Actor,
      activityId: number,
      target: string,
      decide: () => Promise<string>,
    ): Promise<string> {
      const granted = this.get(actor, activityId, target);
      if (granted !== undefined) return granted;
      const key = keyOf(actor, activityId, target);
      let pending = deciding.get(key);
      if (!pending) {
        pending = decide()
          .then((dir) => {
            this.set(actor, activityId, target, dir);
            return dir;
          })
          .finally(() => deciding.delete(key));
        deciding.set(key, pending);
      }
      return pending;
    },

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
