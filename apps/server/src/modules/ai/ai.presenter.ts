import type { CreditRequest, UserCredit } from '@lectern/contracts/ai/ai.schemas';
import type { CreditRequestRow } from './ai-credits.repository.ts';

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
