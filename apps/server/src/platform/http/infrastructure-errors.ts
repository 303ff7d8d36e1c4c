import type { ErrorCode } from '@lectern/contracts/common/errors.schemas';

/**
 * Failures of what Lectern stands on rather than of the request: the database out of reach, the disk
 * full. They are answered with a code the client can act on (wait and retry; tell an administrator)
 * instead of `internal`, and never with a hang.
 */

/** Socket failures on the way to the database (node-postgres reports them with the errno code). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not taking work: class 08 (connection exception), and
 * admin_shutdown / crash_shutdown / cannot_connect_now (a restart in progress).
 */
const SERVER_GONE = /^(08...|57P01|57P02|57P03)$/;

/** node-postgres's own words when the socket closes under a query or a connection never comes. */
const CONNECTION_LOST =
  /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end/i;

/** Out of space: the upload disk (errno) or the database's own disk (SQLSTATE disk_full). */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** The error and its causes (Drizzle wraps the driver's error; streams wrap theirs). */
function chainOf(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let node: unknown = error;
  while (typeof node === 'object' && node !== null && chain.length < 8 && !chain.includes(node as never)) {
    chain.push(node as Record<string, unknown>);
    node = (node as { cause?: unknown }).cause;
  }
  return chain;
}

/** The code an infrastructure failure is answered with, or null for any other error. */
export function infrastructureErrorCode(error: unknown): ErrorCode | null {
  for (const node of chainOf(error)) {
    const code = typeof node.code === 'string' ? node.code : '';
    if (NO_SPACE.has(code)) return 'insufficient_storage';
    if (UNREACHABLE.has(code) || SERVER_GONE.test(code)) return 'service_unavailable';
    if (typeof node.message === 'string' && CONNECTION_LOST.test(node.message)) return 'service_unavailable';
  }
  return null;
}
