import pino from 'pino';

/**
 * What a failed query may say in a log line: the statement and PostgreSQL's error code and the names of
 * what it hit, never the values that were bound to it. Drizzle's error message carries every parameter
 * ("params: <argon2 hash>,<name>,<phone>,…"), and PostgreSQL's own `detail` repeats the offending value
 * ("Key (email)=(…) already exists"), so both are left out.
 */
export type SafeDatabaseError = {
  type: string;
  message: string;
  code: string | null;
  statement: string | null;
  constraint?: string;
  table?: string;
  column?: string;
  /** PostgreSQL's message, with any quoted bound value taken out. */
  reason?: string;
  stack: string;
};

type Node = Record<string, unknown> & { name?: unknown; message?: unknown; stack?: unknown };

const SQLSTATE = /^[0-9A-Z]{5}$/;
const REDACTED = '[redacted]';

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** A driver error from PostgreSQL (node-postgres) or PGlite: both carry a SQLSTATE and a severity. */
function isDriverError(node: Node): boolean {
  return typeof node.code === 'string' && SQLSTATE.test(node.code) && 'severity' in node;
}

/** Drizzle's wrapper: the statement, its parameters, and the driver's error as the cause. */
function isQueryError(node: Node): node is Node & { query: string; params: unknown[] } {
  return typeof node.query === 'string' && Array.isArray(node.params);
}

function chainOf(error: unknown): Node[] {
  const chain: Node[] = [];
  let current: unknown = error;
  while (isObject(current) && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/**
 * PostgreSQL quotes the value it could not take (`invalid input syntax for type integer: "…"`). Quoted
 * segments that hold a bound value go; so does any longer bound value appearing unquoted.
 */
function redact(message: string, params: readonly unknown[]): string {
  const values = params.map(valueText).filter((text): text is string => text !== null && text !== '');
  let out = message.replace(/"((?:[^"\\]|\\.)*)"/g, (whole, inner: string) =>
    values.some((value) => inner.includes(value) || value.includes(inner)) && inner !== ''
      ? `"${REDACTED}"`
      : whole,
  );
  for (const value of values) {
    if (value.length >= 6) out = out.split(value).join(REDACTED);
  }
  return out;
}

/** The frames of a stack, without its first line (which repeats the message, parameters and all). */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * A database error made safe to log, or null when `error` is none (nor wraps one). Also what to store
 * where a failure is kept as text (a job's last error).
 */
export function safeDatabaseError(error: unknown): SafeDatabaseError | null {
  const chain = chainOf(error);
  const query = chain.find(isQueryError);
  const driver = chain.find(isDriverError);
  if (!query && !driver) return null;
  const outer = chain[0] as Node;
  const code = typeof driver?.code === 'string' ? driver.code : null;
  const statement = query?.query ?? null;
  const params = query?.params ?? [];
  const type = typeof outer.name === 'string' ? outer.name : 'Error';
  const message = `database error ${code ?? 'without code'}${statement ? ` in: ${statement}` : ''}`;
  const frames = framesOf(outer.stack);
  const stack = `${type}: ${message}${frames ? `\n${frames}` : ''}`;
  const safe: SafeDatabaseError = { type, message, code, statement, stack };
  for (const field of ['constraint', 'table', 'column'] as const) {
    const value = driver?.[field];
    if (typeof value === 'string' && value !== '') safe[field] = value;
  }
  if (typeof driver?.message === 'string') safe.reason = redact(driver.message, params);
  return safe;
}

/** One line naming a failure, for logs and stored job errors alike, without bound values. */
export function safeErrorMessage(error: unknown): string {
  const database = safeDatabaseError(error);
  if (database) return database.reason ? `${database.message} (${database.reason})` : database.message;
  return error instanceof Error ? error.message : String(error);
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * pino's `err` serializer, except that database errors anywhere in the cause chain are logged through
 * `safeDatabaseError`. Any other error keeps pino's standard shape.
 */
export function serializeError(error: unknown): SerializedError {
  const database = safeDatabaseError(error);
  if (database) return database;
  if (error instanceof Error) return pino.stdSerializers.err(error);
  return { type: typeof error, message: String(error), stack: '' };
}

/** Serializers every Lectern logger uses. */
export const logSerializers = { err: serializeError, error: serializeError };
