import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { VoteResponse } from '@lectern/contracts/votes/votes.schemas';
import { makeActivity } from '../../../test/fixtures.ts';

export function makeVoteActivity(overrides: Partial<Activity> = {}): Activity {
  return makeActivity({
    id: 300,
    type: 'vote',
    title: 'Next topic',
    data: {
      topic: 'Which topic next week?',
      vote_type: 'single',
      is_anonymous: false,
      vote_option_items: { A: 'Graphs', B: 'Trees', C: 'Heaps' },
    },
    start_time: '2026-03-01T08:00:00.000Z',
    ...overrides,
  });
}

export function makeVote(
  overrides: Partial<VoteResponse> = {},
  data: Partial<VoteResponse['interaction']['data']> = {},
): VoteResponse {
  return {
    id: 300,
    course_id: 5,
    title: 'Next topic',
    status: 'in_progress',
    is_open: true,
    start_time: '2026-03-01T08:00:00.000Z',
    end_time: null,
    interaction: {
      id: 300,
      type: 'vote',
      title: 'Next topic',
      start_time: '2026-03-01T08:00:00.000Z',
      end_time: null,
      data: {
        topic: 'Which topic next week?',
        vote_type: 'single',
        is_anonymous: false,
        vote_option_items: { A: 'Graphs', B: 'Trees', C: 'Heaps' },
        vote_options: 3,
        ...data,
      },
    },
    students: [],
    my_votes: null,
    can_vote: true,
    can_see_results: false,
    student_count: 30,
    voter_count: 0,
    results: null,
    ...overrides,
  };
}
