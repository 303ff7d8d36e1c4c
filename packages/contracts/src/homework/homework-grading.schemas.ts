import { z } from 'zod';

/**
 * AI grading suggestion (spec 000 addendum sections 3 and 4, spec 001 section 7): streaming
 * `POST /api/homeworks/{id}/grading` with the submission to grade. The answer is server-sent events:
 * unnamed events carry the model's text as it arrives (`{ data }`), one `result` event the checked
 * suggestion, and a failure after the stream started one `error` event (`{ code, message }`).
 * Failures before the first event are ordinary JSON errors.
 */
export const AiGradingRequestSchema = z.object({ submission_id: z.coerce.number().int().positive() });
export type AiGradingRequest = z.infer<typeof AiGradingRequestSchema>;

/** The event that carries the checked suggestion. */
export const AI_GRADING_RESULT_EVENT = 'result';

/** A delta of the model's text, as each unnamed event carries it. */
export const AiStreamDeltaSchema = z.object({ data: z.string() });
export type AiStreamDelta = z.infer<typeof AiStreamDeltaSchema>;

/** The error event of a stream that failed after it started. */
export const AiStreamErrorSchema = z.object({ code: z.string(), message: z.string() });
export type AiStreamError = z.infer<typeof AiStreamErrorSchema>;

/**
 * What the model suggests (field names as the spec gives them). A suggestion only: the instructor accepts
 * it into the score and comment fields and saves as with any mark; the server never stores it.
 */
export const AiGradingSuggestionSchema = z
  .object({
    /** 0–100 with at most one decimal, so that accepting it always gives a valid homework score. */
    totalScore: z.number(),
    scoreJustification: z.array(
      z.object({ criterion: z.string(), points_awarded: z.number(), explanation: z.string() }),
    ),
    strengths: z.array(z.string()),
    areasForImprovement: z.array(z.string()),
  })
  .meta({ id: 'AiGradingSuggestion' });
export type AiGradingSuggestion = z.infer<typeof AiGradingSuggestionSchema>;
