import type {
  DownloadPrintPermission,
  DownloadPrintType,
} from '@lectern/contracts/course-services/download-print-permissions.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';
import { downloadPrintRepository } from './download-print-permissions.repository.ts';

/**
 * The course-level rule on top of each attachment's own `allow_download`: the teaching team may always
 * take files away; students only while the course allows its students to (the default).
 */
export function mayTakeAway(access: CourseAccess, allowStudents: boolean): boolean {
  return allowStudents || can(access, 'activity.manage');
}

export function downloadPrintService(ctx: AppContext) {
  const repo = downloadPrintRepository(ctx.db);
  const courses = courseAccess(ctx.db);

  async function answer(access: CourseAccess, type: DownloadPrintType): Promise<DownloadPrintPermission> {
    const allowStudents = (await repo.find(access.courseId, type))?.allowStudents ?? true;
    return {
      course_id: access.courseId,
      type,
      allow_students: allowStudents,
      allowed: mayTakeAway(access, allowStudents),
    };
  }

  return {
    /** `GET /api/courses/{id}/download-print-permissions?type=`: any member reads it (the page hides buttons). */
    async get(actor: Actor, courseId: number, type: DownloadPrintType): Promise<DownloadPrintPermission> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      return answer(access, type);
    },

    /** `PUT /api/courses/{id}/download-print-permissions`: the teaching team sets one type. */
    async save(
      actor: Actor,
      courseId: number,
      input: { type: DownloadPrintType; allow_students: boolean },
    ): Promise<DownloadPrintPermission> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.manage');
      await repo.save(courseId, input.type, input.allow_students);
      return answer(access, input.type);
    },
  };
}
