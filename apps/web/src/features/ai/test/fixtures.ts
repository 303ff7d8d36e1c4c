import type { CourseCredit, CreditRequest, UserCredit } from '@lectern/contracts/ai/ai.schemas';

export function makeUserCredit(overrides: Partial<UserCredit> = {}): UserCredit {
  return {
    userId: 7,
    userNo: 't001',
    userName: 'Tess Teacher',
    department: 'Physics',
    role: 'instructor',
    creditAssigned: 100,
    creditUsed: 20,
    creditRemaining: 80,
    creditUsedPercent: 20,
    isLowAirCredit: false,
    ...overrides,
  };
}

export function makeCourseCredit(overrides: Partial<CourseCredit> = {}): CourseCredit {
  return {
    id: 11,
    name: 'Quantum Mechanics',
    courseCode: 'PHY-301',
    courseType: 1,
    academicYear: '2026',
    semester: 'Autumn',
    instructors: [{ id: 7, name: 'Tess Teacher' }],
    klass: 'Class A',
    department: 'Physics',
    aiActivation: false,
    creditAssigned: 0,
    creditUsed: 0,
    creditRemaining: 0,
    status: 'inactive',
    ...overrides,
  };
}

export function makeCreditRequest(overrides: Partial<CreditRequest> = {}): CreditRequest {
  return {
    id: 5,
    user: { id: 7, user_no: 't001', name: 'Tess Teacher' },
    applied_credits: 50,
    approved_credits: null,
    reason: 'Grading season',
    status: 'pending',
    remark: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    auditor: null,
    read: false,
    target_type: 'user',
    course: null,
    ...overrides,
  };
}

export function page<T>(items: T[]) {
  return {
    items,
    page: 1,
    pageSize: 20,
    pages: 1,
    total: items.length,
    start: items.length ? 1 : 0,
    end: items.length,
  };
}

export const ORG_CREDIT = {
  creditAssigned: 1000,
  creditUsed: 20,
  userCreditAssigned: 100,
  userCreditUsed: 20,
  courseCreditAssigned: 0,
  courseCreditUsed: 0,
  creditRemaining: 900,
};

export const STATUS = { available: true, credit_mode: 'allocation', max_text_length: 20000 } as const;
