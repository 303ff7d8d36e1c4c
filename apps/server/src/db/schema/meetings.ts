import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { orgs, users } from './identity.ts';

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

/**
 * An organisation's own credentials for a meeting vendor, edited by its administrators
 * (`/api/orgs/{id}/meeting-vendor-settings`). A vendor without a row falls back to the server's environment
 * (docs/deploy.md); a row that is not enabled turns the vendor off for the organisation. `settings` holds the
 * plain fields under their wire names (ids, addresses); `secretsEncrypted` each secret field sealed by
 * `vendor-secrets.ts` (AES-256-GCM under a key derived from the session secret), never sent to a browser.
 */
export const orgMeetingVendorSettings = pgTable(
  'org_meeting_vendor_settings',
  {
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    vendor: text().$type<'tencent' | 'lark' | 'caldav' | 'bigbluebutton'>().notNull(),
    enabled: boolean().notNull().default(false),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    secretsEncrypted: jsonb().$type<Record<string, string>>().notNull().default({}),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.vendor] })],
);

/**
 * What Lectern made at a meeting vendor for an activity (a Tencent meeting, a Lark reservation, a CalDAV
 * event), as the server alone records it: the activity's `data` carries the join details clients see, but
 * clients may drop fields there. `creating` is a short claim taken before the vendor is asked, so two
 * requests for the same activity reserve one meeting; `cancelled` while the activity is in the recycle bin.
 * `syncedHash` is the hash of the fields last pushed, so the `meetings.vendor_sync` job asks the vendor
 * only when they changed.
 */
export const meetingVendorLinks = pgTable(
  'meeting_vendor_links',
  {
    activityId: integer()
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    vendor: text().$type<'tencent' | 'lark' | 'calendar'>().notNull(),
    /** Tencent's meeting_id, Lark's reserve id or the CalDAV event's UID; null while creating. */
    meetingId: text(),
    /** The Lectern user whose vendor account made it (Lark's token, Tencent's binding). */
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Tencent: the host userid its API asks for on every call. */
    vendorHostUserid: text(),
    state: text().$type<'creating' | 'active' | 'cancelled'>().notNull(),
    claimedUntil: timestamp({ withTimezone: true }),
    syncedHash: text(),
    lastError: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meeting_vendor_links_meeting_idx').on(t.vendor, t.meetingId)],
);

/**
 * A vendor-creating request (several Tencent activities at once, a calendar meeting) by its content and
 * caller: a double click or a client's retry finds the first one's row and gets its answer instead of a
 * second meeting. `pending` rows expire (a process that died mid-request); `done` rows a minute after.
 */
export const meetingVendorRequests = pgTable('meeting_vendor_requests', {
  key: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: text().$type<'pending' | 'done'>().notNull(),
  response: jsonb().$type<Record<string, unknown>>(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
