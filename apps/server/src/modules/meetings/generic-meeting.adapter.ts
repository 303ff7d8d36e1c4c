import type { MeetingAdapter, MeetingRef } from './meeting-adapter.ts';

/**
 * A meeting made elsewhere: the instructor pastes its link and code, so this adapter needs no credentials
 * and asks no vendor anything. Attendance is what Lectern itself records when people join through it.
 */
export function genericMeetingAdapter(): MeetingAdapter {
  const meetingIdOf = (m: MeetingRef) =>
    m.data.meeting_id ?? m.data.meeting_code ?? m.data.meeting?.meeting_number ?? null;
  return {
    name: 'generic',
    ensure(meeting) {
      return Promise.resolve({ meetingId: meetingIdOf(meeting) });
    },
    joinUrl(meeting, user) {
      const { data } = meeting;
      const url =
        user.role === 'host'
          ? (data.host_join_url ?? data.join_url ?? data.guest_join_url)
          : (data.guest_join_url ?? data.join_url);
      return Promise.resolve(url ?? null);
    },
    attendees() {
      return Promise.resolve([]);
    },
    replays(meeting) {
      return Promise.resolve(
        (meeting.data.replay_address ?? []).map((url) => ({ url, startTime: null, endTime: null })),
      );
    },
  };
}
