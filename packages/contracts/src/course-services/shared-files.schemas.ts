import { z } from 'zod';
import { PageMetaSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { UploadKindSchema } from '../uploads/upload.schemas.ts';

/** `GET /api/courses/{id}/shared-files?page=&page_size=`: the files shared to the course, newest share first. */
export const CourseSharedFilesQuerySchema = PageQuerySchema;
export type CourseSharedFilesQuery = z.input<typeof CourseSharedFilesQuerySchema>;

/**
 * A file an instructor shared to the course (`POST /api/uploads/share-to-courses`), as its members see
 * it. Taking a copy away follows the course's download rule (`download-print-permissions`) as the upload
 * routes apply it; viewing a PDF or Office file in the page is part of reading it.
 */
export const CourseSharedFileSchema = z
  .object({
    upload_id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    type: UploadKindSchema,
    mime_type: z.string().nullable(),
    /** Who shared it; null once that account is gone. */
    shared_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    shared_at: IsoDateTimeSchema,
    /** The viewer may download it: the course lets its students, or they teach it or uploaded the file. */
    can_download: z.boolean(),
    /**
     * Where to view it in the page: a PDF or an Office file rendered to PDF at `/api/uploads/{id}/preview`
     * (for every member); pictures, video, audio and text inline at the blob, only for those who may
     * download; null when it can only be downloaded, or not at all.
     */
    preview_url: z.string().nullable(),
    /** The bytes as a download (`/api/uploads/{id}/blob`); see can_download. */
    blob_url: z.string(),
    /**
     * The viewer may take the file out of the course (`DELETE /api/courses/{id}/shared-files/{uploadId}`):
     * they shared it, or they are on the course's teaching team (not while viewing it as a student).
     */
    can_unshare: z.boolean(),
  })
  .meta({ id: 'CourseSharedFile' });
export type CourseSharedFile = z.infer<typeof CourseSharedFileSchema>;

export const CourseSharedFilesResponseSchema = PageMetaSchema.extend({
  shared_files: z.array(CourseSharedFileSchema),
  /**
   * The viewer may share files to this course (`POST /api/uploads/share-to-courses`): they are on its
   * teaching team and not viewing it as a student. Administrators oversee files; they do not share them.
   */
  can_share: z.boolean(),
});
export type CourseSharedFilesResponse = z.infer<typeof CourseSharedFilesResponseSchema>;

/**
 * `DELETE /api/courses/{id}/shared-files/{uploadId}`: takes a shared file out of the course (the share,
 * not the file: it stays wherever else it is shared or attached). Answers `{ ok: true }`.
 */
export const SharedFileParamsSchema = z.object({ id: IdSchema, uploadId: IdSchema });
export type SharedFileParams = z.infer<typeof SharedFileParamsSchema>;
