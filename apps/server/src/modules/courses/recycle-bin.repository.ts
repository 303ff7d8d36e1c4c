import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { RecycleBinItemType } from '@lectern/contracts/courses/recycle-bin.schemas';
import { activities } from '../../db/schema/activities.ts';
import { courseMembers, courseModules, courses, recycleBinItems, syllabi } from '../../db/schema/courses.ts';
import { examPaperInstances } from '../../db/schema/exam-submissions.ts';
import { subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';
import type { CourseAccessRow } from './course-access.ts';
import { nextPaperVersion } from '../exams/paper-version.ts';

export type RecycleBinItemRow = typeof recycleBinItems.$inferSelect;
export type NewRecycleBinItem = typeof recycleBinItems.$inferInsert;
export type RecycleBinListRow = RecycleBinItemRow & { deletedByName: string | null };

const listColumns = { item: recycleBinItems, deletedByName: users.name };

/**
 * Course recycle bins (decision 0015): deleting points rows at an item instead of removing them,
 * restoring clears the pointers, and removing an item is the one hard delete (the pointers cascade).
 */
export function recycleBinRepository(db: Database) {
  return {
    async insert(values: NewRecycleBinItem, tx: Executor = db): Promise<RecycleBinItemRow> {
      const [row] = await tx.insert(recycleBinItems).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findById(id: number, tx: Executor = db): Promise<RecycleBinItemRow | undefined> {
      const [row] = await tx.select().from(recycleBinItems).where(eq(recycleBinItems.id, id));
      return row;
    },

    /** The item locked for the rest of the transaction, so a restore and a purge never both act on it. */
    async lock(id: number, tx: Executor): Promise<RecycleBinItemRow | undefined> {
      const [row] = await tx.select().from(recycleBinItems).where(eq(recycleBinItems.id, id)).for('update');
      return row;
    },

    /** A course's bin, newest deletion first; the course's own deletion is listed elsewhere. */
    async listOfCourse(courseId: number, tx: Executor = db): Promise<RecycleBinListRow[]> {
      const rows = await tx
        .select(listColumns)
        .from(recycleBinItems)
        .leftJoin(users, eq(users.id, recycleBinItems.deletedBy))
        .where(
          and(
            eq(recycleBinItems.courseId, courseId),
            sql`${recycleBinItems.itemType} <> 'course'`,
            // A question whose library was removed since went with it: nothing is left to restore.
            sql`(${recycleBinItems.itemType} <> 'question' or exists (select 1 from ${subjects} where ${subjects.recycleBinItemId} = ${recycleBinItems.id}))`,
          ),
        )
        .orderBy(desc(recycleBinItems.deletedAt), desc(recycleBinItems.id));
      return rows.map((r) => ({ ...r.item, deletedByName: r.deletedByName }));
    },

    /** A person's own bin (questions of their personal libraries), newest deletion first. */
    async listPersonal(orgId: number, ownerId: number, tx: Executor = db): Promise<RecycleBinListRow[]> {
      const rows = await tx
        .select(listColumns)
        .from(recycleBinItems)
        .leftJoin(users, eq(users.id, recycleBinItems.deletedBy))
        .where(
          and(
            eq(recycleBinItems.orgId, orgId),
            eq(recycleBinItems.ownerId, ownerId),
            isNull(recycleBinItems.courseId),
            // A question whose library was removed since went with it: nothing is left to restore.
            sql`exists (select 1 from ${subjects} where ${subjects.recycleBinItemId} = ${recycleBinItems.id})`,
          ),
        )
        .orderBy(desc(recycleBinItems.deletedAt), desc(recycleBinItems.id));
      return rows.map((r) => ({ ...r.item, deletedByName: r.deletedByName }));
    },

    /** Deleted courses of the organisation the user owns, teaches as instructor, or (admins) any. */
    async listDeletedCourses(
      orgId: number,
      userId: number,
      isOrgAdmin: boolean,
      tx: Executor = db,
    ): Promise<RecycleBinListRow[]> {
      const mine = sql`(${courses.createdBy} = ${userId} or exists (select 1 from ${courseMembers} m where m.course_id = ${courses.id} and m.user_id = ${userId} and 'instructor' = any(m.roles)))`;
      const rows = await tx
        .select(listColumns)
        .from(recycleBinItems)
        .innerJoin(courses, eq(courses.recycleBinItemId, recycleBinItems.id))
        .leftJoin(users, eq(users.id, recycleBinItems.deletedBy))
        .where(and(eq(recycleBinItems.orgId, orgId), isOrgAdmin ? undefined : mine))
        .orderBy(desc(recycleBinItems.deletedAt), desc(recycleBinItems.id));
      return rows.map((r) => ({ ...r.item, deletedByName: r.deletedByName }));
    },

    /**
     * The caller's access row to a course whether or not the course is deleted: only the recycle bin
     * may look at a deleted course, to restore it.
     */
    async courseAccessRow(
      courseId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<CourseAccessRow | undefined> {
      const [row] = await tx
        .select({
          orgId: courses.orgId,
          createdBy: courses.createdBy,
          courseType: courses.courseType,
          roles: courseMembers.roles,
        })
        .from(courses)
        .leftJoin(
          courseMembers,
          and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, userId)),
        )
        .where(eq(courses.id, courseId));
      return row;
    },

    async markCourse(courseId: number, itemId: number, tx: Executor): Promise<void> {
      await tx.update(courses).set({ recycleBinItemId: itemId }).where(eq(courses.id, courseId));
    },

    /** The module with its syllabi and activities not already in the bin: they come back together. */
    async markModule(moduleId: number, itemId: number, tx: Executor): Promise<void> {
      await tx.update(courseModules).set({ recycleBinItemId: itemId }).where(eq(courseModules.id, moduleId));
      await tx
        .update(syllabi)
        .set({ recycleBinItemId: itemId })
        .where(and(eq(syllabi.moduleId, moduleId), isNull(syllabi.recycleBinItemId)));
      await tx
        .update(activities)
        .set({ recycleBinItemId: itemId })
        .where(and(eq(activities.moduleId, moduleId), isNull(activities.recycleBinItemId)));
    },

    async markSyllabus(syllabusId: number, itemId: number, tx: Executor): Promise<void> {
      await tx.update(syllabi).set({ recycleBinItemId: itemId }).where(eq(syllabi.id, syllabusId));
    },

    async markActivity(activityId: number, itemId: number, tx: Executor): Promise<void> {
      await tx.update(activities).set({ recycleBinItemId: itemId }).where(eq(activities.id, activityId));
    },

    /** A question with its sub-questions: they are one unit on a paper and in a library. */
    async markQuestion(subjectId: number, itemId: number, tx: Executor): Promise<void> {
      await tx
        .update(subjects)
        .set({ recycleBinItemId: itemId })
        .where(or(eq(subjects.id, subjectId), eq(subjects.parentId, subjectId)));
    },

    /**
     * What a restored exam question lands in: the paper (main or make-up), whether a student has been
     * handed it, the points its visible questions already use, and the restored questions' rows.
     */
    async questionPaper(itemId: number, tx: Executor) {
      const rows = await tx
        .select({
          id: subjects.id,
          parentId: subjects.parentId,
          type: subjects.type,
          point: subjects.point,
          activityId: subjects.activityId,
          isMakeup: subjects.isMakeup,
        })
        .from(subjects)
        .where(eq(subjects.recycleBinItemId, itemId));
      const top = rows.find((r) => r.parentId === null);
      if (!top || top.activityId === null) return undefined;
      // The exam's row lock, as authoring takes it: a restore and a save are checked one after the other.
      const [activity] = await tx
        .select({ data: activities.data })
        .from(activities)
        .where(eq(activities.id, top.activityId))
        .for('update');
      // A restored question changes the paper: its version moves on, as with any paper write.
      await tx
        .update(activities)
        .set({ updatedAt: nextPaperVersion })
        .where(eq(activities.id, top.activityId));
      const paper = and(eq(subjects.activityId, top.activityId), eq(subjects.isMakeup, top.isMakeup));
      const [started] = await tx
        .select({ id: examPaperInstances.id })
        .from(examPaperInstances)
        .where(
          and(
            eq(examPaperInstances.activityId, top.activityId),
            eq(examPaperInstances.isMakeup, top.isMakeup),
          ),
        )
        .limit(1);
      const visible = await tx
        .select({ id: subjects.id, parentId: subjects.parentId, type: subjects.type, point: subjects.point })
        .from(subjects)
        .where(and(paper, subjectNotDeleted));
      return { started: started !== undefined, restored: rows, visible, activityData: activity?.data };
    },

    /** The module an activity or syllabus hangs from, with whether it is itself in the bin. */
    async moduleOf(
      type: Extract<RecycleBinItemType, 'activity' | 'syllabus'>,
      itemId: number,
      tx: Executor = db,
    ): Promise<{ name: string; deleted: boolean } | undefined> {
      const table = type === 'activity' ? activities : syllabi;
      const [row] = await tx
        .select({ name: courseModules.name, binItem: courseModules.recycleBinItemId })
        .from(table)
        .innerJoin(courseModules, eq(courseModules.id, table.moduleId))
        .where(eq(table.id, itemId));
      return row ? { name: row.name, deleted: row.binItem !== null } : undefined;
    },

    /** Brings back every row deleted with the item, then drops the item (nothing cascades: no row points at it). */
    async restore(itemId: number, tx: Executor): Promise<void> {
      for (const table of [courses, courseModules, syllabi, activities, subjects]) {
        await tx.update(table).set({ recycleBinItemId: null }).where(eq(table.recycleBinItemId, itemId));
      }
      await tx.delete(recycleBinItems).where(eq(recycleBinItems.id, itemId));
    },

    /**
     * The hard delete. A module's purge takes the activities and syllabi inside it that were deleted
     * on their own, so their items go first; the rest follows by cascade from the item.
     */
    async purge(item: RecycleBinItemRow, tx: Executor): Promise<void> {
      if (item.itemType === 'module') {
        const inModule = (table: typeof activities | typeof syllabi) =>
          tx.select({ id: table.recycleBinItemId }).from(table).where(eq(table.moduleId, item.itemId));
        await tx
          .delete(recycleBinItems)
          .where(
            and(
              eq(recycleBinItems.courseId, item.courseId ?? 0),
              inArray(recycleBinItems.itemType, ['activity', 'syllabus']),
              sql`${recycleBinItems.id} in (${inModule(activities)} union ${inModule(syllabi)})`,
            ),
          );
      }
      await tx.delete(recycleBinItems).where(eq(recycleBinItems.id, item.id));
    },

    /** Ids of items deleted at or before the cutoff, oldest first. */
    async expiredIds(cutoff: Date, limit: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: recycleBinItems.id })
        .from(recycleBinItems)
        .where(lte(recycleBinItems.deletedAt, cutoff))
        .orderBy(recycleBinItems.deletedAt, recycleBinItems.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

export type RecycleBinRepository = ReturnType<typeof recycleBinRepository>;
