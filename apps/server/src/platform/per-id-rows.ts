import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';

/**
 * Rows per owner id in one grouped read (answers per quiz, bookings per lecture, submissions per
 * questionnaire): what a list shows beside each item without a query per item. Ids without rows are absent.
 */
export async function countPerId(
  tx: Executor,
  table: PgTable,
  idColumn: PgColumn,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: idColumn, n: count() })
    .from(table)
    .where(inArray(idColumn, [...ids]))
    .groupBy(idColumn);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** Which of these owner ids have a row of this user (booked, submitted, answered). */
export async function idsWithUserRow(
  tx: Executor,
  table: PgTable,
  idColumn: PgColumn,
  userColumn: PgColumn,
  ids: readonly number[],
  userId: number,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: idColumn })
    .from(table)
    .where(and(inArray(idColumn, [...ids]), eq(userColumn, userId)));
  return new Set(rows.map((r) => Number(r.id)));
}
