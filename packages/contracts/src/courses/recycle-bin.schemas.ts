import { z } from 'zod';
import { IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/** What a recycle-bin item is (decision 0015); an activity also names its activity type. */
export const RECYCLE_BIN_ITEM_TYPES = ['course', 'module', 'syllabus', 'activity', 'question'] as const;
export const RecycleBinItemTypeSchema = z.enum(RECYCLE_BIN_ITEM_TYPES);
export type RecycleBinItemType = z.infer<typeof RecycleBinItemTypeSchema>;

/** Days a deleted item stays restorable when the server is not configured otherwise. */
export const DEFAULT_RECYCLE_BIN_RETENTION_DAYS = 30;

export const RecycleBinItemSchema = z
  .object({
    id: z.number().int(),
    /** Null for an item of the caller's personal bin (a question of a personal library). */
    course_id: z.number().int().nullable(),
    type: RecycleBinItemTypeSchema,
    /** The deleted row's own id (the activity's, the module's …). */
    item_id: z.number().int(),
    title: z.string(),
    /** For activities: exam, homework, material …; null for other items. */
    activity_type: z.string().nullable(),
    /** For questions: the course library or the exam (by activity id) it was in, titled as at deletion. */
    source: z
      .object({ type: z.enum(['library', 'exam']), id: z.number().int(), title: z.string() })
      .nullable(),
    deleted_at: IsoDateTimeSchema,
    /** Null once the person who deleted it has been removed. */
    deleted_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** When the purge removes it for good. */
    expires_at: IsoDateTimeSchema,
  })
  .meta({ id: 'RecycleBinItem' });
export type RecycleBinItem = z.infer<typeof RecycleBinItemSchema>;

/**
 * `GET /api/courses/{id}/recycle-bin`, `GET /api/recycle-bin/courses` and `GET /api/recycle-bin/personal`
 * (the caller's own bin: questions of their personal libraries): newest deletion first.
 */
export const RecycleBinResponseSchema = z.object({
  items: z.array(RecycleBinItemSchema),
  retention_days: z.number(),
});
export type RecycleBinResponse = z.infer<typeof RecycleBinResponseSchema>;

/** `POST /api/recycle-bin/{id}/restore` and `DELETE /api/recycle-bin/{id}`. */
export const RecycleBinActionResponseSchema = z.object({ message: z.string() });
export type RecycleBinActionResponse = z.infer<typeof RecycleBinActionResponseSchema>;
