import { and, asc, count, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { SubjectLibType } from '@lectern/contracts/exams/subject-lib.schemas';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import { subjectLibs, subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type SubjectLibRow = typeof subjectLibs.$inferSelect & { libType: SubjectLibType };
export type SubjectLibWithOwner = SubjectLibRow & { ownerName: string };
export type NewSubjectLib = typeof subjectLibs.$inferInsert;

/** Whose libraries to list: the caller's personal ones, or a course's. */
export type LibScope = { ownerId: number; orgId: number } | { courseId: number };

const withOwner = { lib: subjectLibs, ownerName: users.name };

export function subjectLibsRepository(db: Database) {
  return {
    async findById(id: number, tx: Executor = db): Promise<SubjectLibWithOwner | undefined> {
      const [row] = await tx
        .select(withOwner)
        .from(subjectLibs)
        .innerJoin(users, eq(users.id, subjectLibs.ownerId))
        .where(eq(subjectLibs.id, id));
      return row ? { ...(row.lib as SubjectLibRow), ownerName: row.ownerName } : undefined;
    },

    /** Every library and folder of a scope of the given types, in display order. */
    async list(
      scope: LibScope,
      types: readonly SubjectLibType[],
      tx: Executor = db,
    ): Promise<SubjectLibWithOwner[]> {
      const where =
        'courseId' in scope
          ? eq(subjectLibs.courseId, scope.courseId)
          : and(
              eq(subjectLibs.ownerId, scope.ownerId),
              eq(subjectLibs.orgId, scope.orgId),
              isNull(subjectLibs.courseId),
            );
      const rows = await tx
        .select(withOwner)
        .from(subjectLibs)
        .innerJoin(users, eq(users.id, subjectLibs.ownerId))
        .where(and(where, inArray(subjectLibs.libType, [...types])))
        .orderBy(asc(subjectLibs.sort), asc(subjectLibs.id));
      return rows.map((r) => ({ ...(r.lib as SubjectLibRow), ownerName: r.ownerName }));
    },

    /** Top-level questions per library. */
    async subjectCounts(libIds: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      if (libIds.length === 0) return new Map();
      const rows = await tx
        .select({ libId: subjects.libId, n: count() })
        .from(subjects)
        .where(and(inArray(subjects.libId, [...libIds]), isNull(subjects.parentId), subjectNotDeleted))
        .groupBy(subjects.libId);
      return new Map(rows.map((r) => [r.libId ?? 0, r.n]));
    },

    /** The sort that puts a new library after the others in the same folder (or at the top). */
    async nextSort(scope: LibScope, parentId: number | null, tx: Executor = db): Promise<number> {
      const scopeWhere =
        'courseId' in scope
          ? eq(subjectLibs.courseId, scope.courseId)
          : and(eq(subjectLibs.ownerId, scope.ownerId), isNull(subjectLibs.courseId));
      const [row] = await tx
        .select({ last: max(subjectLibs.sort) })
        .from(subjectLibs)
        .where(
          and(
            scopeWhere,
            parentId === null ? isNull(subjectLibs.parentId) : eq(subjectLibs.parentId, parentId),
          ),
        );
      return (row?.last ?? 0) + 1;
    },

    async insert(values: NewSubjectLib, tx: Executor = db): Promise<number> {
      const [row] = await tx.insert(subjectLibs).values(values).returning({ id: subjectLibs.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async update(id: number, values: Partial<NewSubjectLib>, tx: Executor = db): Promise<void> {
      await tx
        .update(subjectLibs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(subjectLibs.id, id));
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(subjectLibs).where(eq(subjectLibs.id, id));
    },

    async hasChildren(id: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: subjectLibs.id })
        .from(subjectLibs)
        .where(eq(subjectLibs.parentId, id))
        .limit(1);
      return row !== undefined;
    },

    /** The folder chain above a library, nearest first (to refuse moving a folder into itself). */
    async ancestorIds(id: number, tx: Executor = db): Promise<number[]> {
      const chain: number[] = [];
      let current: number | null = id;
      // Folders are shallow in practice; the bound only guards against a cycle slipping in.
      while (current !== null && chain.length < 100) {
        const [row] = await tx
          .select({ parentId: subjectLibs.parentId })
          .from(subjectLibs)
          .where(eq(subjectLibs.id, current));
        current = row?.parentId ?? null;
        if (current !== null) chain.push(current);
      }
      return chain;
    },

    /** Serialises writes to one library's questions (sort positions are read, then written). */
    async lock(id: number, tx: Executor): Promise<void> {
      await tx.select({ id: subjectLibs.id }).from(subjectLibs).where(eq(subjectLibs.id, id)).for('update');
    },

    /** Of these ids, the top-level questions that are in the library. */
    async topLevelIdsIn(libId: number, ids: readonly number[], tx: Executor = db): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: subjects.id })
        .from(subjects)
        .where(
          and(
            eq(subjects.libId, libId),
            isNull(subjects.parentId),
            inArray(subjects.id, [...ids]),
            subjectNotDeleted,
          ),
        )
        .orderBy(asc(subjects.sort), asc(subjects.id));
      return new Set(rows.map((r) => r.id));
    },

    /** Moves questions (with their sub-questions) into another library, appended in the given order. */
    async moveSubjects(
      ids: readonly number[],
      targetLibId: number,
      startSort: number,
      tx: Executor,
    ): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(subjects)
        .set({ libId: targetLibId, updatedAt: sql`now()` })
        .where(or(inArray(subjects.id, [...ids]), inArray(subjects.parentId, [...ids])));
      for (const [index, id] of ids.entries()) {
        await tx
          .update(subjects)
          .set({ sort: startSort + index + 1 })
          .where(eq(subjects.id, id));
      }
    },

    /** Whether the user teaches (instructor or assistant) in any course of the organisation. */
    async teachesInOrg(userId: number, orgId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ courseId: courseMembers.courseId })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .where(
          and(
            eq(courseMembers.userId, userId),
            eq(courses.orgId, orgId),
            sql`${courseMembers.roles} && array['instructor', 'instructor_assistant']::text[]`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type SubjectLibsRepository = ReturnType<typeof subjectLibsRepository>;
