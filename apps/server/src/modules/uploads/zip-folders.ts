import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { HOMEWORK_SUBMISSION_PARENT, homeworkSubmissions } from '../../db/schema/homework.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Database } from '../../platform/database.ts';
import { submitterFolder } from './zip-naming.ts';

/**
 * For the uploads that are files of a homework submission, the folder they go in inside a zip:
 * `<user_no>_<name>` of the student who handed it in, or, for a group's submission, of the member who
 * uploaded the file (groups have no number). Other files have none.
 */
export async function submitterFoldersOf(
  db: Database,
  uploadIds: readonly number[],
): Promise<Map<number, string>> {
  const folders = new Map<number, string>();
  if (uploadIds.length === 0) return folders;
  const submitter = alias(users, 'submitter');
  const uploader = alias(users, 'uploader');
  const rows = await db
    .select({
      uploadId: uploadReferences.uploadId,
      submitterNo: submitter.userNo,
      submitterName: submitter.name,
      uploaderNo: uploader.userNo,
      uploaderName: uploader.name,
    })
    .from(uploadReferences)
    .innerJoin(homeworkSubmissions, eq(homeworkSubmissions.id, uploadReferences.parentId))
    .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
    .innerJoin(uploader, eq(uploader.id, uploads.createdBy))
    .leftJoin(submitter, eq(submitter.id, homeworkSubmissions.userId))
    .where(
      and(
        eq(uploadReferences.parentType, HOMEWORK_SUBMISSION_PARENT),
        inArray(uploadReferences.uploadId, [...uploadIds]),
      ),
    );
  for (const row of rows) {
    if (folders.has(row.uploadId)) continue;
    folders.set(
      row.uploadId,
      row.submitterNo !== null && row.submitterName !== null
        ? submitterFolder(row.submitterNo, row.submitterName)
        : submitterFolder(row.uploaderNo, row.uploaderName),
    );
  }
  return folders;
}
