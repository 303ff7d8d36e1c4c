import type { VoteResponse, VoteStatus, Voter } from '@lectern/contracts/votes/votes.schemas';
import { optionLetters } from '@lectern/contracts/votes/vote-options';
import type { VoteData } from '@lectern/contracts/votes/vote-settings';
import type { ActivityRow } from '../activities/activities.repository.ts';
import type { NamedBallotRow } from './votes.repository.ts';

/** Open while published and inside its window; a missing start or end leaves that side open. */
export function voteStatus(activity: ActivityRow, now: Date): VoteStatus {
  if (activity.startTime && activity.startTime > now) return 'not_started';
  if (activity.endTime && activity.endTime <= now) return 'ended';
  return 'in_progress';
}

export function presentVoter(row: NamedBallotRow): Voter {
  return {
    id: row.userId,
    user_no: row.userNo,
    name: row.name,
    votes: row.options,
    voted_at: row.votedAt.toISOString(),
  };
}

export type VoteView = {
  status: VoteStatus;
  /** Voters the caller may see (see VoteResponseSchema). */
  students: Voter[];
  myVotes: string[] | null;
  canVote: boolean;
  counts: { voters: number; byOption: Map<string, number> } | null;
  voterCount: number;
  studentCount: number;
};

export function presentVote(activity: ActivityRow, data: VoteData, view: VoteView): VoteResponse {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const letters = optionLetters(data.vote_option_items);
  const counts = view.counts;
  return {
    id: activity.id,
    course_id: activity.courseId,
    title: activity.title,
    status: view.status,
    is_open: view.status === 'in_progress',
    start_time: iso(activity.startTime),
    end_time: iso(activity.endTime),
    interaction: {
      id: activity.id,
      type: 'vote',
      title: activity.title,
      start_time: iso(activity.startTime),
      end_time: iso(activity.endTime),
      data: {
        topic: data.topic ?? '',
        vote_type: data.vote_type,
        is_anonymous: data.is_anonymous,
        vote_option_items: data.vote_option_items,
        vote_options: letters.length,
      },
    },
    students: view.students,
    my_votes: view.myVotes,
    can_vote: view.canVote,
    can_see_results: counts !== null,
    student_count: view.studentCount,
    voter_count: view.voterCount,
    results: counts
      ? letters.map((letter) => ({
          option: letter,
          content: data.vote_option_items[letter] ?? '',
          count: counts.byOption.get(letter) ?? 0,
        }))
      : null,
  };
}
