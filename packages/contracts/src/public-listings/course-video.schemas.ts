import { z } from 'zod';
import { IdSchema } from '../common/primitives.schemas.ts';

/**
 * A course's videos by kind (`GET /api/courses/{id}/video?type=promotion_video`). The promotion video is
 * the one the public course page plays to visitors; the teaching team sets or removes it.
 */
export const COURSE_VIDEO_TYPES = ['promotion_video'] as const;
export const CourseVideoTypeSchema = z.enum(COURSE_VIDEO_TYPES, 'publicListings.videoTypeInvalid');
export type CourseVideoType = z.infer<typeof CourseVideoTypeSchema>;

/** What a promotion video may be: MP4 or WebM, which every browser's native player plays. */
export const PROMOTION_VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
/** The file chooser's filter; the server still decides by the bytes. */
export const PROMOTION_VIDEO_ACCEPT = '.mp4,.webm,video/mp4,video/webm';
/** Twelve hours: longer than any promotion video, short enough to catch a nonsense value. */
export const PROMOTION_VIDEO_DURATION_MAX = 12 * 3600;

export const CourseVideoQuerySchema = z.object({ type: CourseVideoTypeSchema });
export type CourseVideoQuery = z.infer<typeof CourseVideoQuerySchema>;

export const CourseVideoSchema = z
  .object({
    type: CourseVideoTypeSchema,
    upload_id: z.number().int(),
    name: z.string(),
    /** Where to stream it (range requests supported), under the prefix the caller read it with. */
    url: z.string(),
    mime_type: z.string().nullable(),
    size: z.number().int(),
    /** Seconds, when the uploader's browser reported it. */
    duration: z.number().nullable(),
    /** A poster frame: the course cover, when it has one. */
    cover_url: z.string().nullable(),
  })
  .meta({ id: 'CourseVideo' });
export type CourseVideo = z.infer<typeof CourseVideoSchema>;

/** The course's video of the type asked for, or null when it has none. */
export const CourseVideoResponseSchema = z
  .object({ video: CourseVideoSchema.nullable() })
  .meta({ id: 'CourseVideoResponse' });
export type CourseVideoResponse = z.infer<typeof CourseVideoResponseSchema>;

/** `PUT /api/courses/{id}/video`: set (an upload of the caller's) or remove (null) the course's video. */
export const SaveCourseVideoBodySchema = z.object({
  type: CourseVideoTypeSchema,
  upload_id: IdSchema.nullable(),
  duration: z
    .number('publicListings.videoDurationInvalid')
    .positive('publicListings.videoDurationInvalid')
    .max(PROMOTION_VIDEO_DURATION_MAX, 'publicListings.videoDurationInvalid')
    .nullable()
    .default(null),
});
export type SaveCourseVideoBody = z.input<typeof SaveCourseVideoBodySchema>;
