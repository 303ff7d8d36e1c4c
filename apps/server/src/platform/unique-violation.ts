/**
 * Whether a database error (as thrown by either driver, possibly wrapped by drizzle as its `cause`) is a
 * unique violation of the named constraint or index. Lets a write lean on the index rather than lock,
 * check and write.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error || isRecord(current);) {
    const record = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (record.code === '23505' && record.constraint === constraint) return true;
    if (record.cause === undefined || record.cause === current) return false;
    current = record.cause;
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
