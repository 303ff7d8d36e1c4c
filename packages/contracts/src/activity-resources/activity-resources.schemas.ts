import { z } from 'zod';
import { IsoDateTimeSchema } from '../common/primitives.schemas.ts';

const id = z.coerce.number().int().positive();

/** Files put on an activity as its resources (a live session's slides, recordings, handouts). */
export const ACTIVITY_RESOURCE_PARENT = 'activity_resource';

export const ActivityResourcesParamsSchema = z.object({ id });
/** `resourceId` is the upload's id: `PUT` makes that upload a resource of the activity, `DELETE` takes it off. */
export const ActivityResourceParamsSchema = z.object({ id, resourceId: id });

/** `PUT /api/activities/{id}/resources/{resourceId}`: both fields optional (a new resource: the upload's name, downloadable). */
export const PutActivityResourceRequestSchema = z.object({
  name: z.string().trim().min(1, 'activityResources.nameRequired').max(255).optional(),
  allow_download: z.boolean().optional(),
});
export type PutActivityResourceRequest = z.input<typeof PutActivityResourceRequestSchema>;

/** How the course's students used a resource: the teaching team's view and download statistics. */
export const ActivityResourceStatisticsSchema = z.object({
  view_count: z.number().int(),
  download_count: z.number().int(),
  /** Students who viewed or downloaded it at least once. */
  viewer_count: z.number().int(),
  downloader_count: z.number().int(),
});
export type ActivityResourceStatistics = z.infer<typeof ActivityResourceStatisticsSchema>;

/** Spec 001 "Activity resource", with what the caller may do with it. */
export const ActivityResourceSchema = z
  .object({
    /** The upload's id (the `resourceId` of PUT and DELETE). */
    id: z.number().int(),
    reference_id: z.number().int(),
    /** The activity's id. */
    ref_parent_id: z.number().int(),
    parent_type: z.literal(ACTIVITY_RESOURCE_PARENT),
    name: z.string(),
    /** The upload's coarse kind (document, video, audio, image, archive, other). */
    type: z.string(),
    size: z.number().int(),
    created_by: z.object({ name: z.string(), user_no: z.string() }),
    created_by_id: z.number().int(),
    uploaded_at: IsoDateTimeSchema,
    allow_download: z.boolean(),
    /** The uploader, or anyone when allow_download is on. */
    can_download: z.boolean(),
    /**
     * The uploader, while they may still upload to the activity, unless it is a cloud recording and the
     * organisation protects those (delete_protected).
     */
    can_delete: z.boolean(),
    /** The platform put it here from a live lecture's recording, rather than a person's upload. */
    cloud_recording: z.boolean(),
    /**
     * The caller would delete it (its uploader) but it is a cloud recording and the organisation's
     * live-record settings keep those from being deleted: the web shows why delete is disabled.
     */
    delete_protected: z.boolean(),
    /** The teaching team only. */
    statistics: ActivityResourceStatisticsSchema.optional(),
  })
  .meta({ id: 'ActivityResource' });
export type ActivityResource = z.infer<typeof ActivityResourceSchema>;

export const ActivityResourcesResponseSchema = z.object({
  /** Whether the caller may add resources (the teaching team, not while simulating). */
  can_upload: z.boolean(),
  resources: z.array(ActivityResourceSchema),
});
export type ActivityResourcesResponse = z.infer<typeof ActivityResourcesResponseSchema>;

/** `GET …/resources/{resourceId}/blob?inline=true` views it in the page (counted as a view), otherwise downloads it. */
export const ActivityResourceBlobQuerySchema = z.object({
  inline: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
