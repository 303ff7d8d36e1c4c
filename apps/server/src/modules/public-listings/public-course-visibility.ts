import { and, eq } from 'drizzle-orm';
import { courseNotDeleted, courses } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';

/**
 * Who is reading public data. `anonymous-api` calls are always anonymous (null), whoever is signed in: that
 * prefix shows exactly what the world may see. Under `/api` a signed-in caller also sees `org` rows of
 * their own organisation.
 */
export type Reader = Actor | null;

/**
 * What a course's public_scope lets a reader see without being a member: `public` courses to everyone,
 * `org` courses to the signed-in people of their organisation, `private` ones to nobody.
 */
export function visibleTo(reader: Reader, row: { publicScope: string; orgId: number }): boolean {
  if (row.publicScope === 'public') return true;
  return row.publicScope === 'org' && reader !== null && reader.orgId === row.orgId;
}

/** The public-scope rule for other slices' public reads (a course's extension apps, for one). */
export function publicCourseVisibility(db: Database) {
  return {
    /** Whether the course exists (not deleted) and its public_scope lets the reader see it. */
    async isVisible(reader: Reader, courseId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ publicScope: courses.publicScope, orgId: courses.orgId })
        .from(courses)
        .where(and(eq(courses.id, courseId), courseNotDeleted));
      return row !== undefined && visibleTo(reader, row);
    },
  };
}
