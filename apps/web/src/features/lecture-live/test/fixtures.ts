import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { LectureLiveDetail } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { makeActivity } from '../../../test/fixtures.ts';

export function makeLiveActivity(overrides: Partial<Activity> = {}): Activity {
  return makeActivity({
    type: 'lecture_live',
    title: 'Compilers, live',
    start_time: '2030-03-01T08:00:00.000Z',
    end_time: '2030-03-01T10:00:00.000Z',
    is_started: false,
    status: 'notStarted',
    ...overrides,
  });
}

export function makeLive(overrides: Partial<LectureLiveDetail> = {}): LectureLiveDetail {
  return {
    id: 400,
    course_id: 5,
    org_id: 1,
    module_id: 11,
    syllabus_id: null,
    title: 'Compilers, live',
    start_time: new Date(Date.now() + 2 * 3600_000 + 5 * 60_000).toISOString(),
    end_time: new Date(Date.now() + 4 * 3600_000).toISOString(),
    instructor_names: ['Li Wei'],
    room: 'B1 101',
    type: 'lecture_live',
    description: '<p>Parsing</p>',
    status: 'live_unopened',
    streams: [],
    replay_videos: [],
    replay_id: null,
    view_live: true,
    view_record: true,
    is_booked_live: false,
    booked_count: 3,
    can_book_live: true,
    can_reprocess_replay: false,
    can_manage: false,
    progress: null,
    controller_config: { volume: 0.8, quality_label: '1080P', autoplay: false },
    live_caption_config: { enabled: false },
    unavailable_reason: null,
    data: { external_live_id: null },
    ...overrides,
  };
}
