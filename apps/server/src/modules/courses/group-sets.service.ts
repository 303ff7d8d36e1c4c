import type { z } from 'zod';
import type {
  CreateGroupRequestSchema,
  CreateGroupSetRequestSchema,
  Group,
  GroupSet,
  GroupSetSelection,
  GroupSetsQuery,
  Person,
  UpdateGroupRequestSchema,
  UpdateGroupSetRequestSchema,
} from '@lectern/contracts/courses/course.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from './course-access.ts';
import { assertCan } from './courses.policy.ts';
import { presentGroup, presentGroupSets, presentGroupUser, selectFields } from './courses.presenter.ts';
import { groupSetsRepository, type GroupSetRow } from './group-sets.repository.ts';
import { membersRepository } from './members.repository.ts';

type CreateGroupSet = z.output<typeof CreateGroupSetRequestSchema>;
type UpdateGroupSet = z.output<typeof UpdateGroupSetRequestSchema>;
type CreateGroup = z.output<typeof CreateGroupRequestSchema>;
type UpdateGroup = z.output<typeof UpdateGroupRequestSchema>;

/** preload_id -1 (or absent) preloads every set's groups. */
const PRELOAD_ALL = -1;

/** Group sets split a course's students into groups; a student is in at most one group per set. */
export function groupSetsService(ctx: AppContext) {
  const repo = groupSetsRepository(ctx.db);
  const membersRepo = membersRepository(ctx.db);

  /** Sets with groups and memberships in three queries, however many sets and groups there are. */
  async function readSets(
    sets: readonly GroupSetRow[],
    options: { preloadId?: number | undefined; withGroups?: boolean } = {},
  ): Promise<GroupSet[]> {
    const { preloadId = PRELOAD_ALL, withGroups = true } = options;
    const groups = withGroups ? await repo.listGroups(sets.map((s) => s.id)) : [];
    const memberships = withGroups ? await repo.listMemberships(groups.map((g) => g.id)) : [];
    return presentGroupSets(
      sets,
      groups,
      memberships,
      (setId) => preloadId === PRELOAD_ALL || preloadId === setId,
    );
  }

  async function findSet(id: number, tx: Executor = ctx.db) {
    const set = await repo.findSet(id, tx);
    if (!set) throw notFound('courses.groupSetNotFound');
    return set;
  }

  async function findGroup(id: number, tx: Executor = ctx.db) {
    const group = await repo.findGroup(id, tx);
    if (!group) throw notFound('courses.groupNotFound');
    return group;
  }

  async function readSet(id: number): Promise<GroupSet> {
    const [set] = await readSets([await findSet(id)]);
    if (!set) throw notFound('courses.groupSetNotFound');
    return set;
  }

  return {
    async list(actor: Actor, courseId: number, query: GroupSetsQuery): Promise<GroupSetSelection[]> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.read');
      const { fields } = query;
      const withGroups = !fields || ['members', 'leaders', 'groups'].some((f) => fields.has(f));
      const sets = await readSets(await repo.listSets(courseId), { preloadId: query.preload_id, withGroups });
      return sets.map((set) => selectFields(set, fields));
    },

    async createSet(actor: Actor, courseId: number, input: CreateGroupSet): Promise<GroupSet> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      const setId = await ctx.db.transaction(async (tx) => {
        const set = await repo.insertSet(
          { courseId, name: input.name, sort: await repo.nextSetSort(courseId, tx) },
          tx,
        );
        await repo.insertGroups(
          (input.group_names ?? []).map((name, sort) => ({ groupSetId: set.id, name, sort })),
          tx,
        );
        return set.id;
      });
      return readSet(setId);
    },

    async updateSet(actor: Actor, setId: number, input: UpdateGroupSet): Promise<GroupSet> {
      const set = await findSet(setId);
      const access = await courseAccess(ctx.db).load(actor, set.courseId);
      assertCan(access, 'course.manage');
      const values: { name?: string; sort?: number } = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.sort !== undefined) values.sort = input.sort;
      await repo.updateSet(setId, values);
      return readSet(setId);
    },

    /** Its groups and their memberships go with it. */
    async deleteSet(actor: Actor, setId: number): Promise<void> {
      const set = await findSet(setId);
      const access = await courseAccess(ctx.db).load(actor, set.courseId);
      assertCan(access, 'course.manage');
      await repo.deleteSet(setId);
    },

    async createGroup(actor: Actor, setId: number, input: CreateGroup): Promise<Group> {
      const set = await findSet(setId);
      const access = await courseAccess(ctx.db).load(actor, set.courseId);
      assertCan(access, 'course.manage');
      const [group] = await repo.insertGroups([
        { groupSetId: setId, name: input.name, sort: await repo.nextGroupSort(setId) },
      ]);
      if (!group) throw new Error('insert returned no row');
      return presentGroup(group, []);
    },

    /**
     * Renames a group and/or replaces its members and leaders. Members must be students of the course;
     * one already in another group of the set moves here. Leaders must be members of this group; without
     * leader_ids the leaders who stay members keep leading.
     */
    async updateGroup(actor: Actor, groupId: number, input: UpdateGroup): Promise<Group> {
      const found = await findGroup(groupId);
      const access = await courseAccess(ctx.db).load(actor, found.courseId);
      assertCan(access, 'course.manage');
      await ctx.db.transaction(async (tx) => {
        const group = await findGroup(groupId, tx);
        const current = await repo.listMemberships([groupId], tx);
        const fields: FieldMessages = {};
        const memberIds = input.member_ids ? [...new Set(input.member_ids)] : current.map((m) => m.id);
        if (input.member_ids) {
          const students = await membersRepo.list(
            group.courseId,
            { anyOfRoles: ['student'], userIds: memberIds },
            tx,
          );
          const studentIds = new Set(students.map((s) => s.userId));
          const outsiders = memberIds.filter((id) => !studentIds.has(id));
          if (outsiders.length > 0) {
            fields.member_ids = [
              { key: 'courses.groupMembersNotStudents', params: { ids: outsiders.join(', ') } },
            ];
          }
        }
        const leaderIds = new Set(input.leader_ids ?? current.filter((m) => m.isLeader).map((m) => m.id));
        if (input.leader_ids && input.leader_ids.some((id) => !memberIds.includes(id))) {
          fields.leader_ids = ['courses.groupLeadersNotMembers'];
        }
        if (Object.keys(fields).length > 0) throw invalid(fields);

        if (input.name !== undefined) await repo.updateGroup(groupId, { name: input.name }, tx);
        if (input.member_ids || input.leader_ids) {
          await repo.replaceMembers(
            group,
            memberIds.map((userId) => ({ userId, isLeader: leaderIds.has(userId) })),
            tx,
          );
        }
      });
      const group = await findGroup(groupId);
      return presentGroup(group, await repo.listMemberships([groupId]));
    },

    async deleteGroup(actor: Actor, groupId: number): Promise<void> {
      const group = await findGroup(groupId);
      const access = await courseAccess(ctx.db).load(actor, group.courseId);
      assertCan(access, 'course.manage');
      await repo.deleteGroup(groupId);
    },

    /** Members of the course's groups whose name contains `groupName` (all groups without it). */
    async groupUsers(
      actor: Actor,
      courseId: number,
      groupName: string | undefined,
    ): Promise<(Person & { group_name: string })[]> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await repo.listGroupUsers(courseId, groupName || undefined);
      return rows.map(presentGroupUser);
    },
  };
}

export type GroupSetsService = ReturnType<typeof groupSetsService>;
