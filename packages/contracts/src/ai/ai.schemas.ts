import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/** The features that call a model; each may have its own model and credit rate. */
export const AI_FEATURES = ['question_import', 'rubric_generation', 'grading'] as const;
export const AiFeatureSchema = z.enum(AI_FEATURES);
export type AiFeature = z.infer<typeof AiFeatureSchema>;

/** `GET /api/ai/status`: whether a model is configured, so the web app can hide AI features. */
export const AiStatusResponseSchema = z
  .object({
    available: z.boolean(),
    credit_mode: z.enum(['allocation', 'credit_pool']),
    max_text_length: z.number().int(),
  })
  .meta({ id: 'AiStatus' });
export type AiStatusResponse = z.infer<typeof AiStatusResponseSchema>;

/**
 * A user's AI credit, with the field names the spec gives (camelCase, as the original product sends them).
 * creditUsedPercent is at least 1 once anything is used, so a sliver of use never reads as none.
 */
export const UserCreditSchema = z
  .object({
    userId: z.number().int(),
    userNo: z.string(),
    userName: z.string(),
    department: z.string().nullable(),
    role: z.enum(['instructor', 'admin']),
    creditAssigned: z.number().int(),
    creditUsed: z.number().int(),
    creditRemaining: z.number().int(),
    creditUsedPercent: z.number().int(),
    isLowAirCredit: z.boolean(),
  })
  .meta({ id: 'UserCredit' });
export type UserCredit = z.infer<typeof UserCreditSchema>;

/** The organisation's credit: what it holds, what it has handed to users, and what was used. */
export const OrgCreditSchema = z
  .object({
    creditAssigned: z.number().int(),
    creditUsed: z.number().int(),
    userCreditAssigned: z.number().int(),
    userCreditUsed: z.number().int(),
    courseCreditAssigned: z.number().int(),
    courseCreditUsed: z.number().int(),
    creditRemaining: z.number().int(),
  })
  .meta({ id: 'OrgCredit' });
export type OrgCredit = z.infer<typeof OrgCreditSchema>;

/** A paged list as the spec names its fields: items, page, pageSize, pages, total, start, end. */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    start: z.number().int(),
    end: z.number().int(),
  });
}

export const AiPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type AiPageQuery = z.infer<typeof AiPageQuerySchema>;

export const UserCreditPageSchema = pagedListSchema(UserCreditSchema).meta({ id: 'UserCreditPage' });
export type UserCreditPage = z.infer<typeof UserCreditPageSchema>;

export const CreditRequestStatusSchema = z.enum(['pending', 'approved', 'refused']);

export const CreditRequestSchema = z
  .object({
    id: z.number().int(),
    user: z.object({ id: z.number().int(), user_no: z.string(), name: z.string() }),
    applied_credits: z.number().int(),
    approved_credits: z.number().int().nullable(),
    reason: z.string(),
    status: CreditRequestStatusSchema,
    remark: z.string().nullable(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
    auditor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    read: z.boolean(),
    target_type: z.enum(['user', 'course']),
  })
  .meta({ id: 'CreditRequest' });
export type CreditRequest = z.infer<typeof CreditRequestSchema>;

export const CreditRequestPageSchema = pagedListSchema(CreditRequestSchema).meta({ id: 'CreditRequestPage' });
export type CreditRequestPage = z.infer<typeof CreditRequestPageSchema>;

/** `POST /api/ai/credit-requests`: an instructor asks for more credits for themself. */
export const CreateCreditRequestSchema = z.object({
  applied_credits: z.number().int().min(1).max(100_000_000),
  reason: z.string().trim().max(1000).default(''),
});
export type CreateCreditRequest = z.input<typeof CreateCreditRequestSchema>;

/** `PUT /api/ai/credit-requests/{id}/approve`: the credits granted may be fewer than asked. */
export const ApproveCreditRequestSchema = z.object({
  approved_credits: z.number().int().min(1).max(100_000_000),
  remark: z.string().trim().max(1000).optional(),
});
export type ApproveCreditRequest = z.input<typeof ApproveCreditRequestSchema>;

export const RefuseCreditRequestSchema = z.object({ remark: z.string().trim().max(1000).optional() });

/** `PUT /api/ai/users/{userId}/credit`: sets the credits assigned to one user (never below what they used). */
export const AllocateUserCreditSchema = z.object({ assigned: z.number().int().min(0).max(100_000_000) });

export const CreditRequestIdParamsSchema = z.object({ id: IdSchema });
export const AiUserIdParamsSchema = z.object({ userId: IdSchema });
