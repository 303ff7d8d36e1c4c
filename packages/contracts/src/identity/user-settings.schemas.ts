import { z } from 'zod';

/** IANA zone names this runtime knows (Node 20 and every supported browser have Intl.supportedValuesOf). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  return Intl.supportedValuesOf('timeZone').includes(zone);
}

export const UpdateUserSettingsRequestSchema = z.object({
  /** IANA name; null follows the browser's zone. */
  time_zone: z
    .string()
    .trim()
    .max(64)
    .refine(isKnownTimeZone, 'identity.timeZoneUnknown')
    .nullable()
    .optional(),
  /** Digits with an optional leading +, 6–20 characters (spec 001 uses it for meeting hosts). */
  mobile_phone: z
    .string()
    .trim()
    .regex(/^\+?\d{6,20}$/, 'identity.mobilePhoneInvalid')
    .nullable()
    .optional(),
});
export type UpdateUserSettingsRequest = z.infer<typeof UpdateUserSettingsRequestSchema>;

export const UserSettingsSchema = z
  .object({ time_zone: z.string().nullable(), mobile_phone: z.string().nullable() })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettingsSchema>;
