import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { courseModules, moduleNotDeleted, syllabi, syllabusNotDeleted } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type ModuleRow = typeof courseModules.$inferSelect;
export type NewModule = typeof courseModules.$inferInsert;
export type SyllabusRow = typeof syllabi.$inferSelect;
export type NewSyllabus = typeof syllabi.$inferInsert;

/** Each id's position as its new sort value, so one statement reorders any number of rows. */
function positionOf(idColumn: PgColumn, orderedIds: readonly number[]) {
  const cases = sql.join(
    orderedIds.map((id, index) => sql`when ${id}::int then ${index}::int`),
    sql` `,
  );
  return sql<number>`case ${idColumn} ${cases} end`;
}

/** The course outline: modules and the syllabi inside them. */
export function outlineRepository(db: Database) {
  return {
    async listModules(courseId: number, tx: Executor = db): Promise<ModuleRow[]> {
      return tx
        .select()
        .from(courseModules)
        .where(and(eq(courseModules.courseId, courseId), moduleNotDeleted))
        .orderBy(asc(courseModules.sort), asc(courseModules.id));
    },

    /** Every syllabus of the course in one query; callers group them by module. */
    async listSyllabi(courseId: number, tx: Executor = db): Promise<SyllabusRow[]> {
      return tx
        .select()
        .from(syllabi)
        .where(and(eq(syllabi.courseId, courseId), syllabusNotDeleted))
        .orderBy(asc(syllabi.sort), asc(syllabi.id));
    },

    async listSyllabiOfModule(moduleId: number, tx: Executor = db): Promise<SyllabusRow[]> {
      return tx
        .select()
        .from(syllabi)
        .where(and(eq(syllabi.moduleId, moduleId), syllabusNotDeleted))
        .orderBy(asc(syllabi.sort), asc(syllabi.id));
    },

    async findModule(id: number, tx: Executor = db): Promise<ModuleRow | undefined> {
      const [row] = await tx
        .select()
        .from(courseModules)
        .where(and(eq(courseModules.id, id), moduleNotDeleted));
      return row;
    },

    /** The sort value that places a new module after every existing one. */
    async nextModuleSort(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ last: max(courseModules.sort) })
        .from(courseModules)
        .where(eq(courseModules.courseId, courseId));
      return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    },

    async insertModule(values: NewModule, tx: Executor = db): Promise<ModuleRow> {
      const [row] = await tx.insert(courseModules).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateModule(
      id: number,
      values: Partial<Pick<NewModule, 'name' | 'sort'>>,
      tx: Executor = db,
    ): Promise<ModuleRow | undefined> {
      if (Object.keys(values).length === 0) return this.findModule(id, tx);
      const [row] = await tx.update(courseModules).set(values).where(eq(courseModules.id, id)).returning();
      return row;
    },

    async setModuleOrder(orderedIds: readonly number[], tx: Executor = db): Promise<void> {
      if (orderedIds.length === 0) return;
      await tx
        .update(courseModules)
        .set({ sort: positionOf(courseModules.id, orderedIds) })
        .where(inArray(courseModules.id, [...orderedIds]));
    },

    async findSyllabus(id: number, tx: Executor = db): Promise<SyllabusRow | undefined> {
      const [row] = await tx
        .select()
        .from(syllabi)
        .where(and(eq(syllabi.id, id), syllabusNotDeleted));
      return row;
    },

    async nextSyllabusSort(moduleId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ last: max(syllabi.sort) })
        .from(syllabi)
        .where(eq(syllabi.moduleId, moduleId));
      return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    },

    async insertSyllabus(values: NewSyllabus, tx: Executor = db): Promise<SyllabusRow> {
      const [row] = await tx.insert(syllabi).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateSyllabus(
      id: number,
      values: Partial<Pick<NewSyllabus, 'moduleId' | 'summary' | 'sort'>>,
      tx: Executor = db,
    ): Promise<SyllabusRow | undefined> {
      if (Object.keys(values).length === 0) return this.findSyllabus(id, tx);
      const [row] = await tx.update(syllabi).set(values).where(eq(syllabi.id, id)).returning();
      return row;
    },

    async setSyllabusOrder(orderedIds: readonly number[], tx: Executor = db): Promise<void> {
      if (orderedIds.length === 0) return;
      await tx
        .update(syllabi)
        .set({ sort: positionOf(syllabi.id, orderedIds) })
        .where(inArray(syllabi.id, [...orderedIds]));
    },
  };
}

export type OutlineRepository = ReturnType<typeof outlineRepository>;
