import { describe, expect, it } from 'vitest';
import {
  canBookLive,
  lectureLiveStatus,
  secondsUntilStart,
  shownLectureLiveStatus,
  type LectureLiveFacts,
} from './lecture-live-status.ts';

const now = new Date('2026-01-01T10:00:00Z');
const hour = 3600_000;
const facts = (over: Partial<LectureLiveFacts>): LectureLiveFacts => ({
  now,
  startTime: new Date(now.getTime() + hour),
  endTime: new Date(now.getTime() + 2 * hour),
  streamState: 'idle',
  replay: null,
  ...over,
});

describe('lecture live status machine', () => {
  it('is unopened before any stream while the end has not passed', () => {
    expect(lectureLiveStatus(facts({}))).toBe('live_unopened');
    // Past the start but the instructor has not gone live yet: still waiting, still bookable.
    expect(lectureLiveStatus(facts({ startTime: new Date(now.getTime() - hour) }))).toBe('live_unopened');
    expect(lectureLiveStatus(facts({ startTime: null, endTime: null }))).toBe('live_unopened');
  });
  it('is in progress while the encoder publishes, whatever the clock says', () => {
    expect(lectureLiveStatus(facts({ streamState: 'publishing' }))).toBe('live_in_progress');
    expect(
      lectureLiveStatus(facts({ streamState: 'publishing', endTime: new Date(now.getTime() - hour) })),
    ).toBe('live_in_progress');
  });
  it('follows the replay through waiting, processing, failure, done and deleted', () => {
    const ended = { streamState: 'ended' as const };
    expect(lectureLiveStatus(facts({ ...ended }))).toBe('replay_waiting_process');
    expect(lectureLiveStatus(facts({ ...ended, replay: { state: 'waiting' } }))).toBe(
      'replay_waiting_process',
    );
    expect(lectureLiveStatus(facts({ ...ended, replay: { state: 'processing' } }))).toBe('replay_processing');
    expect(lectureLiveStatus(facts({ ...ended, replay: { state: 'failed' } }))).toBe('replay_process_fail');
    expect(lectureLiveStatus(facts({ ...ended, replay: { state: 'done' } }))).toBe('replay_unpublished');
    expect(lectureLiveStatus(facts({ ...ended, replay: { state: 'deleted' } }))).toBe('replay_deleted');
  });
  it('is deleted when the end passed with no stream at all', () => {
    expect(lectureLiveStatus(facts({ endTime: new Date(now.getTime() - 1) }))).toBe('replay_deleted');
  });
  it('shows a replay without videos as deleted', () => {
    expect(shownLectureLiveStatus('replay_unpublished', 0)).toBe('replay_deleted');
    expect(shownLectureLiveStatus('replay_unpublished', 1)).toBe('replay_unpublished');
    expect(shownLectureLiveStatus('live_unopened', 0)).toBe('live_unopened');
  });
  it('books only while unopened and not yet booked', () => {
    expect(canBookLive('live_unopened', false)).toBe(true);
    expect(canBookLive('live_unopened', true)).toBe(false);
    expect(canBookLive('live_in_progress', false)).toBe(false);
    expect(canBookLive('replay_unpublished', false)).toBe(false);
  });
  it('counts down to the start', () => {
    expect(secondsUntilStart(new Date(now.getTime() + 90_500).toISOString(), now)).toBe(91);
    expect(secondsUntilStart(new Date(now.getTime() - 1000).toISOString(), now)).toBe(0);
    expect(secondsUntilStart(null, now)).toBe(0);
  });
});
