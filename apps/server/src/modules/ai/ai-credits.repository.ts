import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { aiConfigs, aiCreditAccounts, aiCreditRequests, aiUsageLedger } from '../../db/schema/ai.ts';
import { courseMembers } from '../../db/schema/courses.ts';
import { departments, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type CreditAccountRow = typeof aiCreditAccounts.$inferSelect;
export type CreditRequestRow = typeof aiCreditRequests.$inferSelect;
export type AccountKey = { orgId: number; userId: number } | { orgId: number; userId: null };

/** Both drivers answer a raw statement with its rows under `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const teaches = sql`${courseMembers.roles} && array['instructor','instructor_assistant']::text[]`;

function accountWhere(key: AccountKey) {
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

    async account(key: AccountKey, tx: Executor = db): Promise<CreditAccountRow | undefined> {
      const [row] = await tx.select().from(aiCreditAccounts).where(accountWhere(key));
      return row;
    },

    /** Adds credits to an account, creating it on first use. */
    async addAssigned(key: AccountKey, credits: number, tx: Executor = db): Promise<void> {
      const updated = await tx
        .update(aiCreditAccounts)
        .set({ assigned: sql`${aiCreditAccounts.assigned} + ${credits}`, updatedAt: new Date() })
        .where(accountWhere(key))
        .returning({ id: aiCreditAccounts.id });
      if (updated.length === 0) {
        await tx.insert(aiCreditAccounts).values({ orgId: key.orgId, userId: key.userId, assigned: credits });
      }
    },

    /** Sets an account's assigned credits, never below what it has used. */
    async setAssigned(key: AccountKey, assigned: number, tx: Executor = db): Promise<void> {
      const updated = await tx
        .update(aiCreditAccounts)
        .set({ assigned: sql`greatest(${assigned}, ${aiCreditAccounts.used})`, updatedAt: new Date() })
        .where(accountWhere(key))
        .returning({ id: aiCreditAccounts.id });
      if (updated.length === 0) {
        await tx.insert(aiCreditAccounts).values({ orgId: key.orgId, userId: key.userId, assigned });
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
        .select({ request: aiCreditRequests, userNo: users.userNo, userName: users.name })
        .from(aiCreditRequests)
        .innerJoin(users, eq(users.id, aiCreditRequests.userId))
        .where(where)
        .orderBy(desc(aiCreditRequests.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },

    async userNames(ids: number[], tx: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}
