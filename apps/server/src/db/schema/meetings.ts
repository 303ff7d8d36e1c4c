import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { users } from './identity.ts';

/**
 * Who joined a meeting activity through Lectern (spec 001 "Participants"). Vendors that report
 * attendance add to it; for a meeting linked by URL it is the only attendance there is. One row per
 * person and sub-meeting (recurring meetings), counting joins.
 */
export const meetingJoins = pgTable(
  'meeting_joins',
  {
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** '' for the meeting itself; a recurring meeting's occurrence otherwise. */
    subMeetingId: text().notNull().default(''),
    role: text().$type<'host' | 'guest'>().notNull(),
    firstJoinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastJoinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    joinCount: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.subMeetingId, t.userId] }),
    index('meeting_joins_user_idx').on(t.userId),
  ],
);

/**
 * A person's account at a meeting vendor: the Tencent Meeting userid they bound in their settings, or the
 * Lark user access token their OAuth authorisation gave (AES-GCM encrypted with a key derived from the
 * session secret, so a database dump alone does not hand out vendor access). One row per user and vendor.
 */
export const meetingVendorAccounts = pgTable(
  'meeting_vendor_accounts',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendor: text().$type<'tencent' | 'lark'>().notNull(),
    /** Tencent: the enterprise userid; Lark: the open_id the token belongs to. */
    vendorUserId: text().notNull(),
    accessTokenEncrypted: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenEncrypted: text(),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vendor] })],
);

/**
 * A vendor recording of a meeting activity that Lectern has seen: a downloadable file is copied into
 * the activity's resources by the `meetings.recording-copy` job (state copying → copied or failed);
 * a playback page only is kept as a link (state link). One row per vendor recording and format.
 */
export const meetingRecordings = pgTable(
  'meeting_recordings',
  {
    id: serial().primaryKey(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    vendor: text().$type<'bigbluebutton' | 'tencent'>().notNull(),
    recordId: text().notNull(),
    format: text().notNull(),
    url: text().notNull(),
    state: text().$type<'link' | 'copying' | 'copied' | 'failed'>().notNull(),
    lastError: text(),
    startTime: timestamp({ withTimezone: true }),
    endTime: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meeting_recordings_vendor_record_idx').on(t.activityId, t.vendor, t.recordId, t.format),
  ],
);
