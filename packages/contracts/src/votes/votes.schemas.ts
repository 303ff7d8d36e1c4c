import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';
import { VoteTypeSchema } from './vote-settings.ts';

export const VoteIdParamsSchema = z.object({ id: IdSchema });

/** `POST /api/votes/{id}/vote`: the chosen options' letters, as the original clients send them. */
export const CastVoteRequestSchema = z.object({
  votes: z.array(z.string().max(1, 'votes.optionUnknown')).max(26, 'votes.optionUnknown'),
});
export type CastVoteRequest = z.input<typeof CastVoteRequestSchema>;

/**
 * A voter as the teaching team sees them in a named vote, or a student sees themself. Never sent for an
 * anonymous vote except to the voter about their own ballot.
 */
export const VoterSchema = z
  .object({
    id: z.number().int(),
    user_no: z.string(),
    name: z.string(),
    votes: z.array(z.string()),
    voted_at: IsoDateTimeSchema,
  })
  .meta({ id: 'Voter' });
export type Voter = z.infer<typeof VoterSchema>;

export const VoteOptionResultSchema = z.object({
  option: z.string(),
  content: z.string(),
  count: z.number().int(),
});
export type VoteOptionResult = z.infer<typeof VoteOptionResultSchema>;

export const VOTE_STATUSES = ['not_started', 'in_progress', 'ended'] as const;
export const VoteStatusSchema = z.enum(VOTE_STATUSES);
export type VoteStatus = z.infer<typeof VoteStatusSchema>;

/**
 * `GET /api/votes/{id}` (and the answer of a cast). The original clients read `interaction.data`
 * (`vote_option_items` letter → text, `vote_type`, `topic`, `vote_options` = the number of options) and
 * `students` (who has voted: in a named vote the teaching team gets everyone with their choices; anyone
 * else, and everyone in an anonymous vote, gets only their own ballot). Counts reach students once the
 * vote has ended.
 */
export const VoteResponseSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    title: z.string(),
    status: VoteStatusSchema,
    is_open: z.boolean(),
    start_time: IsoDateTimeSchema.nullable(),
    end_time: IsoDateTimeSchema.nullable(),
    interaction: z.object({
      id: z.number().int(),
      type: z.literal('vote'),
      title: z.string(),
      start_time: IsoDateTimeSchema.nullable(),
      end_time: IsoDateTimeSchema.nullable(),
      data: z.object({
        topic: z.string(),
        vote_type: VoteTypeSchema,
        is_anonymous: z.boolean(),
        vote_option_items: z.record(z.string(), z.string()),
        vote_options: z.number().int(),
      }),
    }),
    students: z.array(VoterSchema),
    my_votes: z.array(z.string()).nullable(),
    can_vote: z.boolean(),
    can_see_results: z.boolean(),
    student_count: z.number().int(),
    voter_count: z.number().int(),
    /** Per option in letter order; null while the caller may not see the counts. */
    results: z.array(VoteOptionResultSchema).nullable(),
  })
  .meta({ id: 'Vote' });
export type VoteResponse = z.infer<typeof VoteResponseSchema>;
