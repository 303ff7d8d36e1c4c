import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { MeetingStateResponse } from '@lectern/contracts/meetings/meetings.schemas';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { makeActivity } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { TrialTeachingBody } from './trial-teaching-body.tsx';
import { trialTeachingView } from './trial-teaching.rules.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (offset: number) => new Date(NOW + offset).toISOString();

const online = {
  teaching_model: 'online',
  meeting_code: '845 221 907',
  member_count: 12,
  enable_live: true,
  record_type: 'cloud',
  record_sync_finished: false,
  live_config: { live_addr: 'https://live.example.edu/845' },
  replay_address: ['https://replay.example.edu/845/1', 'https://replay.example.edu/845/2'],
};
const offline = { teaching_model: 'offline', member_count: 6, location: 'Building A, room 302' };

function upload(id: number, name: string, type: UploadReference['type']): UploadReference {
  return {
    id,
    reference_id: id,
    upload_id: id,
    name,
    size: 1024,
    type,
    mime_type: null,
    parent_type: 'learning_activity',
    parent_id: 500,
    allow_download: true,
    sort: id,
    created_by_id: 7,
    created_at: '2026-03-01T00:00:00.000Z',
    can_download: true,
    can_preview: true,
  } as UploadReference;
}

function trial(data: Record<string, unknown>, start: number, end: number, overrides: Partial<Activity> = {}) {
  return makeActivity({
    id: 500,
    course_id: 5,
    type: 'trial_teaching',
    title: 'Trial: linked lists',
    start_time: iso(start),
    end_time: iso(end),
    data,
    ...overrides,
  });
}

function makeState(overrides: Partial<MeetingStateResponse> = {}): MeetingStateResponse {
  return {
    activity_id: 500,
    type: 'trial_teaching',
    adapter: 'generic',
    status: 'expired',
    meeting_id: 'lectern-500',
    meeting_code: null,
    host: { id: 7, name: 'Li Wei', user_no: 't7' },
    is_host: false,
    can_join: false,
    playback_enabled: false,
    playback_state: 'none',
    playback_available_at: null,
    replay_addresses: [],
    can_view_participants: false,
    participants_available_at: null,
    has_mobile_phone: true,
    ...overrides,
  };
}

function renderBody(activity: Activity, state: MeetingStateResponse) {
  mockApi();
  return renderRoutes(
    [{ path: '*', element: <TrialTeachingBody activity={activity} state={state} now={NOW} /> }],
    '/course/5/activity/500',
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('trial teaching rules', () => {
  it('joins and goes live while an online one is on; an offline one has neither', () => {
    expect(trialTeachingView(online, 'in_progress', true)).toEqual({
      online: true,
      join: true,
      liveUrl: 'https://live.example.edu/845',
      replays: [],
      tip: 'inProgress',
    });
    expect(trialTeachingView({ ...online, enable_live: false }, 'in_progress', true).liveUrl).toBeNull();
    expect(trialTeachingView(offline, 'in_progress', true)).toMatchObject({
      join: false,
      liveUrl: null,
      tip: 'inProgressOffline',
    });
    expect(trialTeachingView(online, 'not_started', true)).toMatchObject({ join: false, tip: 'notStarted' });
  });

  it('says the cloud record is generating until it has synced, then offers the replays', () => {
    expect(trialTeachingView(online, 'expired', false)).toMatchObject({
      replays: [],
      tip: 'generatingRecord',
    });
    expect(trialTeachingView({ ...online, record_sync_finished: true }, 'expired', false)).toMatchObject({
      replays: online.replay_address,
      tip: 'ended',
    });
    // Only web links become buttons.
    expect(
      trialTeachingView(
        { ...online, record_type: 'none', replay_address: ['javascript:alert(1)'] },
        'expired',
        false,
      ).replays,
    ).toEqual([]);
  });
});

describe('TrialTeachingBody', () => {
  it('shows an online session’s facts with a copyable meeting id, and the join buttons while it is on', async () => {
    renderBody(trial(online, -HOUR, HOUR), makeState({ status: 'in_progress', can_join: true }));
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByText('Li Wei')).toBeTruthy();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('845 221 907')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Copy/i })).toBeTruthy();
    expect(screen.queryByText('Location')).toBeNull();
    expect(screen.getByRole('button', { name: /Join meeting/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Join live/ }).getAttribute('href')).toBe(
      'https://live.example.edu/845',
    );
  });

  it('shows an offline session’s location and no meeting id or join buttons', () => {
    renderBody(trial(offline, -HOUR, HOUR), makeState({ status: 'in_progress', can_join: true }));
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.getByText('Building A, room 302')).toBeTruthy();
    expect(screen.queryByText('Meeting ID')).toBeNull();
    expect(screen.queryByRole('button', { name: /Join meeting/ })).toBeNull();
    expect(screen.getByText('The trial teaching is in progress at its location.')).toBeTruthy();
  });

  it('tells that the record is generating until it has synced, then offers live replays', () => {
    const view = renderBody(trial(online, -2 * HOUR, -HOUR), makeState());
    expect(screen.getByText(/cloud recording is being generated/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Live replay/ })).toBeNull();
    view.unmount();
    renderBody(trial({ ...online, record_sync_finished: true }, -2 * HOUR, -HOUR), makeState());
    expect(screen.getByText('The trial teaching has ended.')).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: /Live replay/ }).map((link) => link.getAttribute('href')),
    ).toEqual(online.replay_address);
  });

  it('offers the participant list to instructors on an expired online session only, from 1 hour after', () => {
    const state = makeState({
      can_view_participants: true,
      participants_available_at: iso(-30 * 60_000),
    });
    const view = renderBody(trial(online, -2 * HOUR, -90 * 60_000), state);
    expect((screen.getByRole('button', { name: 'View participants' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    view.unmount();
    const early = renderBody(
      trial(online, -2 * HOUR, -10 * 60_000),
      makeState({ can_view_participants: true, participants_available_at: iso(50 * 60_000) }),
    );
    expect((screen.getByRole('button', { name: 'View participants' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    early.unmount();
    renderBody(trial(offline, -2 * HOUR, -90 * 60_000), state);
    expect(screen.queryByRole('button', { name: 'View participants' })).toBeNull();
  });

  it('lists only the recorded videos, and has a comments tab', () => {
    const uploads = [upload(1, 'recording.mp4', 'video'), upload(2, 'slides.pdf', 'document')];
    renderBody(trial({ ...online, record_sync_finished: true }, -2 * HOUR, -HOUR, { uploads }), makeState());
    const resources = screen.getByRole('tabpanel');
    expect(within(resources).getByText('recording.mp4')).toBeTruthy();
    expect(within(resources).queryByText('slides.pdf')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Recorded resources' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Comments' })).toBeTruthy();
  });
});
