import { randomInt } from 'node:crypto';
import type { PushResync } from '@lectern/contracts/push/push.schemas';
import {
  PRESENT_STATUSES,
  ROLLCALL_LIMITS,
  rollcallTypeOf,
  type AnswerResponse,
  type CourseRollcallsResponse,
  type CreateRollcallBodySchema,
  type OpenRollcallsResponse,
  type Rollcall,
  type RollcallQrCodeResponse,
  type RollcallType,
  type StudentRollcallStatus,
  type StudentRollcallsResponse,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate, type MessageKey } from '../../platform/messages.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { csvLine } from '../../platform/files/csv.ts';
import { courseAccess } from '../courses/course-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';
import { radarVerdict } from '@lectern/contracts/rollcalls/geofence';
import { rollcallQrTokens } from './rollcall-qr-token.ts';
import { assertCanAnswer, assertCanManage, assertCanRead, canManage } from './rollcalls.policy.ts';
import {
  presentLite,
  presentOpen,
  presentRollcall,
  presentStudentRollcall,
  statusOf,
  studentStatusOf,
} from './rollcalls.presenter.ts';
import {
  DEVICE_INDEX,
  rollcallsRepository,
  type AnswerRow,
  type RollcallRow,
} from './rollcalls.repository.ts';
import { isUniqueViolation } from '../../platform/unique-violation.ts';

type CreateBody = z.infer<typeof CreateRollcallBodySchema>;

/** What a student sent, by kind; the device is always part of it. */
export type AnswerInput =
  | { kind: 'number'; deviceId: string; numberCode: string }
  | { kind: 'qr'; deviceId: string; data: string }
  | { kind: 'radar'; deviceId: string; latitude: number; longitude: number; accuracy: number | null }
  | { kind: 'self_registration'; deviceId: string };

/** How often at most a roll call's live count is pushed. */
const COUNT_PUSH_MS = 250;

const isPresent = (status: string) => (PRESENT_STATUSES as readonly string[]).includes(status);

export function rollcallsService(ctx: AppContext, push: PushBus) {
  const repo = rollcallsRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const qr = rollcallQrTokens(ctx.config.sessionSecret);

  /** The roll call and what the caller is in its course; another organisation's reads as not there. */
  async function load(actor: Actor, id: number): Promise<{ row: RollcallRow; access: CourseAccess }> {
    const row = await repo.findById(id);
    if (!row) throw notFound('rollcalls.notFound');
    const access = await courses.load(actor, row.courseId);
    return { row, access };
  }

  /** Events are hints to refetch; a lost one must not fail the write that already happened. */
  function publish(courseId: number, type: string, data: Record<string, unknown>): void {
    push.publish({ courseId, type, data }).catch((error: unknown) => {
      ctx.log.warn({ err: error, courseId, type }, 'push publish failed');
    });
  }

  async function presentForTeam(row: RollcallRow, access: CourseAccess): Promise<Rollcall> {
    const [counts, studentCount] = await Promise.all([
      repo.presentCounts([row.id]),
      repo.studentCount(row.courseId),
    ]);
    return presentRollcall(row, {
      now: new Date(),
      count: counts.get(row.id) ?? 0,
      studentCount,
      myStatus: null,
      canManage: canManage(access),
    });
  }

  /**
   * The live count goes out at most once per COUNT_PUSH_MS and roll call. Sent per check-in, a class of
   * 1,000 checking in would cost 1,000 count queries and a frame to every member's stream for each of them.
   */
  const countsDue = new Set<number>();
  function publishCount(row: RollcallRow): void {
    if (countsDue.has(row.id)) return;
    countsDue.add(row.id);
    setTimeout(() => {
      // Cleared before counting, so a check-in landing during the count schedules the next event.
      countsDue.delete(row.id);
      repo
        .presentCounts([row.id])
        .then((counts) =>
          publish(row.courseId, 'rollcall.checked_in', {
            rollcall_id: row.id,
            count: counts.get(row.id) ?? 0,
          }),
        )
        .catch((error: unknown) =>
          ctx.log.warn({ err: error, rollcallId: row.id }, 'roll-call count failed'),
        );
    }, COUNT_PUSH_MS).unref();
  }

  async function loadForAnswer(actor: Actor, id: number, kind: RollcallType) {
    const { row, access } = await load(actor, id);
    assertCanAnswer(access);
    if (statusOf(row, new Date()) !== 'in_progress') throw conflict('rollcalls.notOpen');
    if (row.type !== kind) throw conflict('rollcalls.wrongType');
    return row;
  }

  function answered(row: RollcallRow, answer: AnswerRow): AnswerResponse {
    return {
      rollcall_id: row.id,
      status: answer.review ? 'pending_review' : (answer.status as 'on_call_fine' | 'late'),
      distance: answer.distance,
    };
  }

  /**
   * Records the check-in in one statement. The unique index on (roll call, device) refuses a device that
   * already answered for another student, so one phone cannot check in a row of absent friends; a
   * student already present, or whose wrong codes spent the budget, is left as they are.
   */
  async function checkIn(
    actor: Actor,
    row: RollcallRow,
    input: AnswerInput,
    outcome: { review: 'poor_accuracy' | null; distance: number | null; accuracy: number | null },
  ): Promise<AnswerResponse> {
    let saved: AnswerRow | undefined;
    try {
      saved = await repo.saveAnswerUnlessPresent(
        {
          rollcallId: row.id,
          userId: actor.userId,
          // An answer under review stays absent until the instructor decides.
          status: outcome.review ? 'absent' : 'on_call_fine',
          source: input.kind,
          deviceId: input.deviceId,
          latitude: input.kind === 'radar' ? input.latitude : null,
          longitude: input.kind === 'radar' ? input.longitude : null,
          accuracy: outcome.accuracy,
          distance: outcome.distance,
          review: outcome.review,
          answeredAt: new Date(),
          markedBy: null,
        },
        // Wrong codes may have spent the budget while this right one was on its way (or before).
        { withinCodeBudget: input.kind === 'number' },
      );
    } catch (error) {
      if (isUniqueViolation(error, DEVICE_INDEX)) throw conflict('rollcalls.deviceUsed');
      throw error;
    }
    if (saved) return answered(row, saved);
    const existing = await repo.answerOf(row.id, actor.userId);
    if (existing && isPresent(existing.status)) return answered(row, existing);
    throw new AppError('rate_limited', 'rollcalls.tooManyWrongCodes');
  }

  return {
    async create(actor: Actor, courseId: number, body: CreateBody): Promise<{ rollcall_id: number }> {
      const access = await courses.load(actor, courseId);
      assertCanManage(access);
      const type = rollcallTypeOf(body);
      const hasPosition = body.latitude != null && body.longitude != null;
      if (type === 'radar' && !hasPosition) {
        throw invalid({
          latitude: ['rollcalls.positionRequired'],
          longitude: ['rollcalls.positionRequired'],
        });
      }
      const row = await repo.insert({
        courseId,
        title: body.title || translate(actor.locale, DEFAULT_TITLES[type]),
        type,
        numberCode:
          type === 'number' ? (body.number_code ?? String(randomInt(0, 10_000)).padStart(4, '0')) : null,
        latitude: hasPosition ? body.latitude : null,
        longitude: hasPosition ? body.longitude : null,
        radius: type === 'radar' ? (body.radius ?? ROLLCALL_LIMITS.defaultRadiusMetres) : null,
        durationSeconds: body.duration ?? ROLLCALL_LIMITS.defaultDurationSeconds,
        createdBy: actor.userId,
      });
      return { rollcall_id: row.id };
    },

    async start(actor: Actor, id: number): Promise<Rollcall> {
      const { access } = await load(actor, id);
      assertCanManage(access);
      const row = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockById(id, tx);
        if (!locked) throw notFound('rollcalls.notFound');
        if (locked.status !== 'not_started') throw conflict('rollcalls.alreadyStarted');
        const now = new Date();
        return repo.update(
          id,
          {
            status: 'in_progress',
            startedAt: now,
            endsAt: new Date(now.getTime() + locked.durationSeconds * 1000),
          },
          tx,
        );
      });
      publish(row.courseId, 'rollcall.started', { rollcall_id: row.id });
      return presentForTeam(row, access);
    },

    async stop(actor: Actor, id: number): Promise<Rollcall> {
      const { access } = await load(actor, id);
      assertCanManage(access);
      const { row, stopped } = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockById(id, tx);
        if (!locked) throw notFound('rollcalls.notFound');
        if (locked.status === 'finished') return { row: locked, stopped: false };
        const now = new Date();
        const endsAt = locked.endsAt && locked.endsAt < now ? locked.endsAt : now;
        return { row: await repo.update(id, { status: 'finished', endsAt }, tx), stopped: true };
      });
      if (stopped) publish(row.courseId, 'rollcall.stopped', { rollcall_id: row.id });
      return presentForTeam(row, access);
    },

    async qrCode(actor: Actor, courseId: number, id: number): Promise<RollcallQrCodeResponse> {
      const { row, access } = await load(actor, id);
      if (row.courseId !== courseId) throw notFound('rollcalls.notFound');
      assertCanManage(access);
      if (row.type !== 'qr') throw conflict('rollcalls.notQr');
      if (statusOf(row, new Date()) !== 'in_progress') throw conflict('rollcalls.notOpen');
      const token = qr.issue(row.id);
      return {
        data: token.data,
        expires_at: token.expiresAt.toISOString(),
        rotate_seconds: ROLLCALL_LIMITS.qrWindowSeconds,
      };
    },

    async answer(actor: Actor, id: number, input: AnswerInput): Promise<AnswerResponse> {
      const row = await loadForAnswer(actor, id, input.kind);
      let outcome: { review: 'poor_accuracy' | null; distance: number | null; accuracy: number | null } = {
        review: null,
        distance: null,
        accuracy: null,
      };

      if (input.kind === 'number' && input.numberCode !== row.numberCode) {
        const existing = await repo.answerOf(row.id, actor.userId);
        if (existing && isPresent(existing.status)) return answered(row, existing);
        // Each wrong code takes one attempt atomically, so parallel guesses share the same budget; the
        // right code is refused in checkIn once the budget is spent, by the same count.
        const used = await repo.takeAttempt(row.id, actor.userId);
        if (used === null) throw new AppError('rate_limited', 'rollcalls.tooManyWrongCodes');
        throw invalid({
          numberCode: [
            { key: 'rollcalls.wrongCode', params: { remaining: ROLLCALL_LIMITS.wrongCodesMax - used } },
          ],
        });
      } else if (input.kind === 'qr') {
        if (!qr.verify(row.id, input.data)) throw invalid({ data: ['rollcalls.qrExpired'] });
      } else if (input.kind === 'radar') {
        if (row.latitude === null || row.longitude === null) throw conflict('rollcalls.wrongType');
        const verdict = radarVerdict(
          { latitude: row.latitude, longitude: row.longitude },
          row.radius ?? ROLLCALL_LIMITS.defaultRadiusMetres,
          { latitude: input.latitude, longitude: input.longitude },
          input.accuracy,
        );
        if (verdict.kind === 'outside') {
          throw conflict({ key: 'rollcalls.outOfScope', params: { distance: Math.round(verdict.distance) } });
        }
        outcome = {
          review: verdict.kind === 'review' ? 'poor_accuracy' : null,
          distance: Math.round(verdict.distance),
          accuracy: input.accuracy,
        };
      }

      const result = await checkIn(actor, row, input, outcome);
      if (result.status !== 'pending_review') publishCount(row);
      return result;
    },

    async openForStudent(actor: Actor): Promise<OpenRollcallsResponse> {
      const now = new Date();
      const rows = await repo.listOpenForStudent(actor.userId, now);
      const answers = await repo.answers(rows.map((r) => r.rollcall.id));
      const mine = new Map(answers.filter((a) => a.userId === actor.userId).map((a) => [a.rollcallId, a]));
      return {
        rollcalls: rows.map(({ rollcall, courseName }) =>
          presentOpen(rollcall, courseName, mine.get(rollcall.id), now),
        ),
      };
    },

    async studentRollcalls(actor: Actor, id: number): Promise<StudentRollcallsResponse> {
      const { row, access } = await load(actor, id);
      assertCanRead(access);
      const manages = canManage(access);
      const [students, answers] = await Promise.all([repo.students(row.courseId), repo.answers([row.id])]);
      const byUser = new Map(answers.map((a) => [a.userId, a]));
      // A student sees their own line only, and never the code: the original system's clients read the
      // code from here, which is how scripts checked in without being in the room.
      const visible = manages ? students : students.filter((s) => s.id === actor.userId);
      return {
        rollcall_id: row.id,
        status: statusOf(row, new Date()),
        count: answers.filter((a) => isPresent(a.status)).length,
        student_rollcalls: visible.map((s) =>
          presentStudentRollcall(s, byUser.get(s.id), manages ? row.numberCode : null),
        ),
      };
    },

    async lite(actor: Actor, id: number) {
      const { row, access } = await load(actor, id);
      assertCanRead(access);
      return presentLite(row, new Date());
    },

    async mark(actor: Actor, id: number, userId: number, status: StudentRollcallStatus) {
      const { row, access } = await load(actor, id);
      assertCanManage(access);
      const students = await repo.students(row.courseId);
      const student = students.find((s) => s.id === userId);
      if (!student) throw notFound();
      const existing = await repo.answerOf(row.id, userId);
      const saved = await repo.saveAnswer({
        rollcallId: row.id,
        userId,
        status,
        source: 'manual',
        // The device stays recorded: it answered in this roll call, whatever the mark.
        deviceId: existing?.deviceId ?? null,
        latitude: existing?.latitude ?? null,
        longitude: existing?.longitude ?? null,
        accuracy: existing?.accuracy ?? null,
        distance: existing?.distance ?? null,
        review: null,
        answeredAt: existing?.answeredAt ?? null,
        markedBy: actor.userId,
      });
      publishCount(row);
      return presentStudentRollcall(student, saved, row.numberCode);
    },

    async courseRollcalls(actor: Actor, courseId: number): Promise<CourseRollcallsResponse> {
      const access = await courses.load(actor, courseId);
      assertCanRead(access);
      const manages = canManage(access);
      const rows = await repo.listByCourse(courseId);
      const ids = rows.map((r) => r.id);
      const [counts, studentCount, answers] = await Promise.all([
        repo.presentCounts(ids),
        repo.studentCount(courseId),
        manages ? Promise.resolve([]) : repo.answers(ids),
      ]);
      const mine = new Map(answers.filter((a) => a.userId === actor.userId).map((a) => [a.rollcallId, a]));
      const now = new Date();
      return {
        rollcalls: rows.map((row) =>
          presentRollcall(row, {
            now,
            count: counts.get(row.id) ?? 0,
            studentCount,
            myStatus: manages ? null : studentStatusOf(mine.get(row.id)),
            canManage: manages,
          }),
        ),
      };
    },

    /** The course's attendance as CSV: one line per student, one column per roll call, then totals. */
    async exportCsv(actor: Actor, courseId: number): Promise<{ fileName: string; body: string }> {
      const access = await courses.load(actor, courseId);
      assertCanManage(access);
      const rows = (await repo.listByCourse(courseId)).filter((r) => r.status !== 'not_started').reverse();
      const [students, answers] = await Promise.all([
        repo.students(courseId),
        repo.answers(rows.map((r) => r.id)),
      ]);
      const byKey = new Map(answers.map((a) => [`${a.rollcallId}:${a.userId}`, a]));
      const totals = ['on_call_fine', 'late', 'absent', 'on_leave'] as const;
      const lines = [
        csvLine([
          'user_no',
          'name',
          ...rows.map((r) => `${r.title} (${(r.startedAt ?? r.createdAt).toISOString()})`),
          ...totals,
        ]),
        ...students.map((s) => {
          const statuses = rows.map((r) => studentStatusOf(byKey.get(`${r.id}:${s.id}`)));
          return csvLine([
            s.userNo,
            s.name,
            ...statuses,
            ...totals.map((t) => statuses.filter((status) => status === t).length),
          ]);
        }),
      ];
      // The BOM makes spreadsheet programs read the names as UTF-8.
      return { fileName: `attendance-${courseId}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
    },

    /** The courses whose events a user's push stream carries. */
    courseIdsOf: (userId: number) => repo.memberCourseIds(userId),

    /** Open roll calls with their counts, for a stream that reconnects after missing events. */
    async resyncOf(courseIds: readonly number[]): Promise<PushResync> {
      const running = await repo.listRunning(courseIds, new Date());
      const counts = await repo.presentCounts(running.map((r) => r.id));
      return {
        course_ids: [...courseIds],
        rollcalls: running.map((r) => ({
          rollcall_id: r.id,
          course_id: r.courseId,
          count: counts.get(r.id) ?? 0,
        })),
      };
    },
  };
}

const DEFAULT_TITLES = {
  number: 'rollcalls.defaultTitle.number',
  qr: 'rollcalls.defaultTitle.qr',
  radar: 'rollcalls.defaultTitle.radar',
  self_registration: 'rollcalls.defaultTitle.selfRegistration',
} as const satisfies Record<RollcallType, MessageKey>;
