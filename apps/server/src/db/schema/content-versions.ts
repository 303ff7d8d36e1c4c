import { bigint, integer, pgSequence, pgTable } from 'drizzle-orm/pg-core';

/**
 * Where version stamps come from. Not owned by a column, so `truncate ... restart identity` (the demo
 * reset) does not rewind it: a stamp is never handed out twice in one database.
 */
export const courseContentVersionSeq = pgSequence('course_content_version_seq');

/**
 * One row per course whose shared content (what the activity list shows alike to everyone of a role) has
 * changed: the stamp is replaced by triggers on every table that content is read from (see the migration
 * that creates this table), inside the writing transaction. Server processes compare it with the stamp of
 * what they have cached, so a write through any process is seen by all of them on their next read. No
 * foreign key: purging a course deletes its activities, whose trigger must not fail on the missing row.
 */
export const courseContentVersions = pgTable('course_content_versions', {
  courseId: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});
