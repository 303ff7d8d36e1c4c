import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * AI generation for an uploaded video (spec 001 section 5, upload options): captions from the speech,
 * topics and chapters from the captions. The instructor starts it from the video's upload options; a
 * background job extracts the audio, has the provider transcribe it and then the chat model summarise it.
 */
export const VIDEO_AI_PARTS = ['caption', 'topic', 'chapter'] as const;
export type VideoAiPart = (typeof VIDEO_AI_PARTS)[number];

export const VideoAiStatusSchema = z.enum(['queued', 'processing', 'finished', 'failed']);
export type VideoAiStatus = z.infer<typeof VideoAiStatusSchema>;

export const VideoChapterSchema = z.object({
  /** Seconds from the start of the video. */
  start: z.number().min(0),
  title: z.string(),
});
export type VideoChapter = z.infer<typeof VideoChapterSchema>;

export const VideoAiTaskSchema = z
  .object({
    id: z.number().int(),
    activity_id: z.number().int(),
    /** The video's attachment (upload reference) on the activity. */
    reference_id: z.number().int(),
    status: VideoAiStatusSchema,
    caption: z.boolean(),
    topic: z.boolean(),
    chapter: z.boolean(),
    topics: z.array(z.string()),
    chapters: z.array(VideoChapterSchema),
    /** WebVTT captions (`GET /api/video-ai/{id}/captions.vtt`) once finished with captions; else null. */
    captions_url: z.string().nullable(),
    /** Why the generation failed, in the caller's language; null otherwise. */
    error: z.string().nullable(),
    created_at: IsoDateTimeSchema,
    updated_at: IsoDateTimeSchema,
  })
  .meta({ id: 'VideoAiTask' });
export type VideoAiTask = z.infer<typeof VideoAiTaskSchema>;

/** `GET /api/activities/{id}/video-ai`: the latest generation of each of the activity's videos. */
export const VideoAiTasksResponseSchema = z.object({
  /** The caller may start generations (the teaching team, not while simulating a student). */
  can_manage: z.boolean(),
  tasks: z.array(VideoAiTaskSchema),
});
export type VideoAiTasksResponse = z.infer<typeof VideoAiTasksResponseSchema>;

/**
 * `POST /api/activities/{id}/video-ai`: generate for one of the activity's videos. The upload options show
 * the checkbox only with all three parts on (spec 001 section 5); the server takes any non-empty choice.
 */
export const StartVideoAiSchema = z
  .object({
    reference_id: IdSchema,
    caption: z.boolean().default(true),
    topic: z.boolean().default(true),
    chapter: z.boolean().default(true),
  })
  .refine((value) => value.caption || value.topic || value.chapter, {
    path: ['caption'],
    message: 'ai.videoPartsRequired',
  });
export type StartVideoAi = z.input<typeof StartVideoAiSchema>;

export const VideoAiIdParamsSchema = z.object({ id: IdSchema });

/** What the chat model must answer for topics and chapters; checked before anything is stored or paid. */
export const VideoAiSummarySchema = z.object({
  topics: z.array(z.string().trim().min(1).max(60)).max(20),
  chapters: z.array(z.object({ start: z.number().min(0), title: z.string().trim().min(1).max(120) })).max(50),
});
export type VideoAiSummary = z.infer<typeof VideoAiSummarySchema>;

/** Lower-case extension of a file name ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Seconds as a WebVTT timestamp, `hh:mm:ss.mmm`. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * Transcript segments as a WebVTT file. Cue text cannot hold `-->` or a blank line (either would end or
 * break the cue), and `<`/`&` would be read as markup, so they are escaped or folded.
 */
export function toWebVtt(segments: readonly { start: number; end: number; text: string }[]): string {
  const cues = segments
    .map((segment) => ({
      ...segment,
      text: segment.text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/\s*\n\s*/g, ' ')
        .trim(),
    }))
    .filter((segment) => segment.text && segment.end > segment.start)
    .map((segment) => `${vttTime(segment.start)} --> ${vttTime(segment.end)}\n${segment.text}`);
  return `WEBVTT\n\n${cues.join('\n\n')}${cues.length ? '\n' : ''}`;
}
