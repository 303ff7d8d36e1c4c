import { and, arrayOverlaps, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { TEACHING_ROLES } from '@lectern/contracts/courses/course-roles';
import { academicYears, courseMembers, courses, semesters } from '../../db/schema/courses.ts';
import { departments, orgs, users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type OrgRow = typeof orgs.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
export type AcademicYearRow = typeof academicYears.$inferSelect;
export type SemesterRow = typeof semesters.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

/** The upload reference that keeps an organisation's portal logo from being swept as an orphan. */
export const PORTAL_LOGO_PARENT = 'org_portal_logo';

export function orgAdminRepository(db: Database) {
  return {
    async findOrg(id: number, tx: Executor = db): Promise<OrgRow | undefined> {
      const [row] = await tx.select().from(orgs).where(eq(orgs.id, id));
      return row;
    },

    /** The organisation a signed-out visitor sees (a deployment serves one organisation). */
    async firstOrg(tx: Executor = db): Promise<OrgRow | undefined> {
      const [row] = await tx.select().from(orgs).orderBy(asc(orgs.id)).limit(1);
      return row;
    },

    /** Locks the row so concurrent edits of different settings do not overwrite each other. */
    async lockOrg(id: number, tx: Executor): Promise<OrgRow | undefined> {
      const [row] = await tx.select().from(orgs).where(eq(orgs.id, id)).for('update');
      return row;
    },

    async updateSettings(id: number, settings: Record<string, unknown>, tx: Executor = db): Promise<OrgRow> {
      const [row] = await tx.update(orgs).set({ settings }).where(eq(orgs.id, id)).returning();
      if (!row) throw new Error(`org ${id} vanished`);
      return row;
    },

    async findUpload(id: number, tx: Executor = db): Promise<UploadRow | undefined> {
      const [row] = await tx.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },

    async replaceLogoReference(orgId: number, upload: UploadRow, tx: Executor): Promise<void> {
      await tx
        .delete(uploadReferences)
        .where(
          and(eq(uploadReferences.parentType, PORTAL_LOGO_PARENT), eq(uploadReferences.parentId, orgId)),
        );
      await tx.insert(uploadReferences).values({
        uploadId: upload.id,
        parentType: PORTAL_LOGO_PARENT,
        parentId: orgId,
        name: upload.name,
        createdBy: upload.createdBy,
      });
    },

    async findDepartment(orgId: number, id: number, tx: Executor = db): Promise<DepartmentRow | undefined> {
      const [row] = await tx
        .select()
        .from(departments)
        .where(and(eq(departments.orgId, orgId), eq(departments.id, id)));
      return row;
    },

    async departmentCodeTaken(orgId: number, code: string, exceptId: number | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.orgId, orgId), eq(departments.code, code)));
      return row !== undefined && row.id !== exceptId;
    },

    async insertDepartment(
      values: typeof departments.$inferInsert,
      tx: Executor = db,
    ): Promise<DepartmentRow> {
      const [row] = await tx.insert(departments).values(values).returning();
      if (!row) throw new Error('department insert returned nothing');
      return row;
    },

    async updateDepartment(
      id: number,
      values: Partial<Pick<DepartmentRow, 'name' | 'code' | 'sort'>>,
      tx: Executor = db,
    ): Promise<DepartmentRow> {
      const [row] = await tx.update(departments).set(values).where(eq(departments.id, id)).returning();
      if (!row) throw new Error(`department ${id} vanished`);
      return row;
    },

    /** Users and courses filed under the department. */
    async departmentUses(id: number, tx: Executor = db): Promise<number> {
      const [u] = await tx.select({ n: count() }).from(users).where(eq(users.departmentId, id));
      const [c] = await tx.select({ n: count() }).from(courses).where(eq(courses.departmentId, id));
      return (u?.n ?? 0) + (c?.n ?? 0);
    },

    async deleteDepartment(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(departments).where(eq(departments.id, id));
    },

    async listAcademicYears(orgId: number, tx: Executor = db) {
      const years = await tx
        .select()
        .from(academicYears)
        .where(eq(academicYears.orgId, orgId))
        .orderBy(asc(academicYears.sort), asc(academicYears.id));
      const terms = await tx
        .select()
        .from(semesters)
        .where(eq(semesters.orgId, orgId))
        .orderBy(asc(semesters.sort), asc(semesters.id));
      return { years, terms };
    },

    async findAcademicYear(
      orgId: number,
      id: number,
      tx: Executor = db,
    ): Promise<AcademicYearRow | undefined> {
      const [row] = await tx
        .select()
        .from(academicYears)
        .where(and(eq(academicYears.orgId, orgId), eq(academicYears.id, id)));
      return row;
    },

    async insertAcademicYear(values: typeof academicYears.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(academicYears).values(values).returning();
      if (!row) throw new Error('academic year insert returned nothing');
      return row;
    },

    async updateAcademicYear(
      id: number,
      values: Partial<Pick<AcademicYearRow, 'name' | 'code' | 'sort'>>,
      tx: Executor = db,
    ) {
      await tx.update(academicYears).set(values).where(eq(academicYears.id, id));
    },

    async deleteAcademicYear(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(academicYears).where(eq(academicYears.id, id));
    },

    async findSemester(orgId: number, id: number, tx: Executor = db): Promise<SemesterRow | undefined> {
      const [row] = await tx
        .select()
        .from(semesters)
        .where(and(eq(semesters.orgId, orgId), eq(semesters.id, id)));
      return row;
    },

    async insertSemester(values: typeof semesters.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(semesters).values(values).returning();
      if (!row) throw new Error('semester insert returned nothing');
      return row;
    },

    async updateSemester(
      id: number,
      values: Partial<Omit<typeof semesters.$inferInsert, 'id' | 'orgId'>>,
      tx: Executor = db,
    ) {
      await tx.update(semesters).set(values).where(eq(semesters.id, id));
    },

    async deleteSemester(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(semesters).where(eq(semesters.id, id));
    },

    /** Courses filed under the academic year, directly or through one of its semesters. */
    async academicYearUses(id: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courses)
        .where(
          sql`${courses.academicYearId} = ${id} or ${courses.semesterId} in (select ${semesters.id} from ${semesters} where ${semesters.academicYearId} = ${id})`,
        );
      return row?.n ?? 0;
    },

    async semesterUses(id: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(courses).where(eq(courses.semesterId, id));
      return row?.n ?? 0;
    },

    /** Those of `userIds` who hold a teaching role in some course of the organisation. */
    async teachingAmong(orgId: number, userIds: readonly number[], tx: Executor = db): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await tx
        .selectDistinct({ userId: courseMembers.userId })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .where(
          and(
            eq(courses.orgId, orgId),
            inArray(courseMembers.userId, [...userIds]),
            arrayOverlaps(courseMembers.roles, [...TEACHING_ROLES]),
          ),
        );
      return new Set(rows.map((r) => r.userId));
    },

    async updateUserSettings(
      userId: number,
      values: { timeZone?: string | null; mobilePhone?: string | null },
      tx: Executor = db,
    ) {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ timeZone: users.timeZone, mobilePhone: users.mobilePhone });
      if (!row) throw new Error(`user ${userId} vanished`);
      return row;
    },
  };
}
