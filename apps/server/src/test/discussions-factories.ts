import { courseMembers } from '../db/schema/courses.ts';
import { users } from '../db/schema/identity.ts';
import { uploadReferences } from '../db/schema/uploads.ts';
import {
  discussionsRepository,
  type NewComment,
  type NewReply,
} from '../modules/discussions/discussions.repository.ts';
import { createUpload } from './factories.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;

/**
 * A comment written straight through the repository (so its bucket count is kept, as the API keeps it).
 * Defaults: a forum comment by `createdBy` as a student.
 */
export async function createComment(
  t: TestApp,
  values: Partial<NewComment> & { activityId: number; courseId: number; createdBy: number },
) {
  sequence += 1;
  return t.db.transaction((tx) =>
    discussionsRepository(t.db).insert(
      { content: `<p>Comment ${sequence}</p>`, courseRole: 'student', ...values },
      tx,
    ),
  );
}

export async function createReply(
  t: TestApp,
  values: Partial<NewReply> & { commentId: number; createdBy: number },
) {
  sequence += 1;
  return t.db.transaction((tx) =>
    discussionsRepository(t.db).insertReply(
      { content: `<p>Reply ${sequence}</p>`, courseRole: 'student', ...values },
      tx,
    ),
  );
}

/** A file of the given kind attached to an activity; returns the reference row. */
export async function attachFile(
  t: TestApp,
  options: { orgId: number; activityId: number; createdBy: number; kind: 'document' | 'video' },
) {
  const upload = await createUpload(t, options.orgId, options.createdBy, {
    bytes: Buffer.from('%PDF-1.4 test'),
    type: options.kind,
    mimeType: options.kind === 'video' ? 'video/mp4' : 'application/pdf',
  });
  const [reference] = await t.db
    .insert(uploadReferences)
    .values({
      uploadId: upload.id,
      parentType: 'learning_activity',
      parentId: options.activityId,
      name: upload.name,
      createdBy: options.createdBy,
    })
    .returning();
  if (!reference) throw new Error('no reference');
  return reference;
}

/** Many students of one course in two statements (for the concurrent-likes race). */
export async function createStudents(t: TestApp, orgId: number, courseId: number, count: number) {
  sequence += 1;
  const batch = sequence;
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        orgId,
        userNo: `bulk-${batch}-${i}`,
        name: `Bulk student ${i}`,
        // Never logged in by password: sessions are opened directly.
        passwordHash: 'unused',
      })),
    )
    .returning({ id: users.id });
  await t.db
    .insert(courseMembers)
    .values(rows.map((row) => ({ courseId, userId: row.id, roles: ['student'] })));
  return rows;
}
