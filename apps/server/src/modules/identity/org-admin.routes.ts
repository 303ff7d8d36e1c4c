import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { DepartmentSchema } from '@lectern/contracts/identity/identity.schemas';
import {
  AcademicYearsResponseSchema,
  AlertPopupSchema,
  CreateDepartmentRequestSchema,
  LiveRecordSettingsSchema,
  OrgFeaturesSchema,
  OrgIdChildParamsSchema,
  PortalLogoQuerySchema,
  PortalLogoSchema,
  SaveAcademicYearRequestSchema,
  SaveSemesterRequestSchema,
  UpdateAlertPopupRequestSchema,
  UpdateDepartmentRequestSchema,
} from '@lectern/contracts/identity/org-admin.schemas';
import {
  UpdateUserSettingsRequestSchema,
  UserSettingsSchema,
} from '@lectern/contracts/identity/user-settings.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { orgAdminService } from './org-admin.service.ts';
import { userSettingsService } from './user-settings.service.ts';

const tags = ['identity'];

/** Organisation administration (spec 000 section 7) and the user's own settings (section 9). */
export function registerOrgAdminRoutes(app: Api, ctx: AppContext): void {
  const orgs = orgAdminService(ctx);
  const userSettings = userSettingsService(ctx);

  app.get(
    '/api/orgs/:id/settings',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: OrgFeaturesSchema } },
    },
    async (request) => orgs.features(actorOf(request), request.params.id),
  );

  app.put(
    '/api/orgs/:id/settings',
    {
      config: { access: 'org_admin' },
      schema: { tags, params: IdParamsSchema, body: OrgFeaturesSchema, response: { 200: OrgFeaturesSchema } },
    },
    async (request) => orgs.updateFeatures(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/orgs/:id/live-record-settings',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: LiveRecordSettingsSchema } },
    },
    async (request) => orgs.liveRecordSettings(actorOf(request), request.params.id),
  );

  app.put(
    '/api/orgs/:id/live-record-settings',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        description:
          'Saves the organisation’s live-record settings; protect_cloud_recordings keeps cloud recordings ' +
          'put on live activities (their replays) from being deleted as resources.',
        params: IdParamsSchema,
        body: LiveRecordSettingsSchema,
        response: { 200: LiveRecordSettingsSchema },
      },
    },
    async (request) => orgs.updateLiveRecordSettings(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/portal-logo',
    // Public: the sign-in page shows the logo before anyone is signed in.
    { config: { access: 'public' }, schema: { tags, response: { 200: PortalLogoSchema } } },
    async (request) => orgs.portalLogo(request.actor),
  );

  app.get(
    '/api/portal-logo/blob',
    { config: { access: 'public' }, schema: { tags } },
    async (request, reply) => {
      const blob = await orgs.portalLogoBlob(request.actor);
      reply.headers({
        'content-type': blob.mime,
        // Private: which organisation's logo this is depends on the session cookie.
        'cache-control': 'private, max-age=300',
        'content-security-policy': "default-src 'none'",
        'x-content-type-options': 'nosniff',
        ...(blob.etag ? { etag: `"${blob.etag}"` } : {}),
      });
      return reply.send(blob.body);
    },
  );

  app.put(
    '/api/orgs/:id/portal-logo',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: PortalLogoQuerySchema,
        response: { 200: PortalLogoSchema },
      },
    },
    async (request) => orgs.setPortalLogo(actorOf(request), request.params.id, request.query.upload_id),
  );

  app.get(
    '/api/orgs/:id/alert-popup',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: AlertPopupSchema } },
    },
    async (request) => orgs.alertPopup(actorOf(request), request.params.id),
  );

  app.put(
    '/api/orgs/:id/alert-popup',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateAlertPopupRequestSchema,
        response: { 200: AlertPopupSchema },
      },
    },
    async (request) => orgs.updateAlertPopup(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/orgs/:id/departments',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreateDepartmentRequestSchema,
        response: { 201: DepartmentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await orgs.createDepartment(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/orgs/:id/departments/:childId',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: OrgIdChildParamsSchema,
        body: UpdateDepartmentRequestSchema,
        response: { 200: DepartmentSchema },
      },
    },
    async (request) =>
      orgs.updateDepartment(actorOf(request), request.params.id, request.params.childId, request.body),
  );

  app.delete(
    '/api/orgs/:id/departments/:childId',
    {
      config: { access: 'org_admin' },
      schema: { tags, params: OrgIdChildParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await orgs.deleteDepartment(actorOf(request), request.params.id, request.params.childId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/orgs/:id/academic-years',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: AcademicYearsResponseSchema } },
    },
    async (request) => ({ academic_years: await orgs.academicYears(actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/orgs/:id/academic-years',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SaveAcademicYearRequestSchema,
        response: { 200: AcademicYearsResponseSchema },
      },
    },
    async (request) => ({
      academic_years: await orgs.createAcademicYear(actorOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/orgs/:id/academic-years/:childId',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: OrgIdChildParamsSchema,
        body: SaveAcademicYearRequestSchema,
        response: { 200: AcademicYearsResponseSchema },
      },
    },
    async (request) => ({
      academic_years: await orgs.updateAcademicYear(
        actorOf(request),
        request.params.id,
        request.params.childId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/orgs/:id/academic-years/:childId',
    {
      config: { access: 'org_admin' },
      schema: { tags, params: OrgIdChildParamsSchema, response: { 200: AcademicYearsResponseSchema } },
    },
    async (request) => ({
      academic_years: await orgs.deleteAcademicYear(
        actorOf(request),
        request.params.id,
        request.params.childId,
      ),
    }),
  );

  app.post(
    '/api/orgs/:id/semesters',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SaveSemesterRequestSchema,
        response: { 200: AcademicYearsResponseSchema },
      },
    },
    async (request) => ({
      academic_years: await orgs.createSemester(actorOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/orgs/:id/semesters/:childId',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: OrgIdChildParamsSchema,
        body: SaveSemesterRequestSchema,
        response: { 200: AcademicYearsResponseSchema },
      },
    },
    async (request) => ({
      academic_years: await orgs.updateSemester(
        actorOf(request),
        request.params.id,
        request.params.childId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/orgs/:id/semesters/:childId',
    {
      config: { access: 'org_admin' },
      schema: { tags, params: OrgIdChildParamsSchema, response: { 200: AcademicYearsResponseSchema } },
    },
    async (request) => ({
      academic_years: await orgs.deleteSemester(actorOf(request), request.params.id, request.params.childId),
    }),
  );

  app.put(
    '/api/user/settings',
    {
      config: { access: 'user' },
      schema: { tags, body: UpdateUserSettingsRequestSchema, response: { 200: UserSettingsSchema } },
    },
    async (request) => userSettings.update(actorOf(request), request.body),
  );
}
