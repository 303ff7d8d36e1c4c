import type { Readable } from 'node:stream';
import type { Department } from '@lectern/contracts/identity/identity.schemas';
import {
  PORTAL_LOGO_MIME_TYPES,
  type AcademicYear,
  type AlertPopup,
  type CreateDepartmentRequest,
  type LiveRecordSettings,
  type OrgFeatures,
  type PortalLogo,
  type SaveAcademicYearRequest,
  type SaveSemesterRequest,
  type UpdateAlertPopupRequest,
  type UpdateDepartmentRequest,
} from '@lectern/contracts/identity/org-admin.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { presentDepartment } from './identity.presenter.ts';
import { assertOrgAdmin, assertOrgMember } from './org-admin.policy.ts';
import { presentAcademicYears, presentPortalLogo } from './org-admin.presenter.ts';
import { orgAdminRepository, type OrgRow } from './org-admin.repository.ts';
import {
  ALERT_POPUP_KEY,
  LIVE_RECORD_KEY,
  PORTAL_LOGO_KEY,
  alertPopupOf,
  featuresOf,
  liveRecordOf,
  portalLogoIdOf,
} from './org-settings.ts';

export type LogoBlob = { mime: string; etag: string | null; body: Readable };

export function orgAdminService(ctx: AppContext) {
  const repo = orgAdminRepository(ctx.db);

  async function loadOrg(orgId: number): Promise<OrgRow> {
    const org = await repo.findOrg(orgId);
    if (!org) throw notFound();
    return org;
  }

  /** Read-modify-write of one key of the settings under a row lock, so parallel edits all survive. */
  async function patchSettings(orgId: number, patch: Record<string, unknown>): Promise<OrgRow> {
    return ctx.db.transaction(async (tx) => {
      const org = await repo.lockOrg(orgId, tx);
      if (!org) throw notFound();
      return repo.updateSettings(orgId, { ...org.settings, ...patch }, tx);
    });
  }

  /** The org a logo request speaks of: the caller's, or for signed-out visitors the deployment's. */
  async function logoOrg(actor: Actor | null): Promise<OrgRow | undefined> {
    return actor ? repo.findOrg(actor.orgId) : repo.firstOrg();
  }

  async function assertDepartmentCodeFree(orgId: number, code: string, exceptId: number | null) {
    if (await repo.departmentCodeTaken(orgId, code, exceptId)) {
      throw conflict(undefined, { code: [{ key: 'identity.departmentCodeTaken', params: { code } }] });
    }
  }

  return {
    async features(actor: Actor, orgId: number): Promise<OrgFeatures> {
      assertOrgMember(actor, orgId);
      return featuresOf((await loadOrg(orgId)).settings);
    },

    async updateFeatures(actor: Actor, orgId: number, input: OrgFeatures): Promise<OrgFeatures> {
      assertOrgAdmin(actor, orgId);
      const org = await patchSettings(orgId, { ...input });
      return featuresOf(org.settings);
    },

    async liveRecordSettings(actor: Actor, orgId: number): Promise<LiveRecordSettings> {
      assertOrgMember(actor, orgId);
      return liveRecordOf((await loadOrg(orgId)).settings);
    },

    async updateLiveRecordSettings(
      actor: Actor,
      orgId: number,
      input: LiveRecordSettings,
    ): Promise<LiveRecordSettings> {
      assertOrgAdmin(actor, orgId);
      const org = await patchSettings(orgId, { [LIVE_RECORD_KEY]: input });
      return liveRecordOf(org.settings);
    },

    async portalLogo(actor: Actor | null): Promise<PortalLogo> {
      const org = await logoOrg(actor);
      return presentPortalLogo(org ? portalLogoIdOf(org.settings) : null);
    },

    /** Only a raster image the administrator uploaded themselves becomes the logo. */
    async setPortalLogo(actor: Actor, orgId: number, uploadId: number): Promise<PortalLogo> {
      assertOrgAdmin(actor, orgId);
      const upload = await repo.findUpload(uploadId);
      if (!upload || upload.orgId !== orgId || upload.createdBy !== actor.userId || upload.deleted) {
        throw invalid({ upload_id: ['identity.logoUploadUnknown'] });
      }
      const mime = upload.mimeType ?? '';
      if (upload.status !== 'ready' || !(PORTAL_LOGO_MIME_TYPES as readonly string[]).includes(mime)) {
        throw invalid({ upload_id: ['identity.logoNotImage'] });
      }
      await ctx.db.transaction(async (tx) => {
        const org = await repo.lockOrg(orgId, tx);
        if (!org) throw notFound();
        await repo.replaceLogoReference(orgId, upload, tx);
        await repo.updateSettings(orgId, { ...org.settings, [PORTAL_LOGO_KEY]: upload.id }, tx);
      });
      return presentPortalLogo(upload.id);
    },

    async portalLogoBlob(actor: Actor | null): Promise<LogoBlob> {
      const org = await logoOrg(actor);
      const id = org ? portalLogoIdOf(org.settings) : null;
      const upload = id === null ? undefined : await repo.findUpload(id);
      if (!upload?.storageKey || upload.deleted || !upload.mimeType) throw notFound();
      // Checked again on the way out: only what was accepted as an image is ever served publicly.
      if (!(PORTAL_LOGO_MIME_TYPES as readonly string[]).includes(upload.mimeType)) throw notFound();
      return { mime: upload.mimeType, etag: upload.sha256, body: await ctx.storage.get(upload.storageKey) };
    },

    async alertPopup(actor: Actor, orgId: number): Promise<AlertPopup> {
      assertOrgMember(actor, orgId);
      return alertPopupOf((await loadOrg(orgId)).settings);
    },

    async updateAlertPopup(actor: Actor, orgId: number, input: UpdateAlertPopupRequest): Promise<AlertPopup> {
      assertOrgAdmin(actor, orgId);
      const popup: AlertPopup = {
        enabled: input.enabled,
        title: input.title,
        content: sanitizeUserHtml(input.content),
        updated_at: new Date().toISOString(),
      };
      const org = await patchSettings(orgId, { [ALERT_POPUP_KEY]: popup });
      return alertPopupOf(org.settings);
    },

    async createDepartment(actor: Actor, orgId: number, input: CreateDepartmentRequest): Promise<Department> {
      assertOrgAdmin(actor, orgId);
      const code = input.code ?? `dept-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      await assertDepartmentCodeFree(orgId, code, null);
      const row = await repo.insertDepartment({ orgId, name: input.name, code, sort: input.sort ?? 0 });
      return presentDepartment(row);
    },

    async updateDepartment(
      actor: Actor,
      orgId: number,
      id: number,
      input: UpdateDepartmentRequest,
    ): Promise<Department> {
      assertOrgAdmin(actor, orgId);
      const current = await repo.findDepartment(orgId, id);
      if (!current) throw notFound();
      if (input.code !== undefined) await assertDepartmentCodeFree(orgId, input.code, id);
      const values = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
      };
      // A body naming no field changes nothing: answer the department as it is, not an empty UPDATE.
      if (Object.keys(values).length === 0) return presentDepartment(current);
      return presentDepartment(await repo.updateDepartment(id, values));
    },

    /** Refused while users or courses are filed under it: deleting would silently unfile them. */
    async deleteDepartment(actor: Actor, orgId: number, id: number): Promise<void> {
      assertOrgAdmin(actor, orgId);
      if (!(await repo.findDepartment(orgId, id))) throw notFound();
      const uses = await repo.departmentUses(id);
      if (uses > 0) throw conflict({ key: 'identity.departmentInUse', params: { count: uses } });
      await repo.deleteDepartment(id);
    },

    async academicYears(actor: Actor, orgId: number): Promise<AcademicYear[]> {
      assertOrgMember(actor, orgId);
      const { years, terms } = await repo.listAcademicYears(orgId);
      return presentAcademicYears(years, terms);
    },

    async createAcademicYear(actor: Actor, orgId: number, input: SaveAcademicYearRequest) {
      assertOrgAdmin(actor, orgId);
      await repo.insertAcademicYear({
        orgId,
        name: input.name,
        code: input.code ?? input.name,
        sort: input.sort ?? 0,
      });
      return this.academicYears(actor, orgId);
    },

    async updateAcademicYear(actor: Actor, orgId: number, id: number, input: SaveAcademicYearRequest) {
      assertOrgAdmin(actor, orgId);
      if (!(await repo.findAcademicYear(orgId, id))) throw notFound();
      await repo.updateAcademicYear(id, {
        name: input.name,
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
      });
      return this.academicYears(actor, orgId);
    },

    async deleteAcademicYear(actor: Actor, orgId: number, id: number) {
      assertOrgAdmin(actor, orgId);
      if (!(await repo.findAcademicYear(orgId, id))) throw notFound();
      const uses = await repo.academicYearUses(id);
      if (uses > 0) throw conflict({ key: 'identity.termInUse', params: { count: uses } });
      await repo.deleteAcademicYear(id);
      return this.academicYears(actor, orgId);
    },

    async createSemester(actor: Actor, orgId: number, input: SaveSemesterRequest) {
      assertOrgAdmin(actor, orgId);
      if (!(await repo.findAcademicYear(orgId, input.academic_year_id))) {
        throw invalid({ academic_year_id: ['courses.academicYearUnknown'] });
      }
      await repo.insertSemester({
        orgId,
        academicYearId: input.academic_year_id,
        name: input.name,
        code: input.code ?? input.name,
        sort: input.sort ?? 0,
        startDate: input.start_date ?? null,
        endDate: input.end_date ?? null,
      });
      return this.academicYears(actor, orgId);
    },

    async updateSemester(actor: Actor, orgId: number, id: number, input: SaveSemesterRequest) {
      assertOrgAdmin(actor, orgId);
      if (!(await repo.findSemester(orgId, id))) throw notFound();
      if (!(await repo.findAcademicYear(orgId, input.academic_year_id))) {
        throw invalid({ academic_year_id: ['courses.academicYearUnknown'] });
      }
      await repo.updateSemester(id, {
        academicYearId: input.academic_year_id,
        name: input.name,
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        startDate: input.start_date ?? null,
        endDate: input.end_date ?? null,
      });
      return this.academicYears(actor, orgId);
    },

    async deleteSemester(actor: Actor, orgId: number, id: number) {
      assertOrgAdmin(actor, orgId);
      if (!(await repo.findSemester(orgId, id))) throw notFound();
      const uses = await repo.semesterUses(id);
      if (uses > 0) throw conflict({ key: 'identity.termInUse', params: { count: uses } });
      await repo.deleteSemester(id);
      return this.academicYears(actor, orgId);
    },
  };
}
