import { z } from 'zod';
import { idListQuerySchema } from '../common/primitives.schemas.ts';

/** How many files one zip download may gather. */
export const ZIP_MAX_UPLOADS = 2000;

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * `GET /zip/uploads?upload_ids=1,2,3&timezone=Asia/Shanghai` (upload_ids may also repeat): one zip of
 * the files, streamed. `timezone` is the zone whose wall clock the entries' times are written in (zip
 * times carry no zone); UTC when absent.
 */
export const ZipUploadsQuerySchema = z.object({
  upload_ids: idListQuerySchema(ZIP_MAX_UPLOADS, 'uploads.zipIdsInvalid').refine(
    (ids) => ids.length > 0,
    'uploads.zipIdsInvalid',
  ),
  timezone: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : 'UTC'))
    .refine(isTimeZone, 'uploads.zipTimezoneInvalid'),
});
export type ZipUploadsQuery = z.infer<typeof ZipUploadsQuerySchema>;
