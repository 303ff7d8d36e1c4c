import type { AiConfig, CourseCredit, CreditRequest, UserCredit } from '@lectern/contracts/ai/ai.schemas';
import type { AiConfigRow, CreditRequestRow } from './ai-credits.repository.ts';

/** Below this share of their credits left, a user is shown the low-credit tip. */
const LOW_CREDIT_SHARE = 0.1;

/** Percent used, rounded, but at least 1 once anything is used (spec 001: "at least 1 when used"). */
export function creditUsedPercent(assigned: number, used: number): number {
  if (used <= 0) return 0;
  if (assigned <= 0) return 100;
  return Math.min(100, Math.max(1, Math.round((used / assigned) * 100)));
}

export function presentUserCredit(
  user: { id: number; userNo: string; name: string; department: string | null; orgRole: 'admin' | 'member' },
  account: { assigned: number; used: number } | undefined,
): UserCredit {
  const assigned = account?.assigned ?? 0;
  const used = account?.used ?? 0;
  const remaining = Math.max(0, assigned - used);
  return {
    userId: user.id,
    userNo: user.userNo,
    userName: user.name,
    department: user.department,
    role: user.orgRole === 'admin' ? 'admin' : 'instructor',
    creditAssigned: assigned,
    creditUsed: used,
    creditRemaining: remaining,
    creditUsedPercent: creditUsedPercent(assigned, used),
    isLowAirCredit: remaining <= assigned * LOW_CREDIT_SHARE,
  };
}

export function presentCreditRequest(
  row: CreditRequestRow,
  user: { userNo: string; name: string },
  auditorName: string | undefined,
  courseName: string | null | undefined,
): CreditRequest {
  return {
    id: row.id,
    user: { id: row.userId, user_no: user.userNo, name: user.name },
    applied_credits: row.appliedCredits,
    approved_credits: row.approvedCredits,
    reason: row.reason,
    status: row.status,
    remark: row.remark,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    auditor: row.auditorId === null ? null : { id: row.auditorId, name: auditorName ?? '' },
    read: row.read,
    target_type: row.targetType,
    course: row.courseId === null ? null : { id: row.courseId, name: courseName ?? '' },
  };
}

/** The spec's paged-list frame; start and end are 1-based item positions shown as "start–end of total". */
export function pageFrame(page: number, pageSize: number, total: number, shown: number) {
  const start = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  return {
    page,
    pageSize,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    total,
    start,
    end: shown === 0 ? 0 : start + shown - 1,
  };
}

export function presentCourseCredit(
  row: {
    id: number;
    name: string;
    courseCode: string | null;
    courseType: number;
    academicYear: string | null;
    semester: string | null;
    klass: string | null;
    department: string | null;
    assigned: number | null;
    used: number | null;
    aiActivation: boolean | null;
  },
  instructors: { id: number; name: string }[],
): CourseCredit {
  const assigned = row.assigned ?? 0;
  const used = row.used ?? 0;
  const remaining = Math.max(0, assigned - used);
  const aiActivation = row.aiActivation ?? false;
  return {
    id: row.id,
    name: row.name,
    courseCode: row.courseCode,
    courseType: row.courseType,
    academicYear: row.academicYear,
    semester: row.semester,
    instructors,
    klass: row.klass,
    department: row.department,
    aiActivation,
    creditAssigned: assigned,
    creditUsed: used,
    creditRemaining: remaining,
    status: !aiActivation ? 'inactive' : remaining > 0 ? 'active' : 'exhausted',
  };
}

/** An organisation that never saved its AI settings has the defaults of the ai_configs table. */
export function presentAiConfig(row: AiConfigRow | undefined): AiConfig {
  return {
    credit_mode: row?.creditMode ?? 'allocation',
    course_guides_enable: row?.courseGuidesEnable ?? false,
    allowed_kb_video_type: (row?.allowedKbVideoType ?? []) as AiConfig['allowed_kb_video_type'],
    max_upload_file_size: row?.maxUploadFileSize ?? null,
    max_text_length: row?.maxTextLength ?? null,
    max_number_of_quizzes: row?.maxNumberOfQuizzes ?? null,
  };
}
