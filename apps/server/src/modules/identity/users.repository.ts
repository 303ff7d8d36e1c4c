import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { departments, orgs, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type UserRow = typeof users.$inferSelect;
export type UserWithDepartment = UserRow & { departmentName: string | null };
export type NewUser = typeof users.$inferInsert;

const withDepartment = {
  user: users,
  departmentName: departments.name,
};

export type UserFilter = {
  orgId: number;
  keyword?: string | undefined;
  departmentId?: number | undefined;
  active?: boolean | undefined;
};

function filterWhere(filter: UserFilter): SQL | undefined {
  const clauses: (SQL | undefined)[] = [eq(users.orgId, filter.orgId)];
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    clauses.push(or(ilike(users.name, like), ilike(users.userNo, like), ilike(users.email, like)));
  }
  if (filter.departmentId !== undefined) clauses.push(eq(users.departmentId, filter.departmentId));
  if (filter.active !== undefined) clauses.push(eq(users.active, filter.active));
  return and(...clauses);
}

export function usersRepository(db: Database) {
  return {
    async findById(id: number, tx: Executor = db): Promise<UserWithDepartment | undefined> {
      const [row] = await tx
        .select(withDepartment)
        .from(users)
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(eq(users.id, id));
      return row && { ...row.user, departmentName: row.departmentName };
    },

    async findByIds(ids: readonly number[], tx: Executor = db): Promise<UserWithDepartment[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select(withDepartment)
        .from(users)
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(inArray(users.id, [...ids]));
      return rows.map((r) => ({ ...r.user, departmentName: r.departmentName }));
    },

    /** Login accepts a user number or an e-mail; user numbers are unique per org, so several orgs may match. */
    async findForLogin(login: string, tx: Executor = db): Promise<UserRow[]> {
      return tx
        .select()
        .from(users)
        .where(or(eq(users.userNo, login), eq(users.email, login.toLowerCase())))
        .limit(5);
    },

    async findByUserNos(orgId: number, userNos: readonly string[], tx: Executor = db): Promise<UserRow[]> {
      if (userNos.length === 0) return [];
      return tx
        .select()
        .from(users)
        .where(and(eq(users.orgId, orgId), inArray(users.userNo, [...userNos])));
    },

    async findByEmails(orgId: number, emails: readonly string[], tx: Executor = db): Promise<UserRow[]> {
      if (emails.length === 0) return [];
      return tx
        .select()
        .from(users)
        .where(and(eq(users.orgId, orgId), inArray(users.email, [...emails])));
    },

    async list(
      filter: UserFilter,
      page: { limit: number; offset: number },
      tx: Executor = db,
    ): Promise<{ rows: UserWithDepartment[]; total: number }> {
      const where = filterWhere(filter);
      const [rows, totals] = await Promise.all([
        tx
          .select(withDepartment)
          .from(users)
          .leftJoin(departments, eq(departments.id, users.departmentId))
          .where(where)
          .orderBy(asc(users.userNo))
          .limit(page.limit)
          .offset(page.offset),
        tx.select({ total: count() }).from(users).where(where),
      ]);
      return {
        rows: rows.map((r) => ({ ...r.user, departmentName: r.departmentName })),
        total: totals[0]?.total ?? 0,
      };
    },

    async insert(values: NewUser, tx: Executor = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async insertMany(values: NewUser[], tx: Executor = db): Promise<UserRow[]> {
      if (values.length === 0) return [];
      return tx.insert(users).values(values).returning();
    },

    async update(id: number, values: Partial<NewUser>, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async findOrg(orgId: number, tx: Executor = db) {
      const [row] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
      return row;
    },

    async listDepartments(orgId: number, tx: Executor = db) {
      return tx
        .select()
        .from(departments)
        .where(eq(departments.orgId, orgId))
        .orderBy(asc(departments.sort), asc(departments.id));
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
