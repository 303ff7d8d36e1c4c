import {
  registrationStateOf,
  type RegistrationSettings,
  type RegistrationState,
  type RegistrationStateResponse,
  type SaveRegistrationSettings,
} from '@lectern/contracts/course-services/course-registration.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, notFound, type Message } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import type { Executor } from '../../platform/database.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan } from '../courses/courses.policy.ts';
import {
  courseRegistrationRepository,
  type RegistrationCourseRow,
} from './course-registration.repository.ts';

const REFUSALS: Record<Exclude<RegistrationState, 'open'>, Message> = {
  member: 'courseServices.alreadyMember',
  not_open: 'courseServices.registrationNotOpen',
  not_started: 'courseServices.registrationNotStarted',
  ended: 'courseServices.registrationEnded',
  full: 'courseServices.registrationFull',
};

function settingsOf(row: RegistrationCourseRow): RegistrationSettings {
  return {
    enabled: row.enabled ?? false,
    start_time: row.startTime?.toISOString() ?? null,
    end_time: row.endTime?.toISOString() ?? null,
    capacity: row.capacity,
  };
}

export function courseRegistrationService(ctx: AppContext) {
  const repo = courseRegistrationRepository(ctx.db);
  const access = courseAccess(ctx.db);

  /**
   * The course as `actor` may know it: a course of their organisation (blocked or deleted ones are not
   * there). Without an actor (public-listings' anonymous reads) only a course public to everyone exists.
   */
  async function readable(actor: Actor | null, courseId: number, lock: boolean, tx?: Executor) {
    const row = await repo.load(courseId, actor?.userId ?? null, { lock }, tx);
    if (!row || row.isBlocked) throw notFound();
    if (actor ? row.orgId !== actor.orgId : row.publicScope !== 'public') throw notFound();
    return row;
  }

  async function answer(row: RegistrationCourseRow, tx?: Executor): Promise<RegistrationStateResponse> {
    const studentCount = await repo.studentCount(row.id, tx);
    const settings = settingsOf(row);
    const state = registrationStateOf({
      isMember: (row.roles ?? []).length > 0,
      // Only the course's own visibility opens it to people outside: private courses take no one.
      isPublic: row.publicScope !== 'private',
      settings,
      studentCount,
      now: new Date(),
    });
    return {
      course_id: row.id,
      registration_state: state,
      can_join: state === 'open',
      settings,
      student_count: studentCount,
    };
  }

  return {
    /** `GET /api/course/{id}/registration-state`; callable without an actor for public courses. */
    async state(actor: Actor | null, courseId: number): Promise<RegistrationStateResponse> {
      return answer(await readable(actor, courseId, false));
    },

    /**
     * `GET /api/course/{id}/join`: the caller becomes a student of the course when its rules allow. The
     * course row is locked while counting, so the last free place goes to one person only.
     */
    async join(actor: Actor, courseId: number): Promise<RegistrationStateResponse> {
      return ctx.db.transaction(async (tx) => {
        const row = await readable(actor, courseId, true, tx);
        const before = await answer(row, tx);
        if (before.registration_state !== 'open') {
          throw conflict(REFUSALS[before.registration_state]);
        }
        if (!(await repo.addStudent(courseId, actor.userId, tx)))
          throw conflict('courseServices.alreadyMember');
        return answer({ ...row, roles: ['student'] }, tx);
      });
    },

    /** `PUT /api/course/{id}/registration-settings`: the teaching team sets the rules. */
    async saveSettings(
      actor: Actor,
      courseId: number,
      input: SaveRegistrationSettings,
    ): Promise<RegistrationStateResponse> {
      assertCan(await access.load(actor, courseId), 'course.manage');
      await repo.saveSettings(courseId, {
        enabled: input.enabled,
        startTime: input.start_time ? new Date(input.start_time) : null,
        endTime: input.end_time ? new Date(input.end_time) : null,
        capacity: input.capacity,
      });
      return answer(await readable(actor, courseId, false));
    },
  };
}
