import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RubricCondition } from '@lectern/contracts/rubrics/rubric.schemas';
import { orgs, users } from './identity.ts';

/**
 * Marking rubrics. A rubric is always read and written whole (its criteria with their ratings), so the
 * criteria are one JSON array validated by RubricInputSchema on the way in. Homeworks point at rubrics
 * from their activity `data` (rubric_id, intra_rubric_id); how many do is counted, never stored.
 */
export const rubrics = pgTable(
  'rubrics',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    conditions: jsonb().$type<RubricCondition[]>().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rubrics_created_by_idx').on(t.createdBy, t.id)],
);
