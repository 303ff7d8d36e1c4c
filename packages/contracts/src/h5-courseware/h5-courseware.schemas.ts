import { z } from 'zod';
import { CMI_STATE_MAX_LENGTH, H5_PACKAGE_KINDS } from './h5-cmi.ts';

const id = z.coerce.number().int().positive();

/** `/api/h5-courseware/{activityId}/upload/{uploadId}/…` */
export const H5UploadParamsSchema = z.object({ activityId: id, uploadId: id });
export const H5ActivityParamsSchema = z.object({ activityId: id });

export const H5PackageKindSchema = z.enum(H5_PACKAGE_KINDS);

/**
 * `GET …/url`: where the frame loads the package. The address carries a short-lived signed token and
 * is served sandboxed (decision 0018); it is absolute, on the host the caller used.
 */
export const H5UrlResponseSchema = z.object({
  url: z.string(),
  kind: H5PackageKindSchema,
  expires_at: z.string(),
});
export type H5UrlResponse = z.infer<typeof H5UrlResponseSchema>;

/** `POST …/cmi`: the learner's state, as the original clients send it. */
export const H5CmiRequestSchema = z.object({
  base64State: z
    .string()
    .max(CMI_STATE_MAX_LENGTH, 'h5Courseware.stateTooLong')
    .regex(/^[A-Za-z0-9+/_-]*={0,2}$/, 'h5Courseware.stateNotBase64'),
});
export type H5CmiRequest = z.infer<typeof H5CmiRequestSchema>;

/** A learner's standing in one package: what the player shows and completion reads. */
export const H5LearnerStateSchema = z.object({
  activity_id: z.number().int(),
  upload_id: z.number().int(),
  base64State: z.string().nullable(),
  completion_status: z.enum(['completed', 'incomplete', 'not_attempted', 'unknown']),
  success_status: z.enum(['passed', 'failed', 'unknown']),
  score_raw: z.number().nullable(),
  score_min: z.number().nullable(),
  score_max: z.number().nullable(),
  score_percent: z.number().nullable(),
  progress: z.number(),
  /** Judged by the activity's criterion: completeness under the org switch, else the SCO's status. */
  completed: z.boolean(),
  updated_at: z.string().nullable(),
});
export type H5LearnerState = z.infer<typeof H5LearnerStateSchema>;

/** `POST /api/h5-courseware/{activityId}/packages`: make an uploaded zip the activity's package. */
export const AttachH5PackageRequestSchema = z.object({ upload_id: z.number().int().positive() });

export const H5PackageSchema = z.object({
  upload_id: z.number().int(),
  name: z.string(),
  kind: H5PackageKindSchema,
  entry: z.string(),
  file_count: z.number().int(),
  total_bytes: z.number().int(),
});
export type H5Package = z.infer<typeof H5PackageSchema>;

/** `GET /api/h5-courseware/{activityId}/packages`. */
export const H5PackagesResponseSchema = z.object({ packages: z.array(H5PackageSchema) });
export type H5PackagesResponse = z.infer<typeof H5PackagesResponseSchema>;

/** What the frame's bridge posts to the player page (see scorm-bridge in the web feature). */
export const ScormBridgeMessageSchema = z.object({
  source: z.literal('lectern-scorm'),
  type: z.literal('commit'),
  version: z.enum(['1.2', '2004']),
  cmi: z.record(z.string(), z.string()),
  terminated: z.boolean(),
});
export type ScormBridgeMessage = z.infer<typeof ScormBridgeMessageSchema>;
