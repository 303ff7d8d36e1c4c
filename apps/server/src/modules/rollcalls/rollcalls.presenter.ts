import type {
  OpenRollcall,
  Rollcall,
  RollcallStatus,
  RollcallType,
  StudentRollcall,
  StudentRollcallStatus,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import type { AnswerRow, RollcallRow, RosterStudent } from './rollcalls.repository.ts';

/** A running roll call whose time ran out is over, whether or not anyone stopped it. */
export function statusOf(row: Pick<RollcallRow, 'status' | 'endsAt'>, now: Date): RollcallStatus {
  if (row.status === 'in_progress' && row.endsAt && row.endsAt <= now) return 'finished';
  return row.status as RollcallStatus;
}

function kindFlags(type: string) {
  return {
    type: type as RollcallType,
    is_number: type === 'number',
    is_radar: type === 'radar',
    is_qr: type === 'qr',
    is_self_registration: type === 'self_registration',
  };
}

export function presentRollcall(
  row: RollcallRow,
  extra: {
    now: Date;
    count: number;
    studentCount: number;
    myStatus: StudentRollcallStatus | null;
    canManage: boolean;
  },
): Rollcall {
  // The code and the instructor's position are what a student would need to cheat: the team alone sees them.
  const secret = extra.canManage;
  return {
    id: row.id,
    rollcall_id: row.id,
    course_id: row.courseId,
    title: row.title,
    ...kindFlags(row.type),
    status: statusOf(row, extra.now),
    number_code: secret ? row.numberCode : null,
    latitude: secret ? row.latitude : null,
    longitude: secret ? row.longitude : null,
    radius: row.radius,
    duration: row.durationSeconds,
    started_at: row.startedAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    count: extra.count,
    student_count: extra.studentCount,
    my_status: extra.myStatus,
    can_manage: extra.canManage,
  };
}

export function presentLite(row: RollcallRow, now: Date) {
  return {
    rollcall_id: row.id,
    course_id: row.courseId,
    title: row.title,
    ...kindFlags(row.type),
    status: statusOf(row, now),
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}

export function presentOpen(
  row: RollcallRow,
  courseName: string,
  answer: AnswerRow | undefined,
  now: Date,
): OpenRollcall {
  return {
    id: row.id,
    rollcall_id: row.id,
    course_id: row.courseId,
    course_name: courseName,
    title: row.title,
    ...kindFlags(row.type),
    rollcall_status: statusOf(row, now),
    status: studentStatusOf(answer),
    pending_review: answer?.review != null,
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}

export function studentStatusOf(answer: AnswerRow | undefined): StudentRollcallStatus {
  return (answer?.status as StudentRollcallStatus | undefined) ?? 'absent';
}

export function presentStudentRollcall(
  student: RosterStudent,
  answer: AnswerRow | undefined,
  numberCode: string | null,
): StudentRollcall {
  return {
    student_id: student.id,
    user_no: student.userNo,
    name: student.name,
    rollcall_status: studentStatusOf(answer),
    number_code: numberCode,
    source: answer?.source ?? null,
    review: answer?.review === 'poor_accuracy' ? 'poor_accuracy' : null,
    distance: answer?.distance ?? null,
    accuracy: answer?.accuracy ?? null,
    answered_at: answer?.answeredAt?.toISOString() ?? null,
  };
}
