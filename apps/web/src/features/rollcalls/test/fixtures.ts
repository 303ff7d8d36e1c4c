import type { OpenRollcall, Rollcall, StudentRollcall } from '@lectern/contracts/rollcalls/rollcalls.schemas';

export function makeRollcall(overrides: Partial<Rollcall> = {}): Rollcall {
  const id = overrides.id ?? 7;
  return {
    id,
    rollcall_id: id,
    course_id: 42,
    title: 'Week 3',
    type: 'number',
    is_number: true,
    is_radar: false,
    is_qr: false,
    is_self_registration: false,
    status: 'in_progress',
    number_code: '4821',
    latitude: null,
    longitude: null,
    radius: null,
    duration: 300,
    started_at: '2026-03-02T08:00:00.000Z',
    ends_at: '2026-03-02T08:05:00.000Z',
    created_at: '2026-03-02T08:00:00.000Z',
    count: 0,
    student_count: 2,
    my_status: null,
    can_manage: true,
    ...overrides,
  };
}

export function makeOpenRollcall(overrides: Partial<OpenRollcall> = {}): OpenRollcall {
  const id = overrides.id ?? 7;
  return {
    id,
    rollcall_id: id,
    course_id: 42,
    course_name: 'Physics',
    title: 'Week 3',
    type: 'number',
    is_number: true,
    is_radar: false,
    is_qr: false,
    is_self_registration: false,
    rollcall_status: 'in_progress',
    status: 'absent',
    pending_review: false,
    ends_at: '2026-03-02T08:05:00.000Z',
    ...overrides,
  };
}

export function makeStudentRollcall(overrides: Partial<StudentRollcall> = {}): StudentRollcall {
  return {
    student_id: 101,
    user_no: 's101',
    name: 'Lin Student',
    rollcall_status: 'absent',
    number_code: '4821',
    source: null,
    review: null,
    distance: null,
    accuracy: null,
    answered_at: null,
    ...overrides,
  };
}
