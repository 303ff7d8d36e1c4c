import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { makeCourse } from '../../../test/fixtures.ts';

/** The course activities tests work in: id 5, "Week 1" (with the syllabus "Introduction") and "Week 2". */
export function makeCourseWithWeeks(overrides: Partial<Course> = {}): Course {
  return makeCourse({
    id: 5,
    modules: [
      {
        id: 11,
        name: 'Week 1',
        sort: 1,
        syllabuses: [{ id: 21, summary: 'Introduction', module_id: 11, sort: 1 }],
      },
      { id: 12, name: 'Week 2', sort: 2, syllabuses: [] },
    ],
    ...overrides,
  });
}

export function makeActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 101,
    course_id: 5,
    module_id: 11,
    syllabus_id: null,
    module_name: 'Week 1',
    syllabus_summary: null,
    type: 'material',
    title: 'Reading list',
    data: {},
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
    can_edit: true,
    read: false,
    ...overrides,
  };
}

export const materialCriteria = [
  { id: 1, completion_criterion_type: 'none', description: 'None', value: null, is_default: false },
  { id: 2, completion_criterion_type: 'view', description: 'Viewed', value: null, is_default: true },
];
