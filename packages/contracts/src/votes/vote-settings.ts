import { z } from 'zod';
import { VOTE_LIMITS, VOTE_TYPES, optionLetter, optionLetters } from './vote-options.ts';

export const VoteTypeSchema = z.enum(VOTE_TYPES);

const OptionTextSchema = z
  .string()
  .trim()
  .min(1, 'votes.optionEmpty')
  .max(VOTE_LIMITS.optionTextMax, 'votes.optionTooLong');

/**
 * `activity.data` of a vote. The options travel as the original clients read them: a map from letter to
 * text, `{"A": "…", "B": "…"}`, whose letters run from A without gaps. The window is the activity's own
 * start and end time.
 */
export const VoteDataSchema = z
  .object({
    /** The question put to the class (plain text). */
    topic: z.string().max(VOTE_LIMITS.topicMax, 'votes.topicTooLong').optional(),
    vote_type: VoteTypeSchema.default('single'),
    is_anonymous: z.boolean().default(false),
    vote_option_items: z
      .record(
        z.string().regex(/^[A-Z]$/, 'votes.optionLetterInvalid'),
        OptionTextSchema,
        'votes.optionsRequired',
      )
      .superRefine((items, ctx) => {
        const letters = optionLetters(items);
        if (letters.length < VOTE_LIMITS.optionsMin) {
          ctx.addIssue({ code: 'custom', message: 'votes.optionsTooFew', input: items });
          return;
        }
        if (letters.some((letter, i) => letter !== optionLetter(i))) {
          ctx.addIssue({ code: 'custom', message: 'votes.optionLetterInvalid', input: items });
        }
      }),
  })
  .loose();
export type VoteData = z.output<typeof VoteDataSchema>;

export type BallotCheck = { ok: true; letters: string[] } | { ok: false; message: VoteBallotMessage };
export type VoteBallotMessage = 'votes.choiceRequired' | 'votes.singleChoiceOnly' | 'votes.optionUnknown';

/**
 * A ballot's letters against the vote: known options only, exactly one in a single-choice vote, at least
 * one in a multiple-choice vote. Repeated letters count once; the result is in option order.
 */
export function checkBallot(
  data: Pick<VoteData, 'vote_type' | 'vote_option_items'>,
  votes: readonly string[],
): BallotCheck {
  const known = optionLetters(data.vote_option_items);
  const chosen = [...new Set(votes.map((v) => v.trim().toUpperCase()))];
  if (chosen.some((letter) => !known.includes(letter))) return { ok: false, message: 'votes.optionUnknown' };
  if (chosen.length === 0) return { ok: false, message: 'votes.choiceRequired' };
  if (data.vote_type === 'single' && chosen.length > 1)
    return { ok: false, message: 'votes.singleChoiceOnly' };
  return { ok: true, letters: chosen.sort() };
}
