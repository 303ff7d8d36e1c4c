import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { VoteResponse } from '@lectern/contracts/votes/votes.schemas';

export function makeVoteActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 300,
    course_id: 5,
    module_id: 11,
    syllabus_id: null,
    module_name: 'Week 1',
    syllabus_summary: null,
    type: 'vote',
    title: 'Next topic',
    data: {
      topic: 'Which topic next week?',
      vote_type: 'single',
      is_anonymous: false,
      vote_option_items: { A: 'Graphs', B: 'Trees', C: 'Heaps' },
    },
    start_time: '2026-03-01T08:00:00.000Z',
    end_time: null,
    last_sub_meeting_end_time: null,
    published: true,
    is_started: true,
    is_closed: false,
    status: 'inProgress',
    completion_criterion: 'view',
    completion_criterion_key: 'view',
    completion_criterion_value: null,
    sort: 0,
    created_by: { id: 7, name: 'Li Wei' },
    created_at: '2026-02-20T09:30:00.000Z',
    updated_at: '2026-02-20T09:30:00.000Z',
    uploads: [],
    can_edit: false,
    read: false,
    ...overrides,
  };
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
