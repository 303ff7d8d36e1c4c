import { describe, expect, it } from 'vitest';
import type { AppError } from '../../platform/errors.ts';
import { assertCan, can, canCreateCourse, type CourseAccess } from './courses.policy.ts';

const base: CourseAccess = {
  courseId: 1,
  orgId: 1,
  userId: 1,
  roles: [],
  effectiveRoles: [],
  isChiefInstructor: false,
  isOrgAdmin: false,
  simulating: false,
  courseType: 1,
};
const instructor: CourseAccess = { ...base, roles: ['instructor'], effectiveRoles: ['instructor'] };
const assistant: CourseAccess = {
  ...base,
  roles: ['instructor_assistant'],
  effectiveRoles: ['instructor_assistant'],
};
const student: CourseAccess = { ...base, roles: ['student'], effectiveRoles: ['student'] };
const customer: CourseAccess = { ...base, roles: ['customer'], effectiveRoles: ['customer'] };
const simulating: CourseAccess = { ...instructor, effectiveRoles: ['student'], simulating: true };
const admin: CourseAccess = { ...base, isOrgAdmin: true };

describe('course policy', () => {
  it('lets the teaching team and org admins manage, and nobody else', () => {
    expect(can(instructor, 'activity.manage')).toBe(true);
    expect(can(assistant, 'course.manage')).toBe(true);
    expect(can(admin, 'activity.manage')).toBe(true);
    expect(can(student, 'activity.manage')).toBe(false);
    expect(can(customer, 'course.manage')).toBe(false);
  });

  it('lets instructors, the owner and admins manage the recycle bin, but not assistants', () => {
    expect(can(instructor, 'recycle_bin.manage')).toBe(true);
    expect(can({ ...assistant, isChiefInstructor: true }, 'recycle_bin.manage')).toBe(true);
    expect(can(admin, 'recycle_bin.manage')).toBe(true);
    expect(can(assistant, 'recycle_bin.manage')).toBe(false);
    expect(can(student, 'recycle_bin.manage')).toBe(false);
    expect(can(simulating, 'recycle_bin.manage')).toBe(false);
  });

  it('lets members read and outsiders not', () => {
    expect(can(student, 'course.read')).toBe(true);
    expect(can(base, 'course.read')).toBe(false);
  });

  it('hides unpublished activities and contacts from students', () => {
    expect(can(student, 'activity.read_unpublished')).toBe(false);
    expect(can(student, 'members.read_contacts')).toBe(false);
    expect(can(instructor, 'activity.read_unpublished')).toBe(true);
  });

  it('keeps customers read-only', () => {
    expect(can(customer, 'learner.participate')).toBe(false);
    expect(can(student, 'learner.participate')).toBe(true);
  });

  it('refuses every write while simulating, with its own code, but allows reading and leaving simulation', () => {
    for (const action of ['activity.manage', 'course.manage', 'learner.participate'] as const) {
      expect(can(simulating, action)).toBe(false);
      expect(() => assertCan(simulating, action)).toThrow(
        expect.objectContaining({ code: 'simulating_read_only' }) as AppError,
      );
    }
    expect(can(simulating, 'activity.read_unpublished')).toBe(false);
    expect(can(simulating, 'course.read')).toBe(true);
    expect(can(simulating, 'simulate')).toBe(true);
  });

  it('answers forbidden for actions a role never has', () => {
    expect(() => assertCan(student, 'activity.manage')).toThrow(
      expect.objectContaining({ code: 'forbidden' }) as AppError,
    );
  });

  it('lets only the teaching team simulate', () => {
    expect(can(student, 'simulate')).toBe(false);
    expect(can(instructor, 'simulate')).toBe(true);
  });

  it('lets only the chief instructor or an org admin delete, and never while simulating', () => {
    const chief: CourseAccess = { ...instructor, isChiefInstructor: true };
    expect(can(chief, 'course.delete')).toBe(true);
    expect(can(admin, 'course.delete')).toBe(true);
    expect(can(instructor, 'course.delete')).toBe(false);
    expect(can(assistant, 'course.delete')).toBe(false);
    expect(() => assertCan({ ...chief, simulating: true }, 'course.delete')).toThrow(
      expect.objectContaining({ code: 'simulating_read_only' }) as AppError,
    );
  });

  it('lets org admins and people who already teach create courses', () => {
    expect(canCreateCourse({ isOrgAdmin: true, teachesInOrg: false })).toBe(true);
    expect(canCreateCourse({ isOrgAdmin: false, teachesInOrg: true })).toBe(true);
    expect(canCreateCourse({ isOrgAdmin: false, teachesInOrg: false })).toBe(false);
  });
});
