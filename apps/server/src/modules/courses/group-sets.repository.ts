import { and, asc, eq, ilike, inArray, max, notInArray, sql, type SQL } from 'drizzle-orm';
import { groupMembers, groups, groupSets } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type GroupSetRow = typeof groupSets.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type GroupWithCourseRow = GroupRow & { courseId: number };

export type PersonRow = { id: number; name: string; userNo: string; avatarSmallUrl: string | null };
export type GroupMembershipRow = PersonRow & { groupId: number; groupSetId: number; isLeader: boolean };
export type GroupUserRow = PersonRow & { groupName: string };

const personColumns = {
  id: users.id,
  name: users.name,
  userNo: users.userNo,
  avatarSmallUrl: users.avatarSmallUrl,
};

async function nextSort(rows: Promise<{ last: number | null }[]>): Promise<number> {
  const [row] = await rows;
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export function groupSetsRepository(db: Database) {
  return {
    async listSets(courseId: number, tx: Executor = db): Promise<GroupSetRow[]> {
      return tx
        .select()
        .from(groupSets)
        .where(eq(groupSets.courseId, courseId))
        .orderBy(asc(groupSets.sort), asc(groupSets.id));
    },

    async findSet(id: number, tx: Executor = db): Promise<GroupSetRow | undefined> {
      const [row] = await tx.select().from(groupSets).where(eq(groupSets.id, id));
      return row;
    },

    async nextSetSort(courseId: number, tx: Executor = db): Promise<number> {
      return nextSort(
        tx
          .select({ last: max(groupSets.sort) })
          .from(groupSets)
          .where(eq(groupSets.courseId, courseId)),
      );
    },

    async insertSet(values: typeof groupSets.$inferInsert, tx: Executor = db): Promise<GroupSetRow> {
      const [row] = await tx.insert(groupSets).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateSet(
      id: number,
      values: Partial<Pick<GroupSetRow, 'name' | 'sort'>>,
      tx: Executor = db,
    ): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await tx.update(groupSets).set(values).where(eq(groupSets.id, id));
    },

    /** Its groups and their memberships go with it (foreign keys cascade). */
    async deleteSet(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(groupSets).where(eq(groupSets.id, id));
    },

    async listGroups(setIds: readonly number[], tx: Executor = db): Promise<GroupRow[]> {
      if (setIds.length === 0) return [];
      return tx
        .select()
        .from(groups)
        .where(inArray(groups.groupSetId, [...setIds]))
        .orderBy(asc(groups.sort), asc(groups.id));
    },

    async findGroup(id: number, tx: Executor = db): Promise<GroupWithCourseRow | undefined> {
      const [row] = await tx
        .select({ group: groups, courseId: groupSets.courseId })
        .from(groups)
        .innerJoin(groupSets, eq(groupSets.id, groups.groupSetId))
        .where(eq(groups.id, id));
      return row && { ...row.group, courseId: row.courseId };
    },

    async nextGroupSort(setId: number, tx: Executor = db): Promise<number> {
      return nextSort(
        tx
          .select({ last: max(groups.sort) })
          .from(groups)
          .where(eq(groups.groupSetId, setId)),
      );
    },

    async insertGroups(values: (typeof groups.$inferInsert)[], tx: Executor = db): Promise<GroupRow[]> {
      if (values.length === 0) return [];
      return tx.insert(groups).values(values).returning();
    },

    async updateGroup(id: number, values: Partial<Pick<GroupRow, 'name'>>, tx: Executor = db): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await tx.update(groups).set(values).where(eq(groups.id, id));
    },

    async deleteGroup(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(groups).where(eq(groups.id, id));
    },

    /** Members of several groups in one query, by user number. */
    async listMemberships(groupIds: readonly number[], tx: Executor = db): Promise<GroupMembershipRow[]> {
      if (groupIds.length === 0) return [];
      return tx
        .select({
          ...personColumns,
          groupId: groupMembers.groupId,
          groupSetId: groupMembers.groupSetId,
          isLeader: groupMembers.isLeader,
        })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(inArray(groupMembers.groupId, [...groupIds]))
        .orderBy(asc(users.userNo), asc(users.id));
    },

    /**
     * Makes `members` the whole membership of the group. Someone in another group of the same set is
     * moved by the upsert on (group_set_id, user_id): one statement, so the set never holds them twice.
     */
    async replaceMembers(
      group: { id: number; groupSetId: number },
      members: readonly { userId: number; isLeader: boolean }[],
      tx: Executor = db,
    ): Promise<void> {
      const keep = members.map((m) => m.userId);
      await tx
        .delete(groupMembers)
        .where(
          and(
            eq(groupMembers.groupId, group.id),
            keep.length > 0 ? notInArray(groupMembers.userId, keep) : undefined,
          ),
        );
      if (members.length === 0) return;
      await tx
        .insert(groupMembers)
        .values(
          members.map((m) => ({
            groupId: group.id,
            groupSetId: group.groupSetId,
            userId: m.userId,
            isLeader: m.isLeader,
          })),
        )
        .onConflictDoUpdate({
          target: [groupMembers.groupSetId, groupMembers.userId],
          set: { groupId: sql`excluded.group_id`, isLeader: sql`excluded.is_leader` },
        });
    },

    /** Drops a user from every group of the course's sets. */
    async removeUserFromCourseGroups(courseId: number, userId: number, tx: Executor = db): Promise<void> {
      await tx
        .delete(groupMembers)
        .where(
          and(
            eq(groupMembers.userId, userId),
            inArray(
              groupMembers.groupSetId,
              tx.select({ id: groupSets.id }).from(groupSets).where(eq(groupSets.courseId, courseId)),
            ),
          ),
        );
    },

    /** Members of the course's groups, one row per group; optionally only groups whose name contains `name`. */
    async listGroupUsers(
      courseId: number,
      name: string | undefined,
      tx: Executor = db,
    ): Promise<GroupUserRow[]> {
      const clauses: (SQL | undefined)[] = [eq(groupSets.courseId, courseId)];
      if (name) clauses.push(ilike(groups.name, `%${name.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
      return tx
        .select({ ...personColumns, groupName: groups.name })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .innerJoin(groupSets, eq(groupSets.id, groups.groupSetId))
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(and(...clauses))
        .orderBy(asc(groupSets.sort), asc(groups.sort), asc(groups.id), asc(users.userNo));
    },
  };
}

export type GroupSetsRepository = ReturnType<typeof groupSetsRepository>;
