import type { Database, Executor } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';
import { assertAuthorRead, assertAuthorWrite, ownsPersonalLib } from './exams.policy.ts';
import { subjectLibsRepository, type SubjectLibWithOwner } from './subject-libs.repository.ts';

export type LoadedLib = { lib: SubjectLibWithOwner; access: CourseAccess | null };

/**
 * Loads a question library for reading or writing. Someone else's personal library, or one of another
 * organisation, is simply not there; a course library needs the course's teaching team.
 */
export function subjectLibAccess(db: Database) {
  const repo = subjectLibsRepository(db);
  const courses = courseAccess(db);
  return {
    async load(actor: Actor, id: number, mode: 'read' | 'write', tx: Executor = db): Promise<LoadedLib> {
      const lib = await repo.findById(id, tx);
      if (!lib || lib.orgId !== actor.orgId) throw notFound('exams.libNotFound');
      if (lib.courseId === null) {
        if (!ownsPersonalLib(actor, lib)) throw notFound('exams.libNotFound');
        return { lib, access: null };
      }
      const access = await courses.load(actor, lib.courseId, tx);
      if (mode === 'write') assertAuthorWrite(access);
      else assertAuthorRead(access);
      return { lib, access };
    },
  };
}
