import type { Participant, WatchStatsResponse } from '@lectern/contracts/meetings/meetings.schemas';
import type { JoinRow } from './meetings.repository.ts';

export function presentParticipant(row: JoinRow): Participant {
  return {
    user_id: row.userId,
    user_name: row.name,
    user_no: row.userNo,
    connected_duration: null,
    first_joined_at: row.firstJoinedAt.toISOString(),
    join_count: row.joinCount,
  };
}

export function presentWatchStats(rows: readonly JoinRow[], total: number): WatchStatsResponse {
  return {
    viewer_count: total,
    watch_count: rows.reduce((sum, row) => sum + row.joinCount, 0),
    viewers: rows.map((row) => ({
      user_name: row.name,
      user_no: row.userNo,
      watch_count: row.joinCount,
      first_watched_at: row.firstJoinedAt.toISOString(),
    })),
  };
}
