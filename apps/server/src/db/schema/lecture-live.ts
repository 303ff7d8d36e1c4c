import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReplayState, StreamState } from '@lectern/contracts/lecture-live/lecture-live-status';
import { activities } from './activities.ts';
import { users } from './identity.ts';

/**
 * The ingest side of a lecture_live activity: its secret stream key (never in activity data, which every
 * member reads) and what its encoder is doing. Made on first use, so activities created by any path get one.
 */
export const lectureLives = pgTable('lecture_lives', {
  activityId: integer()
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  streamKey: text().notNull().unique(),
  streamState: text().$type<StreamState>().notNull().default('idle'),
  /** The RTMP port its listener was given, kept so the encoder's settings survive a restart. */
  ingestPort: integer(),
  liveStartedAt: timestamp({ withTimezone: true }),
  liveEndedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A learner's booking; `notifiedAt` marks the start notification so nobody gets it twice. */
export const lectureLiveBookings = pgTable(
  'lecture_live_bookings',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);

/**
 * One recording of a stream and its transcode to HLS video on demand. Files live under
 * DATA_DIR/live/<activityId>/ (recording-<id>.ts, replay-<id>/index.m3u8).
 */
export const lectureLiveReplays = pgTable(
  'lecture_live_replays',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    state: text().$type<ReplayState>().notNull().default('waiting'),
    recordingFile: text().notNull(),
    /** Share of the transcode done, 0..1, while processing. */
    progress: doublePrecision().notNull().default(0),
    durationSeconds: doublePrecision(),
    retryTimes: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('lecture_live_replays_activity_idx').on(t.activityId, t.id)],
);

/** Seconds a learner played the live and its replay, from the players' 10-second visits. */
export const lectureLiveVisits = pgTable(
  'lecture_live_visits',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    liveSeconds: integer().notNull().default(0),
    replaySeconds: integer().notNull().default(0),
    clientType: text().notNull().default('web'),
    lastVisitAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);
