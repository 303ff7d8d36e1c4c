import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import { LIMITS } from '@lectern/contracts/identity/identity.limits';
import {
  CreateUserRequestSchema,
  type ImportUsersResponse,
  type ListUsersQuery,
  type User,
  type UsersPage,
} from '@lectern/contracts/identity/identity.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, invalid, notFound, type FieldMessages, type Message } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { isMessageKey } from '../../platform/messages.ts';
import { presentUser } from './identity.presenter.ts';
import { orgAdminRepository } from './org-admin.repository.ts';
import { hashPassword } from './password.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { usersRepository, type NewUser } from './users.repository.ts';

type CreateUser = z.output<typeof CreateUserRequestSchema>;
type UpdateUser = Partial<CreateUser> & { active?: boolean | undefined };

/** Organisation administrators manage the people of their own organisation. Routes are org_admin only. */
export function usersAdminService(ctx: AppContext) {
  const usersRepo = usersRepository(ctx.db);
  const orgAdminRepo = orgAdminRepository(ctx.db);
  const sessionsRepo = sessionsRepository(ctx.db);

  async function assertUnique(
    orgId: number,
    values: { userNo?: string; email?: string | null },
    exceptId?: number,
  ) {
    const fields: FieldMessages = {};
    if (values.userNo) {
      const clash = (await usersRepo.findByUserNos(orgId, [values.userNo])).find((u) => u.id !== exceptId);
      if (clash) fields.user_no = [{ key: 'identity.userNoTaken', params: { user_no: values.userNo } }];
    }
    if (values.email) {
      const clash = (await usersRepo.findByEmails(orgId, [values.email])).find((u) => u.id !== exceptId);
      if (clash) fields.email = [{ key: 'identity.emailTaken', params: { email: values.email } }];
    }
    if (Object.keys(fields).length > 0) throw new AppError('conflict', Object.values(fields)[0]?.[0], fields);
  }

  async function assertDepartment(orgId: number, departmentId: number | null | undefined) {
    if (departmentId === null || departmentId === undefined) return;
    const known = await usersRepo.listDepartments(orgId);
    if (!known.some((d) => d.id === departmentId)) {
      throw invalid({
        department_id: [{ key: 'identity.departmentUnknown', params: { department: departmentId } }],
      });
    }
  }

  async function load(actor: Actor, id: number) {
    const user = await usersRepo.findById(id);
    if (!user || user.orgId !== actor.orgId) throw notFound('identity.userNotFound');
    return user;
  }

  return {
    async list(actor: Actor, query: ListUsersQuery): Promise<UsersPage> {
      const { rows, total } = await usersRepo.list(
        {
          orgId: actor.orgId,
          keyword: query.keyword,
          departmentId: query.department_id,
          active: query.active,
        },
        { limit: query.page_size, offset: (query.page - 1) * query.page_size },
      );
      const teaching = await orgAdminRepo.teachingAmong(
        actor.orgId,
        rows.map((r) => r.id),
      );
      return {
        ...pageMeta(query, total),
        users: rows.map((r) => ({ ...presentUser(r), teaches: teaching.has(r.id) })),
      };
    },

    async create(actor: Actor, input: CreateUser): Promise<User> {
      await assertUnique(actor.orgId, { userNo: input.user_no, email: input.email ?? null });
      await assertDepartment(actor.orgId, input.department_id);
      const row = await usersRepo.insert({
        orgId: actor.orgId,
        userNo: input.user_no,
        name: input.name,
        aliases: input.aliases ?? null,
        email: input.email ?? null,
        mobilePhone: input.mobile_phone ?? null,
        departmentId: input.department_id ?? null,
        orgRole: input.org_role,
        passwordHash: await hashPassword(input.password),
      });
      return presentUser({
        ...row,
        departmentName: (await usersRepo.findById(row.id))?.departmentName ?? null,
      });
    },

    async update(actor: Actor, id: number, input: UpdateUser): Promise<User> {
      const existing = await load(actor, id);
      if (id === actor.userId) {
        const own: FieldMessages = {};
        if (input.active === false) own.active = ['identity.cannotDeactivateSelf'];
        if (input.org_role === 'member') own.org_role = ['identity.cannotDemoteSelf'];
        if (Object.keys(own).length > 0) throw new AppError('forbidden', Object.values(own)[0]?.[0], own);
      }
      await assertUnique(actor.orgId, { userNo: input.user_no, email: input.email ?? undefined }, id);
      await assertDepartment(actor.orgId, input.department_id);
      const values: Partial<NewUser> = {};
      if (input.user_no !== undefined) values.userNo = input.user_no;
      if (input.name !== undefined) values.name = input.name;
      if (input.aliases !== undefined) values.aliases = input.aliases;
      if (input.email !== undefined) values.email = input.email;
      if (input.mobile_phone !== undefined) values.mobilePhone = input.mobile_phone;
      if (input.department_id !== undefined) values.departmentId = input.department_id;
      if (input.org_role !== undefined) values.orgRole = input.org_role;
      if (input.active !== undefined) values.active = input.active;
      if (input.password !== undefined) values.passwordHash = await hashPassword(input.password);
      await ctx.db.transaction(async (tx) => {
        await usersRepo.update(existing.id, values, tx);
        // A deactivated user or a changed password ends every open session at once.
        if (input.active === false || input.password !== undefined) await sessionsRepo.deleteForUser(id, tx);
      });
      // After the commit, so no request can re-cache what the transaction replaced (role, activity).
      await sessionsRepo.forgetUser(id);
      const updated = await usersRepo.findById(id);
      if (!updated) throw notFound('identity.userNotFound');
      return presentUser(updated);
    },

    /**
     * Imports users from CSV. Every row is checked first; if any row is wrong nothing is written and the
     * answer lists each bad row's fields as `rows.<line>.<field>` (line numbers as the file shows them).
     * A row naming an existing user number updates that user; its blank or missing cells (email,
     * department, role, password) leave what the user has, so a short file never wipes or demotes anyone.
     */
    async importCsv(actor: Actor, csv: string): Promise<ImportUsersResponse> {
      let records: Record<string, string>[];
      try {
        records = parse(csv.replace(/^\uFEFF/, ''), {
          columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
          skip_empty_lines: true,
          trim: true,
          relax_column_count: false,
        });
      } catch (error) {
        throw invalid({
          csv: [{ key: 'identity.csvMalformed', params: { detail: (error as Error).message } }],
        });
      }
      const first = records[0];
      if (!first || !('user_no' in first) || !('name' in first))
        throw invalid({ csv: ['identity.csvHeader'] });
      if (records.length > LIMITS.csvMaxRows) {
        throw invalid({ csv: [{ key: 'identity.csvTooManyRows', params: { maximum: LIMITS.csvMaxRows } }] });
      }

      const departments = await usersRepo.listDepartments(actor.orgId);
      const departmentByName = new Map<string, number>();
      for (const d of departments) {
        departmentByName.set(d.name.toLowerCase(), d.id);
        departmentByName.set(d.code.toLowerCase(), d.id);
      }
      const existingByNo = new Map(
        (
          await usersRepo.findByUserNos(
            actor.orgId,
            records.map((r) => r.user_no ?? ''),
          )
        ).map((u) => [u.userNo, u]),
      );
      const existingByEmail = new Map(
        (
          await usersRepo.findByEmails(
            actor.orgId,
            records.map((r) => (r.email ?? '').toLowerCase()).filter(Boolean),
          )
        ).map((u) => [u.email ?? '', u]),
      );

      const fields: FieldMessages = {};
      const add = (line: number, field: string, message: Message) => {
        (fields[`rows.${line}.${field}`] ??= []).push(message);
      };
      const seenNo = new Map<string, number>();
      const seenEmail = new Map<string, number>();
      type Planned = {
        line: number;
        userNo: string;
        /** A new user's columns: blank cells take the defaults. */
        values: Omit<NewUser, 'passwordHash'>;
        /** An existing user's changes: only the cells the row fills in. */
        changes: Partial<NewUser>;
        password?: string;
      };
      const planned: Planned[] = [];

      records.forEach((record, index) => {
        const line = index + 2; // the header is line 1
        const role = (record.role || 'member').toLowerCase();
        const parsed = CreateUserRequestSchema.safeParse({
          user_no: record.user_no ?? '',
          name: record.name ?? '',
          email: record.email ? record.email : null,
          org_role: role === 'admin' || role === 'member' ? role : undefined,
          password: record.password || 'x'.repeat(LIMITS.passwordMin),
        });
        if (role !== 'admin' && role !== 'member') add(line, 'role', 'identity.roleInvalid');
        let departmentId: number | null = null;
        if (record.department) {
          departmentId = departmentByName.get(record.department.toLowerCase()) ?? null;
          if (departmentId === null) {
            add(line, 'department', {
              key: 'identity.departmentUnknown',
              params: { department: record.department },
            });
          }
        }
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? 'row');
            add(line, field, isMessageKey(issue.message) ? issue.message : 'error.validation_failed');
          }
          return;
        }
        const row = parsed.data;
        const existing = existingByNo.get(row.user_no);
        if (existing?.id === actor.userId && record.role && role === 'member') {
          add(line, 'role', 'identity.cannotDemoteSelf');
        }
        const duplicateOf = seenNo.get(row.user_no);
        if (duplicateOf)
          add(line, 'user_no', { key: 'identity.csvDuplicateRow', params: { row: duplicateOf } });
        seenNo.set(row.user_no, line);
        if (row.email) {
          const emailDuplicateOf = seenEmail.get(row.email);
          if (emailDuplicateOf)
            add(line, 'email', { key: 'identity.csvDuplicateRow', params: { row: emailDuplicateOf } });
          seenEmail.set(row.email, line);
          const owner = existingByEmail.get(row.email);
          if (owner && owner.userNo !== row.user_no) {
            add(line, 'email', { key: 'identity.emailTaken', params: { email: row.email } });
          }
        }
        planned.push({
          line,
          userNo: row.user_no,
          values: {
            orgId: actor.orgId,
            userNo: row.user_no,
            name: row.name,
            email: row.email ?? null,
            departmentId,
            orgRole: row.org_role,
          },
          changes: {
            name: row.name,
            ...(row.email ? { email: row.email } : {}),
            ...(record.department ? { departmentId } : {}),
            ...(record.role ? { orgRole: row.org_role } : {}),
          },
          ...(record.password ? { password: record.password } : {}),
        });
      });

      const badRows = new Set(Object.keys(fields).map((k) => k.split('.')[1]));
      if (badRows.size > 0) {
        throw invalid(fields, { key: 'identity.csvRowsInvalid', params: { count: badRows.size } });
      }

      const initialPasswords: ImportUsersResponse['initial_passwords'] = [];
      const prepared = await Promise.all(
        planned.map(async (p) => {
          const existing = existingByNo.get(p.userNo);
          let password = p.password;
          if (!existing && !password) {
            password = randomBytes(9).toString('base64url');
            initialPasswords.push({ user_no: p.userNo, password });
          }
          return { ...p, existing, passwordHash: password ? await hashPassword(password) : undefined };
        }),
      );
      let created = 0;
      let updated = 0;
      await ctx.db.transaction(async (tx) => {
        const inserts: NewUser[] = [];
        for (const p of prepared) {
          if (p.existing) {
            await usersRepo.update(
              p.existing.id,
              { ...p.changes, ...(p.passwordHash ? { passwordHash: p.passwordHash } : {}) },
              tx,
            );
            updated += 1;
          } else {
            inserts.push({ ...p.values, passwordHash: p.passwordHash ?? '' });
          }
        }
        created = (await usersRepo.insertMany(inserts, tx)).length;
      });
      await Promise.all(
        prepared.flatMap((p) => (p.existing ? [sessionsRepo.forgetUser(p.existing.id)] : [])),
      );
      return { created, updated, initial_passwords: initialPasswords };
    },
  };
}
