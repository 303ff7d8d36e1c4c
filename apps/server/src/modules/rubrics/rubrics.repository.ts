import { and, desc, eq, sql } from 'drizzle-orm';
import { TEACHING_ROLES } from '@lectern/contracts/courses/course-roles';
import type { RubricCondition } from '@lectern/contracts/rubrics/rubric.schemas';
import { activities } from '../../db/schema/activities.ts';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import { rubrics } from '../../db/schema/rubrics.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type RubricRow = typeof rubrics.$inferSelect;
export type RubricWithCreator = RubricRow & { creatorName: string };

/** The teaching roles as a Postgres text[] literal. */
const teachingRoles = `{${TEACHING_ROLES.join(',')}}`;

const withCreator = { rubric: rubrics, creatorName: users.name };

/** A Postgres text[] literal of ids (integers only, so nothing needs quoting). */
function idArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/**
 * Every homework's rubric references, one row per reference: the marking rubric and the peer-review
 * (intra-group) rubric, each with when students may see it. The keys are the homework `data` keys of
 * HomeworkDataSchema; a missing visible type means its default, visible.
 */
const homeworkRubricRefs = sql`
  cross join lateral (values
    (a.data->>'rubric_id', coalesce(a.data->>'rubric_visible_type', 'visible'), a.data->>'rubric_visible_time'),
    (a.data->>'intra_rubric_id', coalesce(a.data->>'intra_rubric_visible_type', 'visible'), a.data->>'intra_rubric_visible_time')
  ) as ref(rubric_id, visible_type, visible_time)`;

export function rubricsRepository(db: Database) {
  return {
    async findById(id: number, tx: Executor = db): Promise<RubricWithCreator | undefined> {
      const [row] = await tx
        .select(withCreator)
        .from(rubrics)
        .innerJoin(users, eq(users.id, rubrics.createdBy))
        .where(eq(rubrics.id, id));
      return row ? { ...row.rubric, creatorName: row.creatorName } : undefined;
    },

    /** Locks the row until the transaction ends, so a check and the write that depends on it see one version. */
    async lockById(id: number, tx: Executor): Promise<RubricRow | undefined> {
      const [row] = await tx.select().from(rubrics).where(eq(rubrics.id, id)).for('update');
      return row;
    },

    /**
     * Holds the row against a concurrent change or delete (which lock it for update) until the
     * transaction ends, while still letting others read and hold it.
     */
    async shareLockById(id: number, tx: Executor): Promise<RubricRow | undefined> {
      const [row] = await tx.select().from(rubrics).where(eq(rubrics.id, id)).for('share');
      return row;
    },

    /** The user's own rubrics in an organisation, newest first. */
    async listByCreator(userId: number, orgId: number, tx: Executor = db): Promise<RubricWithCreator[]> {
      const rows = await tx
        .select(withCreator)
        .from(rubrics)
        .innerJoin(users, eq(users.id, rubrics.createdBy))
        .where(and(eq(rubrics.createdBy, userId), eq(rubrics.orgId, orgId)))
        .orderBy(desc(rubrics.id));
      return rows.map((r) => ({ ...r.rubric, creatorName: r.creatorName }));
    },

    async insert(
      values: { orgId: number; name: string; conditions: RubricCondition[]; createdBy: number },
      tx: Executor = db,
    ): Promise<RubricRow> {
      const [row] = await tx.insert(rubrics).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(
      id: number,
      values: { name: string; conditions: RubricCondition[] },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(rubrics)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(rubrics.id, id));
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(rubrics).where(eq(rubrics.id, id));
    },

    /**
     * engage_number of each rubric: the homeworks (activities of type homework) that use it as marking or
     * peer-review rubric, each homework counted once, in one statement for the whole list.
     */
    async engageCounts(ids: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const result = await tx.execute(sql`
        select ref.rubric_id, count(distinct a.id)::int as n
        from ${activities} a
        ${homeworkRubricRefs}
        where a.type = 'homework' and ref.rubric_id = any(${idArray(ids)}::text[])
        group by ref.rubric_id`);
      // Both drivers answer a raw statement with its rows under `rows`.
      const rows = (result as unknown as { rows: { rubric_id: string; n: number }[] }).rows;
      return new Map(rows.map((r) => [Number(r.rubric_id), Number(r.n)]));
    },

    /**
     * Whether a homework of the organisation that uses the rubric lets this user see it: its course's
     * teaching team, or organisation administrators, always; unless `teachingOnly`, any other member of
     * the course once the homework is published and the rubric is visible to students (visible, or its
     * custom time passed).
     */
    async visibleThroughHomework(
      rubricId: number,
      viewer: { userId: number; orgId: number; isOrgAdmin: boolean; teachingOnly?: boolean },
      tx: Executor = db,
    ): Promise<boolean> {
      const learners = viewer.teachingOnly !== true;
      const result = await tx.execute(sql`
        select exists (
          select 1
          from ${activities} a
          join ${courses} c on c.id = a.course_id
          left join ${courseMembers} m on m.course_id = a.course_id and m.user_id = ${viewer.userId}
          ${homeworkRubricRefs}
          where a.type = 'homework'
            and ref.rubric_id = ${String(rubricId)}
            and c.org_id = ${viewer.orgId}
            -- a homework or course in a recycle bin shows nobody its rubric (decision 0015)
            and a.recycle_bin_item_id is null
            and c.recycle_bin_item_id is null
            and (
              ${viewer.isOrgAdmin}::boolean
              or m.roles && ${teachingRoles}::text[]
              or (
                ${learners}::boolean
                and m.user_id is not null
                and a.published
                and case
                  when ref.visible_type = 'visible' then true
                  when ref.visible_type = 'custom_time' then ref.visible_time::timestamptz <= now()
                  else false
                end
              )
            )
        ) as visible`);
      const [row] = (result as unknown as { rows: { visible: boolean }[] }).rows;
      return row?.visible === true;
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
            sql`${courseMembers.roles} && ${teachingRoles}::text[]`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type RubricsRepository = ReturnType<typeof rubricsRepository>;
