import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../platform/database.ts';
import { conflict } from '../../platform/errors.ts';
import { vendorLinksRepository, type VendorName } from './vendor-links.repository.ts';

/** A request that died mid-way holds its key this long at most (the vendors time out after 10 s). */
const PENDING_TTL_MS = 2 * 60_000;
/** A finished request answers the same request again for this long: double clicks and client retries. */
const DONE_KEEP_MS = 60_000;
/** How long a duplicate waits for the first request's answer before it is told to try again. */
const WAIT_MS = 30_000;
const POLL_MS = 100;

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The two ways Lectern keeps a vendor from being asked twice for the same meeting.
 *
 * - `once`: a request that creates activities and their vendor meeting together (several Tencent courses
 *   at once, a calendar meeting) is keyed by its caller and content. The first runs; an identical one
 *   meanwhile waits for its answer, and one within a minute after gets the same answer, so a double click
 *   or a client's retry makes one meeting and one set of activities.
 * - `claim`: the meeting of an existing activity is made only by the request that claimed the activity
 *   (meeting_vendor_links row in state `creating`); any other is refused until the claim is released
 *   (the vendor refused) or recorded as the made meeting.
 *
 * Both are rows claimed with one INSERT … ON CONFLICT, so they hold across processes on PostgreSQL and no
 * transaction stays open while the vendor is asked (the embedded database runs one at a time).
 */
export function vendorRequestGuard(db: Database) {
  const links = vendorLinksRepository(db);

  return {
    async once<T extends Record<string, unknown>>(
      userId: number,
      route: string,
      input: unknown,
      run: () => Promise<T>,
    ): Promise<T> {
      const key = createHash('sha256')
        .update(JSON.stringify([route, userId, canonical(input)]))
        .digest('hex');
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const claim = await links.claimRequest(key, userId, PENDING_TTL_MS);
        if (claim?.mine) {
          let result: T;
          try {
            result = await run();
          } catch (error) {
            // Refused (by Lectern's checks or the vendor): nothing was made, so a retry runs afresh.
            await links.releaseRequest(key);
            throw error;
          }
          await links.finishRequest(key, result, DONE_KEEP_MS);
          return result;
        }
        if (claim?.state === 'done' && claim.response) return claim.response as T;
        if (Date.now() > deadline) throw conflict('meetings.vendorRequestPending');
        await sleep(POLL_MS);
      }
    },

    /** Claims the activity's vendor meeting for this request; refused while another holds or made it. */
    async claim(activityId: number, vendor: VendorName, ownerId: number): Promise<void> {
      const claimed = await links.claim({ activityId, vendor, ownerId, ttlMs: PENDING_TTL_MS });
      if (claimed) return;
      const link = await links.find(activityId);
      throw conflict(
        link?.state === 'creating' ? 'meetings.vendorRequestPending' : 'meetings.vendorMeetingExists',
      );
    },

    release: (activityId: number) => links.release(activityId),
  };
}
