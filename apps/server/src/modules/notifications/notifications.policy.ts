import type { Actor } from '../../platform/http/request-context.ts';

/**
 * Notifications belong to their reader alone: nobody, an administrator included, lists or marks another
 * user's. Every read and write is scoped to the user this returns, so "not yours" reads as not found.
 * Marking read is allowed while simulating a student: it changes nothing in the simulated course.
 */
export function readerOf(actor: Actor): number {
  return actor.userId;
}
