import { z } from 'zod';

/**
 * What travels on the push stream (`GET /api/push/stream`, server-sent events). Each event belongs to one
 * course; a user receives the events of the courses they are a member of. Data is a hint to refetch, never
 * a secret: every member of the course receives it.
 */
export const PUSH_EVENT_TYPES = [
  'rollcall.started',
  'rollcall.checked_in',
  'rollcall.stopped',
  'ask_question.picked',
  'ask_question.ended',
  'vote.cast',
  'vote.closed',
  'questionnaire.submitted',
  'exam.answers_changed',
  'classroom.release_changed',
] as const;
export const PushEventTypeSchema = z.enum(PUSH_EVENT_TYPES);
export type PushEventType = z.infer<typeof PushEventTypeSchema>;

export const PushEventSchema = z.object({
  course_id: z.number().int(),
  type: PushEventTypeSchema,
  data: z.record(z.string(), z.unknown()),
});
export type PushEvent = z.infer<typeof PushEventSchema>;

/**
 * Sent first on a reconnection (the browser sends `Last-Event-ID`): events may have been missed, so the
 * client refetches what it shows. `rollcalls` carries the open roll calls of the user's courses now.
 */
export const PushResyncSchema = z.object({
  course_ids: z.array(z.number().int()),
  rollcalls: z.array(
    z.object({ rollcall_id: z.number().int(), course_id: z.number().int(), count: z.number().int() }),
  ),
});
export type PushResync = z.infer<typeof PushResyncSchema>;

/** The SSE event name of a resync. */
export const PUSH_RESYNC_EVENT = 'resync';
