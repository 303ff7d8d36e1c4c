import type { Database, Executor } from '../../platform/database.ts';
import { orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCanRead, seesScheduled, type AnnouncementScope } from './announcements.policy.ts';
import { announcementsRepository } from './announcements.repository.ts';

/**
 * Who may read the files attached to announcements, for the uploads slice: exactly those who see the
 * announcement (its course's members once it is published, the teaching team before; the organisation
 * for an organisation-wide one).
 */
export function announcementUploadAccess(db: Database) {
  const repo = announcementsRepository(db);
  const courses = courseAccess(db);

  return {
    async readableAmong(actor: Actor, ids: readonly number[], tx: Executor = db): Promise<Set<number>> {
      const readable = new Set<number>();
      const rows = (await repo.findByIds(ids, tx)).filter((row) => row.orgId === actor.orgId);
      const scopes = new Map<number, AnnouncementScope | null>();
      for (const row of rows) {
        const key = row.courseId ?? 0;
        if (!scopes.has(key)) {
          const courseId = row.courseId;
          scopes.set(
            key,
            courseId === null
              ? { kind: 'org', actor }
              : await orNullWhenDenied(async () => {
                  const scope: AnnouncementScope = {
                    kind: 'course',
                    access: await courses.load(actor, courseId, tx),
                  };
                  assertCanRead(scope);
                  return scope;
                }),
          );
        }
        const scope = scopes.get(key);
        if (scope && (row.publishAt.getTime() <= Date.now() || seesScheduled(scope))) readable.add(row.id);
      }
      return readable;
    },
  };
}
