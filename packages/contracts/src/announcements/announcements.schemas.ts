import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { UploadReferenceSchema } from '../uploads/upload.schemas.ts';

export const ANNOUNCEMENT_LIMITS = { titleMax: 100, contentMax: 50_000, attachmentsMax: 20 } as const;

/** Where an announcement's files are attached (upload_references.parent_type). */
export const ANNOUNCEMENT_PARENT = 'announcement';

/**
 * `POST /api/courses/{id}/announcements`, `POST /api/org-announcements` and `PUT /api/announcements/{id}`
 * (the whole announcement each time). The title is plain text; the content is HTML, sanitised by the
 * server before it is stored. `publish_at` null or absent publishes at once; a later moment keeps the
 * announcement from readers until then. `upload_ids` replaces the attachments, in order.
 */
export const AnnouncementInputSchema = z.object({
  title: plainText('announcements.titleRequired')
    .min(1, 'announcements.titleRequired')
    .max(ANNOUNCEMENT_LIMITS.titleMax, 'announcements.titleTooLong'),
  content: z
    .string('announcements.contentRequired')
    .trim()
    .min(1, 'announcements.contentRequired')
    .max(ANNOUNCEMENT_LIMITS.contentMax, 'announcements.contentTooLong'),
  publish_at: IsoDateTimeSchema.nullable().optional(),
  pinned: z.boolean().optional(),
  upload_ids: z
    .array(IdSchema)
    .max(ANNOUNCEMENT_LIMITS.attachmentsMax, 'announcements.tooManyFiles')
    .optional(),
});
export type AnnouncementInput = z.infer<typeof AnnouncementInputSchema>;

export const AnnouncementAuthorSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'AnnouncementAuthor' });

export const AnnouncementSchema = z
  .object({
    id: z.number().int(),
    /** Null for an organisation-wide announcement. */
    course_id: z.number().int().nullable(),
    title: z.string(),
    /** Sanitised HTML. */
    content: z.string(),
    publish_at: IsoDateTimeSchema,
    /** Readers see it (publish_at has come); false only reaches those who manage it. */
    published: z.boolean(),
    pinned: z.boolean(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    created_by: AnnouncementAuthorSchema,
    attachments: z.array(UploadReferenceSchema),
    /** When the caller opened it; null while unread. */
    read_at: NullableIsoDateTimeSchema,
    /** The caller may edit and delete it. */
    can_manage: z.boolean(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const CourseAnnouncementsParamsSchema = z.object({ courseId: IdSchema });

/** A course's announcements the caller may see: pinned first, then newest publication first. */
export const AnnouncementsResponseSchema = z.object({
  announcements: z.array(AnnouncementSchema),
  /** Published announcements of the list the caller has not opened. */
  unread_count: z.number().int(),
});
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponseSchema>;

export const AnnouncementDeletedResponseSchema = z.object({ id: z.number().int() });

/** `GET /api/course-bulletins?course_id=`: the original system's clients read `bulletins`. */
export const CourseBulletinsQuerySchema = z.object({ course_id: IdSchema });
export const CourseBulletinsResponseSchema = z.object({ bulletins: z.array(AnnouncementSchema) });

/** `GET /api/announcement`: the organisation-wide notices the caller may see. */
export const OrgAnnouncementsResponseSchema = z.object({ announcements: z.array(AnnouncementSchema) });
export type OrgAnnouncementsResponse = z.infer<typeof OrgAnnouncementsResponseSchema>;

/** Published when the moment has come (also on the client, whose clock decides nothing else). */
export function isPublished(publishAt: string | Date, now: Date = new Date()): boolean {
  return new Date(publishAt).getTime() <= now.getTime();
}
