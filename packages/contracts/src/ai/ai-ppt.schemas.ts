import { z } from 'zod';

/**
 * `POST /api/ai-ppt/usage` and `GET /api/ai-ppt/user/usage/count` (spec 000 section 7, "AI slides"): how often
 * the signed-in instructor used the AI slide-deck feature. The POST takes no body: it records one use.
 */
export const AiPptUsageSchema = z
  .object({
    user_id: z.number().int(),
    user_no: z.string(),
    user_name: z.string(),
    usage_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'AiPptUsage' });
export type AiPptUsage = z.infer<typeof AiPptUsageSchema>;
