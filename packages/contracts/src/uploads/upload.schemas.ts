import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, QueryBooleanSchema } from '../common/primitives.schemas.ts';
import { UPLOAD_KINDS, UPLOAD_NAME_MAX } from './upload-rules.ts';

export const UploadKindSchema = z.enum(UPLOAD_KINDS);

export const UploadSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    type: UploadKindSchema,
    mime_type: z.string().nullable(),
    status: z.enum(['pending', 'ready']),
    deleted: z.boolean(),
    allow_download: z.boolean(),
    created_at: IsoDateTimeSchema,
    created_by: z.object({ id: z.number().int(), name: z.string() }),
    /**
     * Pending uploads only: where the bytes go, a PUT of either a multipart form with one `file` part or
     * the raw bytes as application/octet-stream.
     */
    upload_url: z.string().optional(),
  })
  .meta({ id: 'Upload' });
export type Upload = z.infer<typeof UploadSchema>;

/** An upload attached somewhere (an activity's file). `id` is the reference id used by the blob route. */
export const UploadReferenceSchema = z
  .object({
    id: z.number().int(),
    reference_id: z.number().int(),
    upload_id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    type: UploadKindSchema,
    mime_type: z.string().nullable(),
    parent_type: z.string(),
    parent_id: z.number().int(),
    allow_download: z.boolean(),
    sort: z.number().int(),
    /** Who attached it (the spec's created_by_id). */
    created_by_id: z.number().int(),
    created_at: IsoDateTimeSchema,
    /** The viewer may download the bytes (allowed for all, or they teach the course, or uploaded it). */
    can_download: z.boolean(),
    /** The viewer may view it in the page (`?preview=1`): a visible PDF, image, video, audio or text file. */
    can_preview: z.boolean(),
    /**
     * Where to view it in the page: a PDF, or an Office file rendered to PDF, at
     * `/api/uploads/{upload_id}/preview`; pictures, video, audio and text at the attachment's blob with
     * `?preview=1`; null when it can only be downloaded.
     */
    preview_url: z.string().nullable(),
    /** The attachment's bytes as a download (`/api/uploads/reference/{id}/blob`); see can_download. */
    blob_url: z.string(),
  })
  .meta({ id: 'UploadReference' });
export type UploadReference = z.infer<typeof UploadReferenceSchema>;

/** An attachment with its file, as the original clients read it (`references[].upload.id`, `.size`). */
export const ReferenceWithUploadSchema = UploadReferenceSchema.extend({
  upload: z.object({
    id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    mime_type: z.string().nullable(),
  }),
}).meta({ id: 'UploadReferenceWithUpload' });

/**
 * `GET /api/activities/{id}/upload_references`: the attachments under both names the original clients
 * read, `references` (each with its `upload`) and `upload_references` (upload_id, name).
 */
export const UploadReferencesResponseSchema = z.object({
  references: z.array(ReferenceWithUploadSchema),
  upload_references: z.array(UploadReferenceSchema),
});
export type UploadReferencesResponse = z.infer<typeof UploadReferencesResponseSchema>;

/** `GET /api/uploads/{id}/url` and the document variants: where the caller's own session fetches the file. */
export const UploadUrlResponseSchema = z.object({ url: z.string() });

/** What an upload or a reference may be attached to. Later domains add theirs (submissions, comments). */
export const UPLOAD_PARENT_TYPES = ['learning_activity'] as const;
export const UploadParentTypeSchema = z.enum(UPLOAD_PARENT_TYPES);
export type UploadParentType = z.infer<typeof UploadParentTypeSchema>;
/** The parent type of an activity's attachments. */
export const ACTIVITY_PARENT: UploadParentType = 'learning_activity';

const parentFields = {
  parent_type: UploadParentTypeSchema.optional(),
  parent_id: IdSchema.optional(),
};

const parentNeedsId = (value: { parent_type?: string | undefined; parent_id?: number | undefined }) =>
  value.parent_type === undefined || value.parent_id !== undefined;
const parentIdIssue = { message: 'uploads.parentIdRequired', path: ['parent_id'] };

/**
 * Metadata-first form of `POST /api/uploads` (JSON): declares the file, answered with a pending upload
 * whose bytes follow at its `upload_url` (`PUT /api/uploads/{id}/content`). The declared size is checked
 * against the limit up front and against the bytes when they arrive.
 *
 * The original system's clients send the same declaration with their own fields: `parent_type: null`
 * and `parent_id: 0` for "not filed anywhere yet", and flags (is_scorm, is_wmpkg, source,
 * is_marked_attachment, embed_material_type) that Lectern accepts and does not act on: packages are
 * stored as plain files, and a file is attached (to a submission, a marked file) by the call that uses it.
 */
export const CreateUploadMetadataSchema = z
  .object({
    name: z
      .string('uploads.nameRequired')
      .trim()
      .min(1, 'uploads.nameRequired')
      .max(UPLOAD_NAME_MAX, 'uploads.nameTooLong'),
    size: z.number('uploads.sizeRequired').int('uploads.sizeRequired').min(0, 'uploads.sizeRequired'),
    allow_download: z.boolean().optional(),
    parent_type: UploadParentTypeSchema.nullish().transform((v) => v ?? undefined),
    parent_id: z
      .union([z.literal(0), IdSchema])
      .nullish()
      .transform((v) => (v === 0 || v === null ? undefined : v)),
    is_scorm: z.boolean().nullish(),
    is_wmpkg: z.boolean().nullish(),
    source: z.string().max(100).nullish(),
    is_marked_attachment: z.boolean().nullish(),
    embed_material_type: z.string().max(100).nullish(),
  })
  .refine(parentNeedsId, parentIdIssue);
export type CreateUploadMetadata = z.infer<typeof CreateUploadMetadataSchema>;

/**
 * The text fields of the multipart form of `POST /api/uploads`. They must precede the `file` part: the
 * server streams the file as it arrives and does not wait for fields sent after it.
 */
export const UploadFormFieldsSchema = z
  .object({ allow_download: QueryBooleanSchema.optional(), ...parentFields })
  .refine(parentNeedsId, parentIdIssue);
export type UploadFormFields = z.infer<typeof UploadFormFieldsSchema>;

/** `?preview=1` (or `inline=1`) asks for Content-Disposition inline instead of attachment. */
export const BlobQuerySchema = z.object({
  preview: QueryBooleanSchema.optional(),
  inline: QueryBooleanSchema.optional(),
});

export const ReferenceParamsSchema = z.object({ referenceId: IdSchema });
