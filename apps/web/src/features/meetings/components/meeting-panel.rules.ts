import type { MeetingStateResponse } from '@lectern/contracts/meetings/meetings.schemas';

export type PanelView =
  | { kind: 'join'; enabled: boolean }
  | { kind: 'playback'; enabled: boolean }
  | { kind: 'label'; label: 'notStarted' | 'ended' | 'noJoinLink' };

/**
 * What the meeting status panel shows (spec 001 §4): join while in progress; after the end a playback
 * button when a replay exists and is enabled, disabled with a "generating" text until 30 minutes after
 * the end (the server withholds the addresses until then); otherwise a status label.
 */
export function panelView(state: MeetingStateResponse): PanelView {
  if (state.status === 'not_started') return { kind: 'label', label: 'notStarted' };
  if (state.status === 'in_progress') {
    return state.can_join ? { kind: 'join', enabled: true } : { kind: 'label', label: 'noJoinLink' };
  }
  if (state.playback_enabled && state.playback_state === 'available')
    return { kind: 'playback', enabled: true };
  if (state.playback_enabled && state.playback_state === 'generating')
    return { kind: 'playback', enabled: false };
  return { kind: 'label', label: 'ended' };
}

/** The participants link: instructors on an expired meeting, disabled until 1 hour after the end. */
export function participantsLink(
  state: MeetingStateResponse,
  now: number,
): { shown: boolean; enabled: boolean } {
  if (!state.can_view_participants) return { shown: false, enabled: false };
  const opensAt = state.participants_available_at ? Date.parse(state.participants_available_at) : null;
  return { shown: true, enabled: opensAt !== null && now >= opensAt };
}
