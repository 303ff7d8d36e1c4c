import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { uploadReferences } from './uploads.ts';

/**
 * How often each member viewed and downloaded each activity resource (an upload reference with parent
 * type `activity_resource`): one row per resource and user, counted up in place, so the teaching team's
 * statistics are one grouped read. Goes with the reference when the resource is taken off.
 */
export const activityResourceVisits = pgTable(
  'activity_resource_visits',
  {
    referenceId: integer()
      .notNull()
      .references(() => uploadReferences.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewCount: integer().notNull().default(0),
    downloadCount: integer().notNull().default(0),
    lastVisitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.referenceId, t.userId] })],
);

/**
 * Activity resources that are cloud recordings: files the platform itself put on a live activity from
 * its recording (a lecture live's replay), not a person's upload. An organisation may keep
 * them from being deleted (`protect_cloud_recordings` in its live-record settings). One row per source
 * recording, so a transcode that runs twice does not add the file twice.
 */
export const activityResourceRecordings = pgTable(
  'activity_resource_recordings',
  {
    referenceId: integer()
      .primaryKey()
      .references(() => uploadReferences.id, { onDelete: 'cascade' }),
    /**
     * What recorded it: `lecture_live` (source id: the replay's id) or `meeting_recording` (a vendor
     * recording with a downloadable file, source id: its `meeting_recordings` row). Playback pages only
     * stay links on the vendor and are not copied here.
     */
    source: text({ enum: ['lecture_live', 'meeting_recording'] }).notNull(),
    sourceId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('activity_resource_recordings_source_idx').on(t.source, t.sourceId)],
);
