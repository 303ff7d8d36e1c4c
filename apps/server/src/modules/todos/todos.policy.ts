import type { Actor } from '../../platform/http/request-context.ts';

/**
 * A to-do list is the caller's own: only courses where they hold the student role contribute, and nobody
 * reads another user's. Viewing a course as a student does not change it (it lists real memberships).
 */
export function learnerOf(actor: Actor): number {
  return actor.userId;
}
