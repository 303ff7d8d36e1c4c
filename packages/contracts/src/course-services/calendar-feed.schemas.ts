import { z } from 'zod';
import { IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * `GET /api/calendar/feed`: whether the user has an iCalendar feed. The secret URL is shown once, when it
 * is made (`POST`); only its hash is kept, so a leaked database cannot be used to read calendars.
 */
export const CalendarFeedStatusSchema = z
  .object({
    active: z.boolean(),
    created_at: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** `POST /api/calendar/feed`: a new secret URL; any earlier one stops working. */
export const CalendarFeedCreatedSchema = CalendarFeedStatusSchema.extend({
  /** Path of the feed under the server's origin (`/api/calendar/feed/{token}.ics`). */
  path: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;

/** The feed token (32 random bytes, base64url) and `.ics`; a malformed one answers 404 like a revoked one. */
export const CalendarFeedParamsSchema = z.object({ token: z.string().max(200) });
export const CALENDAR_FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
