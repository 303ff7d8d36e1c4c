import { z } from 'zod';
import { PageMetaSchema } from '../common/pagination.schemas.ts';
import { IdSchema, IsoDateTimeSchema, idListQuerySchema } from '../common/primitives.schemas.ts';
import { DUPLICATE_VIEW_THRESHOLD_DEFAULT } from './duplicate-check.rules.ts';

/**
 * The homework duplicate check (issue 10, decision 0010). A homework id is its activity id. Targets are
 * submitters: students for individual homework, groups for group homework (what the marking view lists).
 */

export const DuplicatePairParamsSchema = z.object({ id: IdSchema, pairId: IdSchema });

/** The check's state for one submission. */
export const DUPLICATE_CHECK_STATES = [
  /** Handed in; the background check has not finished yet. */
  'pending',
  /** Fingerprinted and compared with every other submission. */
  'checked',
  /** No docx, pdf or txt file (or no text in them). */
  'not_checkable',
  /** The files could not be read (damaged, encrypted). */
  'failed',
  /** Nothing handed in. */
  'no_submission',
] as const;
export const DuplicateCheckStateSchema = z.enum(DUPLICATE_CHECK_STATES);
export type DuplicateCheckState = z.infer<typeof DuplicateCheckStateSchema>;

/** `GET /api/homework/{id}/duplicate-detect/rate?target_ids=1,2` (target_ids may repeat). */
export const DuplicateRateQuerySchema = z.object({
  target_ids: idListQuerySchema(500, 'homework.duplicate.targetIdsInvalid'),
});

const SubmitterSchema = z.object({
  /** The student's id, or the group's for group homework. */
  target_id: z.number().int(),
  name: z.string(),
  /** The student's number; null for a group. */
  user_no: z.string().nullable(),
});
export type DuplicateSubmitter = z.infer<typeof SubmitterSchema>;

export const DuplicateRateItemSchema = z.object({
  target_id: z.number().int(),
  /** The submission checked: the submitter's latest hand-in. */
  submission_id: z.number().int().nullable(),
  state: DuplicateCheckStateSchema,
  /** The highest rate of this submission against any other, 0-100 to two decimals; null: '--'. */
  rate: z.number().nullable(),
  /** With whom that rate was found. */
  similar_to: SubmitterSchema.extend({ submission_id: z.number().int() }).nullable(),
  /** The pair behind the rate, for GET …/duplicate-detect/pairs/{pairId}. */
  pair_id: z.number().int().nullable(),
});
export type DuplicateRateItem = z.infer<typeof DuplicateRateItemSchema>;

export const DuplicateRateResponseSchema = z.object({ rates: z.array(DuplicateRateItemSchema) });
export type DuplicateRateResponse = z.infer<typeof DuplicateRateResponseSchema>;

/** `GET /api/homework/{id}/duplicate-detect/pairs?threshold=20&page=1&page_size=20`, highest first. */
export const DuplicatePairsQuerySchema = z.object({
  threshold: z.coerce
    .number('homework.thresholdInvalid')
    .min(0, 'homework.thresholdInvalid')
    .max(100, 'homework.thresholdInvalid')
    .default(DUPLICATE_VIEW_THRESHOLD_DEFAULT),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type DuplicatePairsQuery = z.infer<typeof DuplicatePairsQuerySchema>;

const PairSideSchema = SubmitterSchema.extend({
  submission_id: z.number().int(),
  /** This side's rate: its fingerprints found in the other side, over its own. */
  rate: z.number().nullable(),
  fingerprints: z.number().int(),
});

export const DuplicatePairSchema = z.object({
  id: z.number().int(),
  a: PairSideSchema,
  b: PairSideSchema,
  /** The higher of the two sides' rates: what the threshold is compared with. */
  rate: z.number().nullable(),
  /** Fingerprints the two have in common. */
  shared: z.number().int(),
  checked_at: IsoDateTimeSchema,
});
export type DuplicatePair = z.infer<typeof DuplicatePairSchema>;

export const DuplicatePairsResponseSchema = PageMetaSchema.extend({
  threshold: z.number(),
  items: z.array(DuplicatePairSchema),
  /** How the homework's current submissions stand. */
  summary: z.object({
    checked: z.number().int(),
    pending: z.number().int(),
    not_checkable: z.number().int(),
    failed: z.number().int(),
  }),
});
export type DuplicatePairsResponse = z.infer<typeof DuplicatePairsResponseSchema>;

const SpanSchema = z.object({ start: z.number().int(), end: z.number().int() });

/** `GET /api/homework/{id}/duplicate-detect/pairs/{pairId}`: both texts and the passages they share. */
export const DuplicatePairDetailSchema = DuplicatePairSchema.extend({
  a_text: z.string(),
  b_text: z.string(),
  /** Matched stretches of each text (UTF-16 offsets, end exclusive), in text order. */
  a_spans: z.array(SpanSchema),
  b_spans: z.array(SpanSchema),
  /** Each matched stretch of a with the stretch of b it matches, to show side by side. */
  passages: z.array(z.object({ a: SpanSchema, b: SpanSchema })),
});
export type DuplicatePairDetail = z.infer<typeof DuplicatePairDetailSchema>;

/** A third-party check of one submitted file. */
export const ThirdPartyCheckSchema = z.object({
  submission_id: z.number().int(),
  submitter: SubmitterSchema,
  upload_id: z.number().int(),
  file_name: z.string(),
  status: z.enum(['queued', 'submitted', 'done', 'failed']),
  /** The provider's similarity, 0-100; null until done. */
  similarity: z.number().nullable(),
  report_url: z.string().nullable(),
  updated_at: IsoDateTimeSchema,
});
export type ThirdPartyCheck = z.infer<typeof ThirdPartyCheckSchema>;

/** `GET /api/homework/{id}/duplicate-detect/third-party`. */
export const ThirdPartyChecksResponseSchema = z.object({
  /** False when no external checker is configured (DUPLICATE_CHECK_PROVIDER_URL unset). */
  configured: z.boolean(),
  provider: z.string().nullable(),
  items: z.array(ThirdPartyCheckSchema),
});
export type ThirdPartyChecksResponse = z.infer<typeof ThirdPartyChecksResponseSchema>;
