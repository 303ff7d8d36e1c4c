import { describe, expect, it } from 'vitest';
import { VoteDataSchema, checkBallot } from './vote-settings.ts';

const items = { A: 'Tea', B: 'Coffee', C: 'Water' };

describe('checkBallot', () => {
  it('takes exactly one known option in a single-choice vote', () => {
    const single = { vote_type: 'single' as const, vote_option_items: items };
    expect(checkBallot(single, ['b'])).toEqual({ ok: true, letters: ['B'] });
    expect(checkBallot(single, ['A', 'B'])).toEqual({ ok: false, message: 'votes.singleChoiceOnly' });
    expect(checkBallot(single, [])).toEqual({ ok: false, message: 'votes.choiceRequired' });
    expect(checkBallot(single, ['D'])).toEqual({ ok: false, message: 'votes.optionUnknown' });
  });

  it('takes one or more options in a multiple-choice vote, each once, in option order', () => {
    const multiple = { vote_type: 'multiple' as const, vote_option_items: items };
    expect(checkBallot(multiple, ['C', 'A', 'C'])).toEqual({ ok: true, letters: ['A', 'C'] });
    expect(checkBallot(multiple, [])).toEqual({ ok: false, message: 'votes.choiceRequired' });
  });
});

describe('VoteDataSchema', () => {
  it('needs two or more options lettered from A without gaps', () => {
    expect(VoteDataSchema.safeParse({ vote_option_items: items }).success).toBe(true);
    expect(VoteDataSchema.safeParse({ vote_option_items: { A: 'Only' } }).success).toBe(false);
    expect(VoteDataSchema.safeParse({ vote_option_items: { A: 'x', C: 'y' } }).success).toBe(false);
    expect(VoteDataSchema.safeParse({ vote_option_items: { a: 'x', b: 'y' } }).success).toBe(false);
    expect(VoteDataSchema.safeParse({}).success).toBe(false);
  });

  it('fills single choice and named in when left out', () => {
    expect(VoteDataSchema.parse({ vote_option_items: items })).toMatchObject({
      vote_type: 'single',
      is_anonymous: false,
    });
  });
});
