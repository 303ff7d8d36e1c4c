import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import type {
  CourseSharedFilesQuerySchema,
  CourseSharedFilesResponse,
} from '@lectern/contracts/course-services/shared-files.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { canDownloadAttachment, canManageUpload, underCourseRule } from '../uploads/uploads.policy.ts';
import { downloadPrintRepository } from './download-print-permissions.repository.ts';
import { canUnshare, teaches } from './shared-files.policy.ts';
import { presentSharedFile } from './shared-files.presenter.ts';
import { sharedFilesRepository } from './shared-files.repository.ts';

export function sharedFilesService(ctx: AppContext) {
  const repo = sharedFilesRepository(ctx.db);
  const downloadRules = downloadPrintRepository(ctx.db);
  const courses = courseAccess(ctx.db);

  return {
    /**
     * `GET /api/courses/{id}/shared-files`: the files shared to the course, for its members (students of a
     * combined course's sub-courses included, as the access check has it) and its organisation's
     * administrators. Whether each may be downloaded is the upload routes' own answer for a shared file
     * (upload-access.ts): the uploader and administrators always, otherwise the course's download rule,
     * which binds students only.
     */
    async list(
      actor: Actor,
      courseId: number,
      query: z.output<typeof CourseSharedFilesQuerySchema>,
    ): Promise<CourseSharedFilesResponse> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      const [rows, total, forbidding] = await Promise.all([
        repo.page(courseId, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
        repo.count(courseId),
        downloadRules.forbiddingStudents([courseId], 'download'),
      ]);
      const ruled = underCourseRule({ allowDownload: true }, forbidding.has(courseId));
      return {
        ...pageMeta(query, total),
        shared_files: rows.map((row) =>
          presentSharedFile(row, {
            canDownload: canManageUpload(actor, row) || canDownloadAttachment(actor, access, ruled, row),
            canUnshare: canUnshare(access, { sharedBy: row.sharedById }),
          }),
        ),
        can_share: teaches(access),
      };
    },

    /**
     * `DELETE /api/courses/{id}/shared-files/{uploadId}`: takes a shared file out of the course, for whoever
     * shared it and for the course's teaching team (those who may share to it). Others are refused before
     * anything is said about the file, so a student learns nothing by guessing ids; a share that is not
     * there answers 404 to those who could have removed it.
     */
    async unshare(actor: Actor, courseId: number, uploadId: number): Promise<{ ok: true }> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      const share = await repo.findShare(courseId, uploadId);
      const allowed = share ? canUnshare(access, share) : teaches(access);
      if (!allowed) throw forbidden('courseServices.unshareForbidden');
      if (!share || !(await repo.deleteShare(courseId, uploadId)))
        throw notFound('courseServices.sharedFileNotFound');
      return { ok: true };
    },
  };
}
