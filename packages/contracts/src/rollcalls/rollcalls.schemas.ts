import { z } from 'zod';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateTimeSchema, NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';

export const ROLLCALL_LIMITS = {
  titleMax: 100,
  /** Wrong number codes a student may send in one roll call; after that every answer is refused. */
  wrongCodesMax: 5,
  durationMaxSeconds: 4 * 3600,
  radiusMinMetres: 10,
  radiusMaxMetres: 5000,
  defaultRadiusMetres: 100,
  defaultDurationSeconds: 300,
  /** How long one QR token is valid; the projector fetches a new one before then. */
  qrWindowSeconds: 10,
} as const;

export const ROLLCALL_TYPES = ['number', 'qr', 'radar', 'self_registration'] as const;
export const RollcallTypeSchema = z.enum(ROLLCALL_TYPES);
export type RollcallType = z.infer<typeof RollcallTypeSchema>;

/** The roll call itself: created, running, or over (stopped, or its duration ran out). */
export const ROLLCALL_STATUSES = ['not_started', 'in_progress', 'finished'] as const;
export const RollcallStatusSchema = z.enum(ROLLCALL_STATUSES);
export type RollcallStatus = z.infer<typeof RollcallStatusSchema>;

/** One student in one roll call (the original system's `rollcall_status` words). */
export const STUDENT_ROLLCALL_STATUSES = ['on_call_fine', 'late', 'absent', 'on_leave'] as const;
export const StudentRollcallStatusSchema = z.enum(STUDENT_ROLLCALL_STATUSES);
export type StudentRollcallStatus = z.infer<typeof StudentRollcallStatusSchema>;

/** Statuses that count as checked in. */
export const PRESENT_STATUSES: readonly StudentRollcallStatus[] = ['on_call_fine', 'late'];

/** Why an answer waits for the instructor instead of counting. */
export const ROLLCALL_REVIEW_REASONS = ['poor_accuracy'] as const;
export const RollcallReviewReasonSchema = z.enum(ROLLCALL_REVIEW_REASONS);

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/**
 * `POST /api/course/{c}/rollcall`. The original clients send the kind as flags (`is_number`, `is_radar`)
 * and/or `type` (`number`, `qrcode`, `radar`, `self_registration`); either works. A number roll call gets
 * a random 4-digit code unless `number_code` is given. A radar roll call needs the instructor's position.
 */
export const CreateRollcallBodySchema = z
  .object({
    title: plainText('rollcalls.titleTooLong')
      .max(ROLLCALL_LIMITS.titleMax, 'rollcalls.titleTooLong')
      .optional(),
    type: z.enum(['number', 'qr', 'qrcode', 'radar', 'self_registration']).optional(),
    is_number: z.boolean().optional(),
    is_radar: z.boolean().optional(),
    number_code: z
      .string()
      .regex(/^\d{4}$/, 'rollcalls.numberCodeFormat')
      .nullable()
      .optional(),
    latitude: latitude.nullable().optional(),
    longitude: longitude.nullable().optional(),
    /** Metres around the instructor's position. */
    radius: z
      .number()
      .int()
      .min(ROLLCALL_LIMITS.radiusMinMetres)
      .max(ROLLCALL_LIMITS.radiusMaxMetres)
      .optional(),
    /** Seconds from start; the roll call ends by itself then. */
    duration: z.number().int().min(10).max(ROLLCALL_LIMITS.durationMaxSeconds).optional(),
  })
  .loose();
export type CreateRollcallBody = z.input<typeof CreateRollcallBodySchema>;

/** The kind a create body asks for: explicit `type` first, then the flags; self-registration otherwise. */
export function rollcallTypeOf(body: z.infer<typeof CreateRollcallBodySchema>): RollcallType {
  if (body.type === 'qrcode') return 'qr';
  if (body.type) return body.type;
  if (body.is_number) return 'number';
  if (body.is_radar) return 'radar';
  return 'self_registration';
}

export const CreateRollcallResponseSchema = z.object({ rollcall_id: z.number().int() });

export const CourseRollcallParamsSchema = z.object({ c: IdSchema });
export const CourseRollcallItemParamsSchema = z.object({ c: IdSchema, id: IdSchema });
export const CourseModulesParamsSchema = z.object({ id: IdSchema });
export const MarkStudentParamsSchema = z.object({ id: IdSchema, userId: IdSchema });

/** What every view of a roll call names it by: ids, title and kind (one `is_*` flag per kind, as the clients read it). */
const RollcallKindFields = z.object({
  id: z.number().int(),
  rollcall_id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  type: RollcallTypeSchema,
  is_number: z.boolean(),
  is_radar: z.boolean(),
  is_qr: z.boolean(),
  is_self_registration: z.boolean(),
});

/** The roll call as its course's teaching team sees it. */
export const RollcallSchema = RollcallKindFields.extend({
  status: RollcallStatusSchema,
  /** The code to read out; null for students and for other kinds. */
  number_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number().int().nullable(),
  duration: z.number().int(),
  started_at: NullableIsoDateTimeSchema,
  ends_at: NullableIsoDateTimeSchema,
  created_at: IsoDateTimeSchema,
  /** Students checked in (on time or late). */
  count: z.number().int(),
  student_count: z.number().int(),
  /** The caller's own status, for a student; null for the teaching team. */
  my_status: StudentRollcallStatusSchema.nullable(),
  can_manage: z.boolean(),
}).meta({ id: 'Rollcall' });
export type Rollcall = z.infer<typeof RollcallSchema>;

export const RollcallStartedResponseSchema = RollcallSchema;

/** `GET /api/course/{c}/rollcall/{id}/qr_code`: the token the projector shows; it expires after one window. */
export const RollcallQrCodeResponseSchema = z.object({
  data: z.string(),
  expires_at: IsoDateTimeSchema,
  rotate_seconds: z.number().int(),
});
export type RollcallQrCodeResponse = z.infer<typeof RollcallQrCodeResponseSchema>;

/** One open roll call of `GET /api/radar/rollcalls` (what a student may answer now). */
export const OpenRollcallSchema = RollcallKindFields.extend({
  course_name: z.string(),
  /** The roll call's own state (always in_progress here). */
  rollcall_status: RollcallStatusSchema,
  /** The caller's state in it. */
  status: StudentRollcallStatusSchema,
  /** The caller's answer waits for the instructor. */
  pending_review: z.boolean(),
  ends_at: NullableIsoDateTimeSchema,
}).meta({ id: 'OpenRollcall' });
export type OpenRollcall = z.infer<typeof OpenRollcallSchema>;
export const OpenRollcallsResponseSchema = z.object({ rollcalls: z.array(OpenRollcallSchema) });
export type OpenRollcallsResponse = z.infer<typeof OpenRollcallsResponseSchema>;

const deviceId = z.string().trim().min(1, 'rollcalls.deviceRequired').max(200);

export const AnswerNumberBodySchema = z.object({ deviceId, numberCode: z.string().trim().max(20) }).loose();
export const AnswerQrBodySchema = z.object({ deviceId, data: z.string().max(500) }).loose();
export const AnswerRadarBodySchema = z
  .object({
    deviceId,
    latitude,
    longitude,
    /** Metres, as the device reports it; absent means unknown (reviewed by hand). */
    accuracy: z.number().nonnegative().nullable().optional(),
  })
  .loose();
export const AnswerSelfRegistrationBodySchema = z.object({ deviceId }).loose();
export const AnswerQuerySchema = z.object({ api_version: z.string().optional() }).loose();

/** After an answer: the caller's state; `pending_review` when it waits for the instructor. */
export const AnswerResponseSchema = z.object({
  rollcall_id: z.number().int(),
  status: z.enum(['on_call_fine', 'late', 'pending_review']),
  /** Metres from the instructor, for radar answers. */
  distance: z.number().nullable(),
});
export type AnswerResponse = z.infer<typeof AnswerResponseSchema>;

export const StudentRollcallSchema = z
  .object({
    student_id: z.number().int(),
    user_no: z.string(),
    name: z.string(),
    rollcall_status: StudentRollcallStatusSchema,
    /** The code of a number roll call; only the teaching team receives it. */
    number_code: z.string().nullable(),
    source: z.string().nullable(),
    review: RollcallReviewReasonSchema.nullable(),
    distance: z.number().nullable(),
    accuracy: z.number().nullable(),
    answered_at: NullableIsoDateTimeSchema,
  })
  .meta({ id: 'StudentRollcall' });
export type StudentRollcall = z.infer<typeof StudentRollcallSchema>;

/** `GET /api/rollcall/{id}/student_rollcalls`: the roll for the teaching team; a student gets their own row. */
export const StudentRollcallsResponseSchema = z.object({
  rollcall_id: z.number().int(),
  status: RollcallStatusSchema,
  count: z.number().int(),
  student_rollcalls: z.array(StudentRollcallSchema),
});
export type StudentRollcallsResponse = z.infer<typeof StudentRollcallsResponseSchema>;

/** `GET /api/rollcall/{id}/lite`: what anyone in the course may know; no position, no code. */
export const RollcallLiteSchema = z.object({
  rollcall_id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  type: RollcallTypeSchema,
  is_number: z.boolean(),
  is_radar: z.boolean(),
  is_qr: z.boolean(),
  is_self_registration: z.boolean(),
  status: RollcallStatusSchema,
  ends_at: NullableIsoDateTimeSchema,
});

export const MarkStudentBodySchema = z.object({ status: StudentRollcallStatusSchema });

export const CourseRollcallsResponseSchema = z.object({ rollcalls: z.array(RollcallSchema) });
export type CourseRollcallsResponse = z.infer<typeof CourseRollcallsResponseSchema>;

export const StopRollcallResponseSchema = RollcallSchema;
