import { z } from 'zod';
import { IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * Where a person stands with joining a course by themselves: already a `member`; `open` to join now;
 * `not_open` (self-enrolment off, or the course is private), `not_started` / `ended` (outside the
 * window), `full` (capacity reached).
 */
export const REGISTRATION_STATES = ['member', 'open', 'not_open', 'not_started', 'ended', 'full'] as const;
export const RegistrationStateSchema = z.enum(REGISTRATION_STATES);
export type RegistrationState = z.infer<typeof RegistrationStateSchema>;

/** A course's self-enrolment rules, set by its teaching team. */
export const RegistrationSettingsSchema = z
  .object({
    enabled: z.boolean(),
    start_time: IsoDateTimeSchema.nullable(),
    end_time: IsoDateTimeSchema.nullable(),
    /** Most students the course takes; null for no limit. */
    capacity: z.number().int().min(1, 'courseServices.capacityInvalid').max(100_000).nullable(),
  })
  .meta({ id: 'RegistrationSettings' });
export type RegistrationSettings = z.infer<typeof RegistrationSettingsSchema>;

export const SaveRegistrationSettingsRequestSchema = z
  .object({
    enabled: z.boolean(),
    start_time: z.iso
      .datetime({ offset: true, error: 'courseServices.dateInvalid' })
      .nullable()
      .default(null),
    end_time: z.iso.datetime({ offset: true, error: 'courseServices.dateInvalid' }).nullable().default(null),
    capacity: z
      .number({ error: 'courseServices.capacityInvalid' })
      .int('courseServices.capacityInvalid')
      .min(1, 'courseServices.capacityInvalid')
      .max(100_000, 'courseServices.capacityInvalid')
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    if (value.start_time && value.end_time && Date.parse(value.end_time) <= Date.parse(value.start_time)) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'courseServices.endBeforeStart' });
    }
  });
export type SaveRegistrationSettingsRequest = z.input<typeof SaveRegistrationSettingsRequestSchema>;
export type SaveRegistrationSettings = z.output<typeof SaveRegistrationSettingsRequestSchema>;

/** `GET /api/course/{id}/registration-state` (and the answer of a join). */
export const RegistrationStateResponseSchema = z
  .object({
    course_id: z.number().int(),
    registration_state: RegistrationStateSchema,
    can_join: z.boolean(),
    settings: RegistrationSettingsSchema,
    student_count: z.number().int(),
  })
  .meta({ id: 'RegistrationStateResponse' });
export type RegistrationStateResponse = z.infer<typeof RegistrationStateResponseSchema>;

/** The one rule both sides apply: given the settings, the moment and the counts, the state. */
export function registrationStateOf(input: {
  isMember: boolean;
  isPublic: boolean;
  settings: RegistrationSettings;
  studentCount: number;
  now: Date;
}): RegistrationState {
  if (input.isMember) return 'member';
  const { settings, now } = input;
  if (!input.isPublic || !settings.enabled) return 'not_open';
  if (settings.start_time && now.getTime() < Date.parse(settings.start_time)) return 'not_started';
  if (settings.end_time && now.getTime() >= Date.parse(settings.end_time)) return 'ended';
  if (settings.capacity !== null && input.studentCount >= settings.capacity) return 'full';
  return 'open';
}
