import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { askQuestionPicks, askQuestions } from '../../db/schema/ask-questions.ts';
import {
  courseMembers,
  courseModules,
  groupMembers,
  groups,
  groupSets,
  syllabi,
} from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type AskQuestionRow = typeof askQuestions.$inferSelect;
export type PickRow = typeof askQuestionPicks.$inferSelect;
export type StudentRef = { id: number; name: string; userNo: string };
export type GroupRef = { id: number; name: string };

const isStudent = sql`${courseMembers.roles} @> array['student']::text[]`;

export function askQuestionsRepository(db: Database) {
  return {
    async insert(values: typeof askQuestions.$inferInsert, tx: Executor = db): Promise<AskQuestionRow> {
      const [row] = await tx.insert(askQuestions).values(values).returning();
      if (!row) throw new Error('ask-question insert returned nothing');
      return row;
    },

    async findById(id: number, tx: Executor = db): Promise<AskQuestionRow | undefined> {
      const [row] = await tx.select().from(askQuestions).where(eq(askQuestions.id, id));
      return row;
    },

    /** Serialises draws and edits of one question, so two "pick again" clicks number their rounds apart. */
    async lockById(id: number, tx: Executor): Promise<AskQuestionRow | undefined> {
      const [row] = await tx.select().from(askQuestions).where(eq(askQuestions.id, id)).for('update');
      return row;
    },

    async update(id: number, set: Partial<typeof askQuestions.$inferInsert>, tx: Executor = db) {
      const [row] = await tx
        .update(askQuestions)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(askQuestions.id, id))
        .returning();
      if (!row) throw new Error('ask-question update found nothing');
      return row;
    },

    async listByCourse(courseId: number, tx: Executor = db): Promise<AskQuestionRow[]> {
      return tx
        .select()
        .from(askQuestions)
        .where(eq(askQuestions.courseId, courseId))
        .orderBy(desc(askQuestions.createdAt), desc(askQuestions.id));
    },

    /** Whether the module is a live (not recycled) module of the course. */
    async moduleInCourse(moduleId: number, courseId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: courseModules.id })
        .from(courseModules)
        .where(
          and(
            eq(courseModules.id, moduleId),
            eq(courseModules.courseId, courseId),
            isNull(courseModules.recycleBinItemId),
          ),
        );
      return row !== undefined;
    },

    async syllabusInModule(syllabusId: number, moduleId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: syllabi.id })
        .from(syllabi)
        .where(
          and(eq(syllabi.id, syllabusId), eq(syllabi.moduleId, moduleId), isNull(syllabi.recycleBinItemId)),
        );
      return row !== undefined;
    },

    /** The course's students, in a stable order (the draw's uniformity does not depend on it). */
    async students(courseId: number, tx: Executor = db): Promise<StudentRef[]> {
      return tx
        .select({ id: users.id, name: users.name, userNo: users.userNo })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), isStudent))
        .orderBy(asc(users.id));
    },

    /** The group set's groups, or undefined when the set is not the course's. */
    async groupsOfSet(
      groupSetId: number,
      courseId: number,
      tx: Executor = db,
    ): Promise<GroupRef[] | undefined> {
      const [set] = await tx
        .select({ id: groupSets.id })
        .from(groupSets)
        .where(and(eq(groupSets.id, groupSetId), eq(groupSets.courseId, courseId)));
      if (!set) return undefined;
      return tx
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(eq(groups.groupSetId, groupSetId))
        .orderBy(asc(groups.sort), asc(groups.id));
    },

    async groupsByIds(ids: readonly number[], tx: Executor = db): Promise<GroupRef[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(inArray(groups.id, [...ids]));
    },

    async groupMembersOf(groupIds: readonly number[], tx: Executor = db) {
      if (groupIds.length === 0) return [];
      return tx
        .select({ groupId: groupMembers.groupId, id: users.id, name: users.name, userNo: users.userNo })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(inArray(groupMembers.groupId, [...groupIds]))
        .orderBy(asc(users.id));
    },

    async usersByIds(ids: readonly number[], tx: Executor = db): Promise<StudentRef[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: users.id, name: users.name, userNo: users.userNo })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    async insertPick(values: typeof askQuestionPicks.$inferInsert, tx: Executor = db): Promise<PickRow> {
      const [row] = await tx.insert(askQuestionPicks).values(values).returning();
      if (!row) throw new Error('ask-question pick insert returned nothing');
      return row;
    },

    /** The latest draw of each of these questions. */
    async latestPicks(askQuestionIds: readonly number[], tx: Executor = db): Promise<Map<number, PickRow>> {
      if (askQuestionIds.length === 0) return new Map();
      const rows = await tx
        .selectDistinctOn([askQuestionPicks.askQuestionId])
        .from(askQuestionPicks)
        .where(inArray(askQuestionPicks.askQuestionId, [...askQuestionIds]))
        .orderBy(askQuestionPicks.askQuestionId, desc(askQuestionPicks.round));
      return new Map(rows.map((r) => [r.askQuestionId, r]));
    },

    /** Draws in this course since `since`, for avoid_recent. */
    async picksSince(courseId: number, since: Date, tx: Executor = db): Promise<PickRow[]> {
      return tx
        .select()
        .from(askQuestionPicks)
        .where(and(eq(askQuestionPicks.courseId, courseId), gt(askQuestionPicks.pickedAt, since)));
    },
  };
}
