import { and, eq, inArray } from 'drizzle-orm';
import { courseSharedUploads } from '../../db/schema/course-services.ts';
import { courseNotDeleted, courses } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who may read the files shared to courses (`POST /api/uploads/share-to-courses`), for the uploads
 * slice: the members of a course the file is shared to (and its organisation's administrators), as for
 * a file attached to one of its activities. Downloading is then the course's download rule's to decide.
 */
export function sharedUploadAccess(db: Database) {
  const access = courseAccess(db);

  return {
    /** For each of these uploads, the caller's access to the live courses it is shared to that they read. */
    async readableAmong(
      actor: Actor,
      uploadIds: readonly number[],
      tx: Executor = db,
    ): Promise<Map<number, CourseAccess[]>> {
      const found = new Map<number, CourseAccess[]>();
      if (uploadIds.length === 0) return found;
      const shares = await tx
        .select({ courseId: courseSharedUploads.courseId, uploadId: courseSharedUploads.uploadId })
        .from(courseSharedUploads)
        .innerJoin(courses, eq(courses.id, courseSharedUploads.courseId))
        .where(and(inArray(courseSharedUploads.uploadId, [...uploadIds]), courseNotDeleted));
      const readers = new Map<number, CourseAccess | null>();
      for (const { courseId, uploadId } of shares) {
        if (!readers.has(courseId)) {
          const loaded = await orNullWhenDenied(() => access.load(actor, courseId, tx));
          readers.set(courseId, loaded && can(loaded, 'course.read') ? loaded : null);
        }
        const reader = readers.get(courseId);
        if (reader) found.set(uploadId, [...(found.get(uploadId) ?? []), reader]);
      }
      return found;
    },
  };
}
