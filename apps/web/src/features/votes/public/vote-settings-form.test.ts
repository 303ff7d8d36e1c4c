import { describe, expect, it } from 'vitest';
import { voteDataFromForm, voteSettingsFormValues } from './vote-settings-form.ts';

describe('vote settings in the activity form', () => {
  it('starts a new vote with two empty options, single choice and named', () => {
    expect(voteSettingsFormValues()).toEqual({
      topic: '',
      vote_type: 'single',
      is_anonymous: false,
      options: ['', ''],
    });
  });

  it('letters the options in the order shown, trimmed, as the original clients read them', () => {
    expect(
      voteDataFromForm({
        topic: ' Lunch? ',
        vote_type: 'multiple',
        is_anonymous: true,
        options: [' Rice', 'Noodles '],
      }),
    ).toEqual({
      topic: 'Lunch?',
      vote_type: 'multiple',
      is_anonymous: true,
      vote_option_items: { A: 'Rice', B: 'Noodles' },
    });
  });

  it('reads a stored vote back into the form in letter order', () => {
    const stored = {
      topic: 'Pick',
      vote_type: 'multiple',
      is_anonymous: true,
      vote_option_items: { B: 'Second', A: 'First', C: 'Third' },
    };
    const values = voteSettingsFormValues(stored);
    expect(values).toEqual({
      topic: 'Pick',
      vote_type: 'multiple',
      is_anonymous: true,
      options: ['First', 'Second', 'Third'],
    });
    expect(voteDataFromForm(values)).toEqual({
      ...stored,
      vote_option_items: { A: 'First', B: 'Second', C: 'Third' },
    });
  });
});
