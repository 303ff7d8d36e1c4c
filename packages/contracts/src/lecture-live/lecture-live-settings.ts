import { z } from 'zod';

const RoomSchema = z
  .object({
    building: z.string().max(200).optional(),
    room_name: z.string().max(200).optional(),
    room_code: z.string().max(100).optional(),
  })
  .loose();

/**
 * How the page's player behaves (the attribute table's controllerConfig). `autoplay`: the player starts by
 * itself, muted as browsers require of a page nobody has clicked yet (spec 000: live volume 0.8 once the
 * viewer unmutes). Absent, it does not: the viewer presses play (DEFAULT_LIVE_AUTOPLAY), as before the
 * setting existed.
 */
export const LectureLiveControllerConfigSchema = z.strictObject({ autoplay: z.boolean() });
export type LectureLiveControllerConfig = z.infer<typeof LectureLiveControllerConfigSchema>;
export const DEFAULT_LIVE_AUTOPLAY = false;

/**
 * `data` of a lecture_live activity. The stream key is not here: activity data reaches every member, and
 * the key lives in the slice's own table, shown only to the teaching team.
 */
export const LectureLiveDataSchema = z
  .object({
    description: z.string().max(20_000).optional(),
    /** The classroom the lecture is given in, when it is also given in person. */
    room_location: RoomSchema.optional(),
    /** Students may watch the replay (default); off, only the teaching team may. */
    allow_replay: z.boolean().optional(),
    /** A live run by another platform, for imported activities (spec 000: data.externalLiveId). */
    external_live_id: z.string().max(128).optional(),
    controller_config: LectureLiveControllerConfigSchema.optional(),
  })
  .loose();
export type LectureLiveData = z.infer<typeof LectureLiveDataSchema>;
