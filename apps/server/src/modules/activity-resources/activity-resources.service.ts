import type { Readable } from 'node:stream';
import type {
  ActivityResource,
  ActivityResourcesResponse,
  ActivityResourceStatistics,
  PutActivityResourceRequest,
} from '@lectern/contracts/activity-resources/activity-resources.schemas';
import { canDisplayInline } from '@lectern/contracts/uploads/upload-rules';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityAccess, type ActivityWithAccess } from '../activities/activity-access.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';
import { contentDisposition } from '../uploads/content-disposition.ts';
import { downloadPrintRepository } from '../course-services/download-print-permissions.repository.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { orgAdminRepository } from '../identity/org-admin.repository.ts';
import { liveRecordOf } from '../identity/org-settings.ts';
import {
  canDeleteResource,
  canDeleteResourceNow,
  canDownloadResource,
  canSeeResourceStatistics,
  canUploadResource,
  isDeleteProtected,
} from './activity-resources.policy.ts';
import { presentResource } from './activity-resources.presenter.ts';
import { activityResourcesRepository, type ResourceRow } from './activity-resources.repository.ts';

export type ResourceBlob = { headers: Record<string, string | number>; body: Readable };

export function activityResourcesService(ctx: AppContext) {
  const repo = activityResourcesRepository(ctx.db);
  const uploads = uploadsRepository(ctx.db);
  const activities = activityAccess(ctx.db);
  const downloadRules = downloadPrintRepository(ctx.db);
  const orgs = orgAdminRepository(ctx.db);
  const forbidsStudents = async (courseId: number) =>
    (await downloadRules.forbiddingStudents([courseId], 'download')).has(courseId);
  /** Whether the organisation keeps cloud recordings from being deleted (its live-record settings). */
  const protectsRecordings = async (orgId: number) => {
    const org = await orgs.findOrg(orgId);
    return org ? liveRecordOf(org.settings).protect_cloud_recordings : false;
  };

  function present(
    actor: Actor,
    access: CourseAccess,
    row: ResourceRow,
    statistics: Map<number, ActivityResourceStatistics> | undefined,
    courseForbidsStudents: boolean,
    orgProtectsRecordings: boolean,
  ): ActivityResource {
    const resource = { createdBy: row.reference.createdBy, allowDownload: row.reference.allowDownload };
    const protection = { cloudRecording: row.cloudRecording, orgProtectsRecordings };
    return presentResource(
      row,
      {
        canDownload: canDownloadResource(access, actor.userId, resource, courseForbidsStudents),
        canDelete: canDeleteResourceNow(access, actor.userId, resource, protection),
        // Only for whoever could delete it otherwise: the web explains why their delete is disabled.
        deleteProtected: canDeleteResource(access, actor.userId, resource) && isDeleteProtected(protection),
      },
      statistics &&
        (statistics.get(row.reference.id) ?? {
          view_count: 0,
          download_count: 0,
          viewer_count: 0,
          downloader_count: 0,
        }),
    );
  }

  async function statisticsOf(
    access: CourseAccess,
    activityId: number,
  ): Promise<Map<number, ActivityResourceStatistics> | undefined> {
    if (!canSeeResourceStatistics(access)) return undefined;
    const rows = await repo.statistics(activityId);
    return new Map(
      rows.map((r) => [
        r.referenceId,
        {
          view_count: r.viewCount,
          download_count: r.downloadCount,
          viewer_count: r.viewerCount,
          downloader_count: r.downloaderCount,
        },
      ]),
    );
  }

  /** The resource as the uploader may change it: the teaching team's, their own. */
  async function loadOwn(actor: Actor, activityId: number, uploadId: number) {
    const { activity, access } = await activities.loadVisible(actor, activityId);
    assertCan(access, 'activity.manage');
    const row = await repo.find(activity.id, uploadId);
    if (!row) throw notFound('activityResources.notFound');
    if (!canDeleteResource(access, actor.userId, row.reference))
      throw forbidden('activityResources.uploaderOnly');
    return { access, row };
  }

  return {
    /** `GET /api/activities/{id}/resources`. */
    async list(actor: Actor, activityId: number): Promise<ActivityResourcesResponse> {
      const { activity, access }: ActivityWithAccess = await activities.loadVisible(actor, activityId);
      const [rows, statistics, forbids, protects] = await Promise.all([
        repo.list(activity.id),
        statisticsOf(access, activity.id),
        forbidsStudents(activity.courseId),
        protectsRecordings(access.orgId),
      ]);
      return {
        can_upload: canUploadResource(access),
        resources: rows.map((row) => present(actor, access, row, statistics, forbids, protects)),
      };
    },

    /**
     * `PUT /api/activities/{id}/resources/{resourceId}`: makes the caller's finished upload a resource of
     * the activity, or changes the name or download switch of one they put there. Answers the resource.
     */
    async put(
      actor: Actor,
      activityId: number,
      uploadId: number,
      input: PutActivityResourceRequest,
    ): Promise<{ created: boolean; resource: ActivityResource }> {
      const { activity, access } = await activities.loadVisible(actor, activityId);
      assertCan(access, 'activity.manage');
      const existing = await repo.find(activity.id, uploadId);
      if (existing) {
        if (!canDeleteResource(access, actor.userId, existing.reference)) {
          throw forbidden('activityResources.uploaderOnly');
        }
        await repo.update(existing.reference.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.allow_download !== undefined ? { allowDownload: input.allow_download } : {}),
        });
      } else {
        const upload = await uploads.findById(uploadId);
        if (
          !upload ||
          upload.deleted ||
          upload.orgId !== actor.orgId ||
          upload.createdBy !== actor.userId ||
          upload.status !== 'ready'
        ) {
          throw invalid({ resourceId: ['activityResources.uploadInvalid'] });
        }
        await repo.insert({
          activityId: activity.id,
          uploadId,
          name: input.name ?? upload.name,
          allowDownload: input.allow_download ?? true,
          createdBy: actor.userId,
        });
      }
      const row = await repo.find(activity.id, uploadId);
      if (!row) throw notFound('activityResources.notFound');
      return {
        created: !existing,
        resource: present(
          actor,
          access,
          row,
          await statisticsOf(access, activity.id),
          await forbidsStudents(activity.courseId),
          await protectsRecordings(access.orgId),
        ),
      };
    },

    /** `DELETE /api/activities/{id}/resources/{resourceId}`: the uploader takes it off (the upload stays theirs). */
    async remove(actor: Actor, activityId: number, uploadId: number): Promise<void> {
      const { access, row } = await loadOwn(actor, activityId, uploadId);
      if (row.cloudRecording && (await protectsRecordings(access.orgId))) {
        throw forbidden('activityResources.cloudRecordingProtected');
      }
      await repo.delete(row.reference.id);
    },

    /**
     * `GET /api/activities/{id}/resources/{resourceId}/blob`: a download (the uploader, or when the resource
     * allows downloads) or, with `inline`, a view in the page for whoever sees the activity (viewing is part
     * of reading it). Each is counted for the teaching team's statistics.
     */
    async blob(actor: Actor, activityId: number, uploadId: number, inline: boolean): Promise<ResourceBlob> {
      const { activity, access } = await activities.loadVisible(actor, activityId);
      const row = await repo.find(activity.id, uploadId);
      if (!row || row.upload.status !== 'ready' || !row.upload.storageKey) {
        throw notFound('activityResources.notFound');
      }
      const viewing = inline && canDisplayInline(row.upload.mimeType);
      const forbids = !viewing && (await forbidsStudents(activity.courseId));
      if (!viewing && !canDownloadResource(access, actor.userId, row.reference, forbids)) {
        throw forbidden('activityResources.downloadNotAllowed');
      }
      // A simulating instructor's visits would count as a student's: not counted.
      if (!access.simulating)
        await repo.countVisit(row.reference.id, actor.userId, viewing ? 'view' : 'download');
      const mime = row.upload.mimeType ?? 'application/octet-stream';
      return {
        headers: {
          'content-type': mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime,
          'content-length': row.upload.size,
          'content-disposition': contentDisposition(row.reference.name, viewing ? 'inline' : 'attachment'),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          // User content: nothing it could load or run beyond itself (as the uploads slice serves files).
          'content-security-policy':
            "default-src 'none'; img-src 'self'; media-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
        },
        body: await ctx.storage.get(row.upload.storageKey),
      };
    },
  };
}
