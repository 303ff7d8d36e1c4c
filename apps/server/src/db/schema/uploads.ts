import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orgs, users } from './identity.ts';

export const uploads = pgTable(
  'uploads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer()
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    /** Declared size for metadata-first uploads; the stored size once the bytes arrive. */
    size: bigint({ mode: 'number' }).notNull(),
    /** Sniffed from the bytes, never taken from the name or the client. */
    mimeType: text(),
    /** Coarse kind the UI groups by: document, video, audio, image, archive, other. */
    type: text().notNull().default('other'),
    /** pending: metadata only; ready: bytes stored. */
    status: text({ enum: ['pending', 'ready'] })
      .notNull()
      .default('pending'),
    storageKey: text(),
    sha256: text(),
    allowDownload: boolean().notNull().default(true),
    parentType: text(),
    parentId: integer(),
    deleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_created_by_idx').on(t.createdBy)],
);

export const uploadReferences = pgTable(
  'upload_references',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** What the file is attached to, e.g. learning_activity. */
    parentType: text().notNull(),
    parentId: integer().notNull(),
    name: text().notNull(),
    allowDownload: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upload_references_parent_idx').on(t.parentType, t.parentId, t.sort),
    // Who can read a file is decided by where it is attached, looked up by upload.
    index('upload_references_upload_idx').on(t.uploadId),
  ],
);

/**
 * Parent types of the upload references that keep pictures shown inside rich text alive (decision 0011).
 * Each is synced from the HTML whenever it is saved, counts for the orphan sweep while its parent row
 * exists, and lets whoever may read the parent read the picture.
 */
/** Pictures in an activity's rich `data` (description, page content); parent id: the activity's id. */
export const ACTIVITY_IMAGE_PARENT = 'activity_image';
/** Pictures in a forum topic, comment or question-panel question; parent id: the comment's id. */
export const DISCUSSION_IMAGE_PARENT = 'discussion_image';
/** Pictures in a reply to a comment; parent id: the reply's id. */
export const DISCUSSION_REPLY_IMAGE_PARENT = 'discussion_reply_image';
/** Pictures in a homework hand-in's (or draft's) text; parent id: the submission's id. */
export const HOMEWORK_SUBMISSION_IMAGE_PARENT = 'homework_submission_image';
