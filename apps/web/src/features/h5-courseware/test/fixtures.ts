import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { H5LearnerState } from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import { makeActivity } from '../../../test/fixtures.ts';

export function makeH5Activity(overrides: Partial<Activity> = {}): Activity {
  return makeActivity({ type: 'h5_courseware', title: 'Binary search', ...overrides });
}

export const PACKAGES = {
  packages: [
    {
      upload_id: 90,
      name: 'search.zip',
      kind: 'scorm_12',
      entry: 'sco.html',
      file_count: 2,
      total_bytes: 900,
    },
  ],
};

export const URL_RESPONSE = {
  url: 'http://localhost:3000/api/h5-courseware/content/tok/sco.html',
  kind: 'scorm_12',
  expires_at: '2026-03-01T09:00:00.000Z',
};

export function makeState(overrides: Partial<H5LearnerState> = {}): H5LearnerState {
  return {
    activity_id: 400,
    upload_id: 90,
    base64State: null,
    completion_status: 'not_attempted',
    success_status: 'unknown',
    score_raw: null,
    score_min: null,
    score_max: null,
    score_percent: null,
    progress: 0,
    completed: false,
    updated_at: null,
    ...overrides,
  };
}
