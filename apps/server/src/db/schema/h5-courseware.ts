import { doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { users } from './identity.ts';
import { uploads } from './uploads.ts';

/** One stored file of an unpacked package: its path inside the zip maps to a storage key. */
export type H5PackageFile = { key: string; size: number };

/**
 * An uploaded zip unpacked for serving (decision 0018): one row per upload, whatever activity it is
 * attached to. Each file is its own storage object so a request reads only what it serves.
 */
export const h5Packages = pgTable('h5_packages', {
  uploadId: integer()
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  /** html, scorm_12 or scorm_2004. */
  kind: text({ enum: ['html', 'scorm_12', 'scorm_2004'] }).notNull(),
  /** The launch page's path inside the package (SCORM: the first item's resource href). */
  entry: text().notNull(),
  files: jsonb().$type<Record<string, H5PackageFile>>().notNull(),
  totalBytes: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A learner's state in one package of one activity: the state as posted (`base64State`) and, when it is
 * the player's SCORM data model, what it says about completion and score.
 */
export const h5LearnerStates = pgTable(
  'h5_learner_states',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    base64State: text().notNull(),
    /** The SCORM data model decoded from the state; empty for states of other shapes. */
    cmi: jsonb().$type<Record<string, string>>().notNull().default({}),
    completionStatus: text().notNull().default('not_attempted'),
    successStatus: text().notNull().default('unknown'),
    scoreRaw: doublePrecision(),
    scoreMin: doublePrecision(),
    scoreMax: doublePrecision(),
    scorePercent: doublePrecision(),
    progress: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId, t.uploadId] })],
);
