import type { MeetingStateResponse } from '@lectern/contracts/meetings/meetings.schemas';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { makeActivity } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { MeetingActivityBody } from './meeting-activity-body.tsx';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

function state(id: number, type: string): MeetingStateResponse {
  return {
    activity_id: id,
    type,
    adapter: 'generic',
    status: 'in_progress',
    meeting_id: null,
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
  };
}

function renderLesson(lessonStart: number, lessonEnd: number) {
  mockApi({
    'GET /api/activities/600/meeting': () => jsonResponse(state(600, 'lesson_replay')),
    'GET /api/activities/600/resources': () => jsonResponse({ can_upload: false, resources: [] }),
  });
  const activity = makeActivity({
    id: 600,
    type: 'lesson_replay',
    title: 'Week 6',
    start_time: at(-2 * HOUR),
    end_time: at(30 * 24 * HOUR),
    data: { lesson_start_time: at(lessonStart), lesson_end_time: at(lessonEnd) },
  });
  return renderRoutes([{ path: '*', element: <MeetingActivityBody activity={activity} /> }], '/course/5');
}

/** The resources list has answered, so nothing is still loading when the test ends. */
async function settled() {
  expect(await screen.findByText('No resources yet.')).toBeTruthy();
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('the lesson replay status page', () => {
  it('says the replay has not started before the lesson', async () => {
    renderLesson(HOUR, 2 * HOUR);
    expect(screen.getByText('The lesson has not started; the replay is not recording yet.')).toBeTruthy();
    await settled();
  });

  it('says it is recording during the lesson', async () => {
    renderLesson(-HOUR, HOUR);
    expect(screen.getByText('The lesson is being recorded.')).toBeTruthy();
    await settled();
  });

  it('says it is processing after the lesson', async () => {
    renderLesson(-2 * HOUR, -HOUR);
    expect(screen.getByText('The recording is being processed.')).toBeTruthy();
    await settled();
  });
});

describe('the trial teaching detail', () => {
  it('is the trial teaching body, with the host the server names', async () => {
    mockApi({
      'GET /api/activities/601/meeting': () =>
        jsonResponse({ ...state(601, 'trial_teaching'), status: 'not_started' }),
    });
    const activity = makeActivity({
      id: 601,
      type: 'trial_teaching',
      title: 'Trial: recursion',
      start_time: at(HOUR),
      end_time: at(2 * HOUR),
      data: { teaching_model: 'offline', location: 'Building A, room 302', member_count: 6 },
    });
    renderRoutes([{ path: '*', element: <MeetingActivityBody activity={activity} /> }], '/course/5');
    expect(await screen.findByText('Li Wei')).toBeTruthy();
    expect(screen.getByText('Building A, room 302')).toBeTruthy();
    expect(screen.getByText('The trial teaching has not started yet.')).toBeTruthy();
  });
});
