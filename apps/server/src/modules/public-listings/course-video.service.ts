import { isCourseCoverUrl } from '@lectern/contracts/courses/cover-url';
import {
  PROMOTION_VIDEO_MIME_TYPES,
  type CourseVideoResponse,
  type CourseVideoType,
  type SaveCourseVideoBodySchema,
} from '@lectern/contracts/public-listings/course-video.schemas';
import { formatBytes } from '@lectern/contracts/uploads/upload-rules';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid, notFound, orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, can } from '../courses/courses.policy.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { uploadsService, type BlobReply, type BlobRequest } from '../uploads/uploads.service.ts';
import { courseVideoRepository, type PromotionVideoRow } from './course-video.repository.ts';
import { visibleTo, type Reader } from './public-course-visibility.ts';

/** Everything that is not readable answers exactly like something that does not exist. */
const hidden = () => notFound('publicListings.notFound');

/** Where the caller streams the video: under the prefix they read it with, so a visitor needs no session. */
export function courseVideoUrl(reader: Reader, courseId: number, type: CourseVideoType): string {
  return `/${reader === null ? 'anonymous-api' : 'api'}/courses/${courseId}/video/blob?type=${type}`;
}

export function courseVideoService(ctx: AppContext) {
  const repo = courseVideoRepository(ctx.db);
  const uploads = uploadsRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const files = uploadsService(ctx);

  /**
   * A visitor (reader null) sees the video of a course whose public_scope lets them; a signed-in reader
   * also of any course they are a member of. Anyone else is answered as for a missing course.
   */
  async function readable(reader: Reader, courseId: number): Promise<PromotionVideoRow> {
    const row = await repo.promotionVideo(courseId);
    if (!row) throw hidden();
    if (visibleTo(reader, row)) return row;
    if (reader === null) throw hidden();
    const access = await orNullWhenDenied(() => courses.load(reader, courseId));
    if (!access || !can(access, 'course.read')) throw hidden();
    return row;
  }

  function present(reader: Reader, row: PromotionVideoRow, type: CourseVideoType): CourseVideoResponse {
    const upload = row.upload;
    if (!upload || upload.status !== 'ready') return { video: null };
    return {
      video: {
        type,
        upload_id: upload.id,
        name: upload.name,
        url: courseVideoUrl(reader, row.courseId, type),
        mime_type: upload.mimeType,
        size: upload.size,
        duration: row.duration,
        cover_url: row.cover !== null && isCourseCoverUrl(row.cover) ? row.cover : null,
      },
    };
  }

  return {
    /** `GET /api/courses/{id}/video?type=` and `/anonymous-api/...` (reader null). */
    async get(reader: Reader, courseId: number, type: CourseVideoType): Promise<CourseVideoResponse> {
      return present(reader, await readable(reader, courseId), type);
    },

    /** The video's bytes, for whoever may read it through `get`; nothing else opens the file to visitors. */
    async stream(
      reader: Reader,
      courseId: number,
      _type: CourseVideoType,
      request: BlobRequest,
    ): Promise<BlobReply> {
      const row = await readable(reader, courseId);
      if (!row.upload || row.upload.status !== 'ready') throw hidden();
      return files.streamReadable(row.upload, { ...request, inline: true });
    },

    /**
     * `PUT /api/courses/{id}/video`: the teaching team sets the course's promotion video to a ready MP4 or
     * WebM file they uploaded themselves, within the upload size limit, or removes it (upload_id null).
     */
    async save(
      actor: Actor,
      courseId: number,
      body: z.output<typeof SaveCourseVideoBodySchema>,
    ): Promise<CourseVideoResponse> {
      assertCan(await courses.load(actor, courseId), 'course.manage');
      const uploadId = body.upload_id;
      await ctx.db.transaction(async (tx) => {
        if (uploadId !== null) {
          // Share-locked until commit: the orphan sweep cannot delete the file under the new setting.
          const live = await uploads.lockForAttaching([uploadId], tx);
          const upload = live.has(uploadId) ? await uploads.findById(uploadId, tx) : undefined;
          const current = await repo.promotionVideo(courseId, tx);
          const alreadySet = current?.upload?.id === uploadId;
          if (
            !upload ||
            upload.orgId !== actor.orgId ||
            upload.status !== 'ready' ||
            (upload.createdBy !== actor.userId && !alreadySet)
          ) {
            throw invalid({ upload_id: ['publicListings.videoUploadUnknown'] });
          }
          if (!(PROMOTION_VIDEO_MIME_TYPES as readonly string[]).includes(upload.mimeType ?? '')) {
            throw invalid({ upload_id: ['publicListings.videoTypeNotAllowed'] });
          }
          const limit = ctx.config.uploadMaxBytes;
          if (upload.size > limit) {
            throw invalid({
              upload_id: [{ key: 'publicListings.videoTooLarge', params: { maximum: formatBytes(limit) } }],
            });
          }
        }
        await repo.setPromotionVideo(courseId, uploadId, body.duration, tx);
      });
      const row = await repo.promotionVideo(courseId);
      if (!row) throw hidden();
      return present(actor, row, body.type);
    },
  };
}
