import { z } from 'zod';

/**
 * Whether a course's students may take its files away: `download` the originals of attached files, or
 * `print` them. The teaching team and a file's uploader always may; a course that never set a type allows
 * it, as before the setting existed.
 */
export const DOWNLOAD_PRINT_TYPES = ['download', 'print'] as const;
export const DownloadPrintTypeSchema = z.enum(DOWNLOAD_PRINT_TYPES, {
  error: 'courseServices.permissionTypeInvalid',
});
export type DownloadPrintType = z.infer<typeof DownloadPrintTypeSchema>;

/** `GET /api/courses/{id}/download-print-permissions?type=`. */
export const DownloadPrintQuerySchema = z.object({ type: DownloadPrintTypeSchema });

/** `PUT /api/courses/{id}/download-print-permissions`. */
export const SaveDownloadPrintRequestSchema = z.object({
  type: DownloadPrintTypeSchema,
  allow_students: z.boolean({ error: 'courseServices.allowStudentsRequired' }),
});
export type SaveDownloadPrintRequest = z.input<typeof SaveDownloadPrintRequestSchema>;

export const DownloadPrintPermissionSchema = z
  .object({
    course_id: z.number().int(),
    type: DownloadPrintTypeSchema,
    allow_students: z.boolean(),
    /** Whether the caller may do it in this course (the teaching team always may). */
    allowed: z.boolean(),
  })
  .meta({ id: 'DownloadPrintPermission' });
export type DownloadPrintPermission = z.infer<typeof DownloadPrintPermissionSchema>;
