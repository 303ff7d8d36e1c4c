import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { aiConfigs, aiCreditAccounts, aiCreditRequests, aiUsageLedger } from '../../db/schema/ai.ts';
import {
  academicYears,
  courseMembers,
  courseNotDeleted,
  courses,
  semesters,
} from '../../db/schema/courses.ts';
import { departments, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type CreditAccountRow = typeof aiCreditAccounts.$inferSelect;
export type CreditRequestRow = typeof aiCreditRequests.$inferSelect;
export type AiConfigRow = typeof aiConfigs.$inferSelect;
/** The organisation's own row (user and course null), one user's row, or one course's row. */
export type AccountKey =
  | { orgId: number; userId: number; courseId?: undefined }
  | { orgId: number; userId: null; courseId?: number | undefined };
export type UsageWindow = { from?: Date | undefined; to?: Date | undefined };

/** Both drivers answer a raw statement with its rows under `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const teaches = sql`${courseMembers.roles} && array['instructor','instructor_assistant']::text[]`;

function escapeLike(value: string): string {
  return `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

function accountWhere(key: AccountKey) {
  if (key.courseId !== undefined) return eq(aiCreditAccounts.courseId, key.courseId);
  return key.userId === null
    ? and(
        eq(aiCreditAccounts.orgId, key.orgId),
        isNull(aiCreditAccounts.userId),
        isNull(aiCreditAccounts.courseId),
      )
    : eq(aiCreditAccounts.userId, key.userId);
}

export function aiCreditsRepository(db: Database) {
  return {
    async creditMode(orgId: number, tx: Executor = db): Promise<'allocation' | 'credit_pool'> {
      const [row] = await tx
        .select({ mode: aiConfigs.creditMode })
        .from(aiConfigs)
        .where(eq(aiConfigs.orgId, orgId));
      return row?.mode ?? 'allocation';
    },

    async teachesAnyCourse(userId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseMembers)
        .where(and(eq(courseMembers.userId, userId), teaches));
      return (row?.n ?? 0) > 0;
    },

    async teachesCourse(userId: number, courseId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseMembers)
        .where(and(eq(courseMembers.userId, userId), eq(courseMembers.courseId, courseId), teaches));
      return (row?.n ?? 0) > 0;
    },

    async account(key: AccountKey, tx: Executor = db): Promise<CreditAccountRow | undefined> {
      const [row] = await tx.select().from(aiCreditAccounts).where(accountWhere(key));
      return row;
    },

    /** Sets an account's assigned credits, never below what it has used. */
    async setAssigned(key: AccountKey, assigned: number, tx: Executor = db): Promise<void> {
      const updated = await tx
        .update(aiCreditAccounts)
        .set({ assigned: sql`greatest(${assigned}, ${aiCreditAccounts.used})`, updatedAt: new Date() })
        .where(accountWhere(key))
        .returning({ id: aiCreditAccounts.id });
      if (updated.length === 0) {
        await tx
          .insert(aiCreditAccounts)
          .values({ orgId: key.orgId, userId: key.userId, courseId: key.courseId ?? null, assigned });
      }
    },

    /**
     * Debits up to `credits` in one statement: the row lock of the UPDATE serialises parallel debits, and
     * `least` caps the account at what it holds, so concurrent calls can never overdraw it. Returns the
     * credits actually taken (0 when the account was already empty or is missing).
     */
    async debit(key: AccountKey, credits: number, tx: Executor = db): Promise<number> {
      const result = await tx.execute(sql`
        update ${aiCreditAccounts} a
           set used = least(a.assigned, a.used + ${credits}), updated_at = now()
          from (select id, used from ${aiCreditAccounts} where ${accountWhere(key)} for update) before
         where a.id = before.id and a.used < a.assigned
        returning a.used - before.used as taken`);
      return Number(rowsOf<{ taken: number }>(result)[0]?.taken ?? 0);
    },

    async recordUsage(values: typeof aiUsageLedger.$inferInsert, tx: Executor = db): Promise<void> {
      await tx.insert(aiUsageLedger).values(values);
    },

    async orgTotals(orgId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          orgAssigned: sql<number>`coalesce(sum(${aiCreditAccounts.assigned}) filter (where ${aiCreditAccounts.userId} is null and ${aiCreditAccounts.courseId} is null), 0)::int`,
          orgUsed: sql<number>`coalesce(sum(${aiCreditAccounts.used}) filter (where ${aiCreditAccounts.userId} is null and ${aiCreditAccounts.courseId} is null), 0)::int`,
          userAssigned: sql<number>`coalesce(sum(${aiCreditAccounts.assigned}) filter (where ${aiCreditAccounts.userId} is not null), 0)::int`,
          userUsed: sql<number>`coalesce(sum(${aiCreditAccounts.used}) filter (where ${aiCreditAccounts.userId} is not null), 0)::int`,
          courseAssigned: sql<number>`coalesce(sum(${aiCreditAccounts.assigned}) filter (where ${aiCreditAccounts.courseId} is not null), 0)::int`,
          courseUsed: sql<number>`coalesce(sum(${aiCreditAccounts.used}) filter (where ${aiCreditAccounts.courseId} is not null), 0)::int`,
        })
        .from(aiCreditAccounts)
        .where(eq(aiCreditAccounts.orgId, orgId));
      return (
        row ?? { orgAssigned: 0, orgUsed: 0, userAssigned: 0, userUsed: 0, courseAssigned: 0, courseUsed: 0 }
      );
    },

    /** A user of the organisation, with their department's name; undefined for anyone else's user. */
    async userWithDepartment(orgId: number, userId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: users.id,
          userNo: users.userNo,
          name: users.name,
          orgRole: users.orgRole,
          department: departments.name,
        })
        .from(users)
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(and(eq(users.id, userId), eq(users.orgId, orgId)));
      return row;
    },

    async createRequest(
      values: typeof aiCreditRequests.$inferInsert,
      tx: Executor = db,
    ): Promise<CreditRequestRow> {
      const [row] = await tx.insert(aiCreditRequests).values(values).returning();
      if (!row) throw new Error('credit request not inserted');
      return row;
    },

    async lockRequest(orgId: number, id: number, tx: Executor): Promise<CreditRequestRow | undefined> {
      const [row] = await tx
        .select()
        .from(aiCreditRequests)
        .where(and(eq(aiCreditRequests.id, id), eq(aiCreditRequests.orgId, orgId)))
        .for('update');
      return row;
    },

    async decideRequest(
      id: number,
      values: Pick<CreditRequestRow, 'status' | 'approvedCredits' | 'remark' | 'auditorId'>,
      tx: Executor,
    ): Promise<CreditRequestRow> {
      const [row] = await tx
        .update(aiCreditRequests)
        .set({ ...values, read: false, updatedAt: new Date() })
        .where(eq(aiCreditRequests.id, id))
        .returning();
      if (!row) throw new Error('credit request vanished');
      return row;
    },

    async requestPage(
      orgId: number,
      userId: number | null,
      offset: number,
      limit: number,
      tx: Executor = db,
    ) {
      const where = and(
        eq(aiCreditRequests.orgId, orgId),
        userId === null ? undefined : eq(aiCreditRequests.userId, userId),
      );
      const [total] = await tx.select({ n: count() }).from(aiCreditRequests).where(where);
      const rows = await tx
        .select({
          request: aiCreditRequests,
          userNo: users.userNo,
          userName: users.name,
          courseName: courses.name,
        })
        .from(aiCreditRequests)
        .innerJoin(users, eq(users.id, aiCreditRequests.userId))
        .leftJoin(courses, eq(courses.id, aiCreditRequests.courseId))
        .where(where)
        .orderBy(desc(aiCreditRequests.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },

    async courseName(courseId: number, tx: Executor = db): Promise<string | undefined> {
      const [row] = await tx.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
      return row?.name;
    },

    async userNames(ids: number[], tx: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /**
     * Locks the organisation's own row, creating it (empty) on first use. Every allocation takes this lock
     * first, so allocations serialise and each one sees what the previous ones committed.
     */
    async lockOrgAccount(orgId: number, tx: Executor): Promise<CreditAccountRow> {
      await tx.execute(sql`
        insert into ${aiCreditAccounts} (org_id, assigned) values (${orgId}, 0)
        on conflict (org_id) where user_id is null and course_id is null do nothing`);
      const [row] = await tx
        .select()
        .from(aiCreditAccounts)
        .where(accountWhere({ orgId, userId: null }))
        .for('update');
      if (!row) throw new Error('organisation credit account missing');
      return row;
    },

    async lockAccount(key: AccountKey, tx: Executor): Promise<CreditAccountRow | undefined> {
      const [row] = await tx.select().from(aiCreditAccounts).where(accountWhere(key)).for('update');
      return row;
    },

    /** Credits handed to users and courses, which the organisation no longer has to give. */
    async allocatedTotal(orgId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(sum(${aiCreditAccounts.assigned}), 0)::int` })
        .from(aiCreditAccounts)
        .where(
          and(
            eq(aiCreditAccounts.orgId, orgId),
            or(isNotNull(aiCreditAccounts.userId), isNotNull(aiCreditAccounts.courseId)),
          ),
        );
      return row?.n ?? 0;
    },

    async setOrgAssigned(orgId: number, assigned: number, tx: Executor): Promise<void> {
      await tx
        .update(aiCreditAccounts)
        .set({ assigned, updatedAt: new Date() })
        .where(accountWhere({ orgId, userId: null }));
    },

    async setCourseActivation(courseId: number, aiActivation: boolean, tx: Executor): Promise<void> {
      await tx
        .update(aiCreditAccounts)
        .set({ aiActivation, updatedAt: new Date() })
        .where(eq(aiCreditAccounts.courseId, courseId));
    },

    /**
     * Users an administrator may give credits to: those teaching any course, the organisation's
     * administrators, and anyone already holding an account. Keyword: user number, name or department.
     */
    async userCreditPage(orgId: number, keyword: string | undefined, offset: number, limit: number) {
      const teachesSomewhere = sql`exists (select 1 from ${courseMembers} where ${courseMembers.userId} = ${users.id} and ${teaches})`;
      const like = keyword ? escapeLike(keyword) : undefined;
      const where = and(
        eq(users.orgId, orgId),
        eq(users.active, true),
        or(eq(users.orgRole, 'admin'), isNotNull(aiCreditAccounts.id), teachesSomewhere),
        like
          ? or(ilike(users.userNo, like), ilike(users.name, like), ilike(departments.name, like))
          : undefined,
      );
      const base = () =>
        db
          .select({
            id: users.id,
            userNo: users.userNo,
            name: users.name,
            orgRole: users.orgRole,
            department: departments.name,
            assigned: aiCreditAccounts.assigned,
            used: aiCreditAccounts.used,
          })
          .from(users)
          .leftJoin(departments, eq(departments.id, users.departmentId))
          .leftJoin(aiCreditAccounts, eq(aiCreditAccounts.userId, users.id))
          .where(where);
      const [total] = await db.select({ n: count() }).from(base().as('candidates'));
      const rows = await base().orderBy(asc(users.userNo), asc(users.id)).limit(limit).offset(offset);
      return { total: total?.n ?? 0, rows };
    },

    /** The organisation's courses (not in a recycle bin) with their credit. Keyword: name, code, class. */
    async courseCreditPage(
      orgId: number,
      filter: { keyword?: string | undefined; courseId?: number },
      offset: number,
      limit: number,
    ) {
      const like = filter.keyword ? escapeLike(filter.keyword) : undefined;
      const where = and(
        eq(courses.orgId, orgId),
        courseNotDeleted,
        filter.courseId === undefined ? undefined : eq(courses.id, filter.courseId),
        like
          ? or(
              ilike(courses.name, like),
              ilike(courses.displayName, like),
              ilike(courses.courseCode, like),
              ilike(courses.klass, like),
            )
          : undefined,
      );
      const [total] = await db.select({ n: count() }).from(courses).where(where);
      const rows = await db
        .select({
          id: courses.id,
          name: courses.name,
          courseCode: courses.courseCode,
          courseType: courses.courseType,
          klass: courses.klass,
          academicYear: academicYears.name,
          semester: semesters.name,
          department: departments.name,
          assigned: aiCreditAccounts.assigned,
          used: aiCreditAccounts.used,
          aiActivation: aiCreditAccounts.aiActivation,
        })
        .from(courses)
        .leftJoin(academicYears, eq(academicYears.id, courses.academicYearId))
        .leftJoin(semesters, eq(semesters.id, courses.semesterId))
        .leftJoin(departments, eq(departments.id, courses.departmentId))
        .leftJoin(aiCreditAccounts, eq(aiCreditAccounts.courseId, courses.id))
        .where(where)
        .orderBy(desc(courses.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },

    async instructorsOf(courseIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
      const byCourse = new Map<number, { id: number; name: string }[]>();
      if (courseIds.length === 0) return byCourse;
      const rows = await db
        .select({ courseId: courseMembers.courseId, id: users.id, name: users.name })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(
          and(
            inArray(courseMembers.courseId, courseIds),
            sql`${courseMembers.roles} && array['instructor']::text[]`,
          ),
        )
        .orderBy(asc(users.name));
      for (const row of rows) {
        const list = byCourse.get(row.courseId) ?? [];
        list.push({ id: row.id, name: row.name });
        byCourse.set(row.courseId, list);
      }
      return byCourse;
    },

    async courseInOrg(orgId: number, courseId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.id, courseId), eq(courses.orgId, orgId), courseNotDeleted));
      return row !== undefined;
    },

    async config(orgId: number, tx: Executor = db): Promise<AiConfigRow | undefined> {
      const [row] = await tx.select().from(aiConfigs).where(eq(aiConfigs.orgId, orgId));
      return row;
    },

    async upsertConfig(
      orgId: number,
      values: Partial<Omit<AiConfigRow, 'orgId'>>,
      tx: Executor = db,
    ): Promise<AiConfigRow> {
      const [row] = await tx
        .insert(aiConfigs)
        .values({ orgId, ...values })
        .onConflictDoUpdate({ target: aiConfigs.orgId, set: values })
        .returning();
      if (!row) throw new Error('ai config not stored');
      return row;
    },

    async usageByFeature(orgId: number, window: UsageWindow) {
      return db
        .select({
          feature: aiUsageLedger.feature,
          calls: sql<number>`count(*)::int`,
          promptTokens: sql<number>`coalesce(sum(${aiUsageLedger.promptTokens}), 0)::int`,
          completionTokens: sql<number>`coalesce(sum(${aiUsageLedger.completionTokens}), 0)::int`,
          credits: sql<number>`coalesce(sum(${aiUsageLedger.credits}), 0)::int`,
        })
        .from(aiUsageLedger)
        .where(usageWhere(orgId, window))
        .groupBy(aiUsageLedger.feature)
        .orderBy(aiUsageLedger.feature);
    },

    /** Users with any usage in the window, most credits first. Keyword: user number, name or department. */
    async usageByUserPage(
      orgId: number,
      window: UsageWindow,
      keyword: string | undefined,
      offset: number,
      limit: number,
    ) {
      const like = keyword ? escapeLike(keyword) : undefined;
      const where = and(
        usageWhere(orgId, window),
        like
          ? or(ilike(users.userNo, like), ilike(users.name, like), ilike(departments.name, like))
          : undefined,
      );
      const base = () =>
        db
          .select({
            userId: users.id,
            userNo: users.userNo,
            userName: users.name,
            department: departments.name,
            calls: sql<number>`count(*)::int`.as('calls'),
            promptTokens: sql<number>`coalesce(sum(${aiUsageLedger.promptTokens}), 0)::int`.as(
              'prompt_tokens',
            ),
            completionTokens: sql<number>`coalesce(sum(${aiUsageLedger.completionTokens}), 0)::int`.as(
              'completion_tokens',
            ),
            credits: sql<number>`coalesce(sum(${aiUsageLedger.credits}), 0)::int`.as('credits'),
          })
          .from(aiUsageLedger)
          .innerJoin(users, eq(users.id, aiUsageLedger.userId))
          .leftJoin(departments, eq(departments.id, users.departmentId))
          .where(where)
          .groupBy(users.id, users.userNo, users.name, departments.name);
      const [total] = await db.select({ n: count() }).from(base().as('usage'));
      const rows = await base()
        .orderBy(sql`credits desc`, asc(users.userNo))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },
  };
}

function usageWhere(orgId: number, window: UsageWindow): SQL | undefined {
  return and(
    eq(aiUsageLedger.orgId, orgId),
    window.from ? gte(aiUsageLedger.at, window.from) : undefined,
    window.to ? lt(aiUsageLedger.at, window.to) : undefined,
  );
}
