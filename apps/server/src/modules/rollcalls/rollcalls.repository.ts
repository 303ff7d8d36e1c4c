import { and, asc, count, desc, eq, gt, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { ROLLCALL_LIMITS, PRESENT_STATUSES } from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import { rollcallAnswers, rollcalls } from '../../db/schema/rollcalls.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type RollcallRow = typeof rollcalls.$inferSelect;
export type AnswerRow = typeof rollcallAnswers.$inferSelect;
export type RosterStudent = { id: number; userNo: string; name: string };

const isStudent = sql`${courseMembers.roles} @> array['student']::text[]`;
/** The unique index that keeps one device to one student per roll call (see the schema). */
export const DEVICE_INDEX = 'rollcall_answers_device_idx';

const present = inArray(rollcallAnswers.status, [...PRESENT_STATUSES]);

export function rollcallsRepository(db: Database) {
  return {
    async insert(values: typeof rollcalls.$inferInsert, tx: Executor = db): Promise<RollcallRow> {
      const [row] = await tx.insert(rollcalls).values(values).returning();
      if (!row) throw new Error('rollcall insert returned nothing');
      return row;
    },

    async findById(id: number, tx: Executor = db): Promise<RollcallRow | undefined> {
      const [row] = await tx.select().from(rollcalls).where(eq(rollcalls.id, id));
      return row;
    },

    async lockById(id: number, tx: Executor): Promise<RollcallRow | undefined> {
      const [row] = await tx.select().from(rollcalls).where(eq(rollcalls.id, id)).for('update');
      return row;
    },

    async update(id: number, set: Partial<typeof rollcalls.$inferInsert>, tx: Executor = db) {
      const [row] = await tx.update(rollcalls).set(set).where(eq(rollcalls.id, id)).returning();
      if (!row) throw new Error('rollcall update found nothing');
      return row;
    },

    async listByCourse(courseId: number, tx: Executor = db): Promise<RollcallRow[]> {
      return tx
        .select()
        .from(rollcalls)
        .where(eq(rollcalls.courseId, courseId))
        .orderBy(desc(rollcalls.createdAt), desc(rollcalls.id));
    },

    /** Running roll calls of the courses the user is a student of, with the course's name. */
    async listOpenForStudent(userId: number, now: Date, tx: Executor = db) {
      return tx
        .select({ rollcall: rollcalls, courseName: courses.name })
        .from(rollcalls)
        .innerJoin(courses, eq(courses.id, rollcalls.courseId))
        .innerJoin(
          courseMembers,
          and(eq(courseMembers.courseId, rollcalls.courseId), eq(courseMembers.userId, userId)),
        )
        .where(and(isStudent, eq(rollcalls.status, 'in_progress'), gt(rollcalls.endsAt, now)))
        .orderBy(asc(rollcalls.endsAt));
    },

    /** Running roll calls of these courses (for a reconnecting stream's resync). */
    async listRunning(courseIds: readonly number[], now: Date, tx: Executor = db): Promise<RollcallRow[]> {
      if (courseIds.length === 0) return [];
      return tx
        .select()
        .from(rollcalls)
        .where(
          and(
            inArray(rollcalls.courseId, [...courseIds]),
            eq(rollcalls.status, 'in_progress'),
            gt(rollcalls.endsAt, now),
          ),
        );
    },

    async students(courseId: number, tx: Executor = db): Promise<RosterStudent[]> {
      return tx
        .select({ id: users.id, userNo: users.userNo, name: users.name })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), isStudent))
        .orderBy(asc(users.userNo));
    },

    async studentCount(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), isStudent));
      return row?.n ?? 0;
    },

    async answers(rollcallIds: readonly number[], tx: Executor = db): Promise<AnswerRow[]> {
      if (rollcallIds.length === 0) return [];
      return tx
        .select()
        .from(rollcallAnswers)
        .where(inArray(rollcallAnswers.rollcallId, [...rollcallIds]));
    },

    async answerOf(rollcallId: number, userId: number, tx: Executor = db): Promise<AnswerRow | undefined> {
      const [row] = await tx
        .select()
        .from(rollcallAnswers)
        .where(and(eq(rollcallAnswers.rollcallId, rollcallId), eq(rollcallAnswers.userId, userId)));
      return row;
    },

    /** Checked-in students per roll call. */
    async presentCounts(rollcallIds: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      if (rollcallIds.length === 0) return new Map();
      const rows = await tx
        .select({ id: rollcallAnswers.rollcallId, n: count() })
        .from(rollcallAnswers)
        .where(and(inArray(rollcallAnswers.rollcallId, [...rollcallIds]), present))
        .groupBy(rollcallAnswers.rollcallId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /**
     * Takes one number-code attempt, atomically: none is left once the student has sent
     * `wrongCodesMax` wrong ones, however many requests race. Returns the attempts used, or null.
     */
    async takeAttempt(rollcallId: number, userId: number, tx: Executor = db): Promise<number | null> {
      const [row] = await tx
        .insert(rollcallAnswers)
        .values({ rollcallId, userId, wrongCodes: 1 })
        .onConflictDoUpdate({
          target: [rollcallAnswers.rollcallId, rollcallAnswers.userId],
          set: { wrongCodes: sql`${rollcallAnswers.wrongCodes} + 1`, updatedAt: new Date() },
          setWhere: lt(rollcallAnswers.wrongCodes, ROLLCALL_LIMITS.wrongCodesMax),
        })
        .returning({ wrongCodes: rollcallAnswers.wrongCodes });
      return row?.wrongCodes ?? null;
    },

    async saveAnswer(
      values: Omit<typeof rollcallAnswers.$inferInsert, 'wrongCodes' | 'updatedAt'>,
      tx: Executor = db,
    ): Promise<AnswerRow> {
      const { rollcallId: _r, userId: _u, ...set } = values;
      const [row] = await tx
        .insert(rollcallAnswers)
        .values(values)
        .onConflictDoUpdate({
          target: [rollcallAnswers.rollcallId, rollcallAnswers.userId],
          set: { ...set, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('rollcall answer upsert returned nothing');
      return row;
    },

    /**
     * A student's own check-in: written unless they are already present (or, with `withinCodeBudget`,
     * their wrong codes spent the budget). Nothing is returned when it was not written. A device that
     * answered for another student fails on DEVICE_INDEX.
     */
    async saveAnswerUnlessPresent(
      values: Omit<typeof rollcallAnswers.$inferInsert, 'wrongCodes' | 'updatedAt'>,
      options: { withinCodeBudget: boolean },
      tx: Executor = db,
    ): Promise<AnswerRow | undefined> {
      const { rollcallId: _r, userId: _u, ...set } = values;
      const open = notInArray(rollcallAnswers.status, [...PRESENT_STATUSES]);
      const [row] = await tx
        .insert(rollcallAnswers)
        .values(values)
        .onConflictDoUpdate({
          target: [rollcallAnswers.rollcallId, rollcallAnswers.userId],
          set: { ...set, updatedAt: new Date() },
          setWhere: options.withinCodeBudget
            ? and(open, lt(rollcallAnswers.wrongCodes, ROLLCALL_LIMITS.wrongCodesMax))
            : open,
        })
        .returning();
      return row;
    },

    /** The ids of the courses the user belongs to, in any role. */
    async memberCourseIds(userId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: courseMembers.courseId })
        .from(courseMembers)
        .where(eq(courseMembers.userId, userId));
      return rows.map((r) => r.id);
    },
  };
}
