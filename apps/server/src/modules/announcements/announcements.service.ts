import {
  ANNOUNCEMENT_PARENT,
  isPublished,
  type Announcement,
  type AnnouncementInput,
  type AnnouncementsResponse,
  type OrgAnnouncementsResponse,
} from '@lectern/contracts/announcements/announcements.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { cancelPending, enqueue } from '../../platform/jobs/job-queue.ts';
import { courseAccess } from '../courses/course-access.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { uploadAccess } from '../uploads/upload-access.ts';
import { presentReference } from '../uploads/uploads.presenter.ts';
import { uploadsRepository, type UploadRow } from '../uploads/uploads.repository.ts';
import {
  assertCanManage,
  assertCanRead,
  canDownloadAttachment,
  canManage,
  seesScheduled,
  type AnnouncementScope,
} from './announcements.policy.ts';
import { presentAnnouncement } from './announcements.presenter.ts';
import {
  announcementsRepository,
  type AnnouncementRow,
  type ListedAnnouncement,
} from './announcements.repository.ts';

/** Queued for a scheduled announcement, at its publication time: notify its readers then. */
export const ANNOUNCEMENT_PUBLISH_JOB = 'announcements.publish';

export function announcementsService(ctx: AppContext) {
  const repo = announcementsRepository(ctx.db);
  const uploadsRepo = uploadsRepository(ctx.db);
  const uploads = uploadAccess(ctx.db);
  const courses = courseAccess(ctx.db);

  async function scopeOf(
    actor: Actor,
    row: Pick<AnnouncementRow, 'orgId' | 'courseId'>,
  ): Promise<AnnouncementScope> {
    if (row.orgId !== actor.orgId) throw notFound('announcements.notFound');
    if (row.courseId === null) return { kind: 'org', actor };
    return { kind: 'course', access: await courses.load(actor, row.courseId) };
  }

  /** The announcement and what the caller is to it; one they may not see yet reads as not there. */
  async function loadVisible(
    actor: Actor,
    id: number,
  ): Promise<{ row: AnnouncementRow; scope: AnnouncementScope }> {
    const row = await repo.findById(id);
    if (!row) throw notFound('announcements.notFound');
    const scope = await scopeOf(actor, row);
    assertCanRead(scope);
    if (!isPublished(row.publishAt) && !seesScheduled(scope)) throw notFound('announcements.notFound');
    return { row, scope };
  }

  async function present(
    actor: Actor,
    scope: AnnouncementScope,
    rows: readonly ListedAnnouncement[],
  ): Promise<Announcement[]> {
    const files = await uploadsRepo.listReferences(
      ANNOUNCEMENT_PARENT,
      rows.map((r) => r.id),
    );
    const manages = canManage(scope);
    const now = new Date();
    return rows.map((row) =>
      presentAnnouncement(row, {
        now,
        canManage: manages,
        attachments: files
          .filter((f) => f.reference.parentId === row.id)
          .map(({ reference, upload }) =>
            presentReference(reference, upload, {
              canDownload: canDownloadAttachment(scope, actor.userId, reference, upload),
            }),
          ),
      }),
    );
  }

  async function presentOne(actor: Actor, scope: AnnouncementScope, id: number): Promise<Announcement> {
    const row = await repo.findListed(id, actor.userId);
    if (!row) throw notFound('announcements.notFound');
    const [announcement] = await present(actor, scope, [row]);
    if (!announcement) throw notFound('announcements.notFound');
    return announcement;
  }

  /**
   * The uploads to attach, in the order given (repeats dropped): each a finished file of the caller's
   * organisation that the caller uploaded or can otherwise read.
   */
  async function checkUploads(actor: Actor, ids: readonly number[]): Promise<UploadRow[]> {
    const unique = [...new Set(ids)];
    const rows = (await uploadsRepo.findByIds(unique)).filter((r) => r.status === 'ready' && !r.deleted);
    const readable = await uploads.readableIds(actor, rows);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const fields: FieldMessages = {};
    const usable: UploadRow[] = [];
    for (const id of unique) {
      const row = byId.get(id);
      if (row && readable.has(id)) usable.push(row);
      else (fields.upload_ids ??= []).push({ key: 'announcements.uploadUnavailable', params: { id } });
    }
    if (Object.keys(fields).length > 0) throw invalid(fields);
    return usable;
  }

  /** Makes the announcement's attachments exactly `files`, in order. */
  async function replaceAttachments(tx: Executor, id: number, actorId: number, files: readonly UploadRow[]) {
    // Checked before the transaction; again under a lock, as the orphan sweep may have taken a file since.
    const present = await uploadsRepo.lockForAttaching(
      files.map((f) => f.id),
      tx,
    );
    const gone = files.filter((f) => !present.has(f.id));
    if (gone.length > 0) {
      throw invalid({
        upload_ids: gone.map((f) => ({ key: 'announcements.uploadUnavailable', params: { id: f.id } })),
      });
    }
    await uploadsRepo.deleteReferencesOfParent(ANNOUNCEMENT_PARENT, id, tx);
    await uploadsRepo.insertReferences(
      files.map((upload, sort) => ({
        uploadId: upload.id,
        parentType: ANNOUNCEMENT_PARENT,
        parentId: id,
        name: upload.name,
        allowDownload: upload.allowDownload,
        sort,
        createdBy: actorId,
      })),
      tx,
    );
  }

  /** Notifies the announcement's readers, once: the row must be locked by the caller's transaction. */
  async function notifyReaders(tx: Executor, row: AnnouncementRow): Promise<void> {
    const readers =
      row.courseId === null
        ? await repo.orgReaders(row.orgId, row.createdBy, tx)
        : await repo.courseReaders(row.courseId, row.createdBy, tx);
    await createNotifications(
      tx,
      readers.map((userId) => ({
        userId,
        orgId: row.orgId,
        type: 'announcement_published' as const,
        courseId: row.courseId,
        activityId: null,
        payload: { title: row.title },
      })),
    );
    await repo.update(row.id, { notifiedAt: new Date() }, tx);
  }

  /**
   * Notifies now when the publication time has come, or queues the job that will at that time. A job
   * queued for an earlier time is withdrawn first, so a rescheduled announcement notifies once, when due.
   */
  async function schedule(tx: Executor, row: AnnouncementRow): Promise<void> {
    if (row.notifiedAt !== null) return;
    await cancelPending(tx, ANNOUNCEMENT_PUBLISH_JOB, { announcement_id: row.id });
    if (row.publishAt.getTime() <= Date.now()) await notifyReaders(tx, row);
    else await enqueue(tx, ANNOUNCEMENT_PUBLISH_JOB, { announcement_id: row.id }, { runAt: row.publishAt });
  }

  /** A requested time still ahead schedules; none, or one already past, means now. */
  function publicationTime(requested: string | null | undefined, now: Date): Date {
    const at = requested ? new Date(requested) : null;
    return at && at.getTime() > now.getTime() ? at : now;
  }

  async function create(
    actor: Actor,
    scope: AnnouncementScope,
    courseId: number | null,
    input: AnnouncementInput,
  ): Promise<Announcement> {
    assertCanManage(scope);
    const files = input.upload_ids ? await checkUploads(actor, input.upload_ids) : [];
    const now = new Date();
    const id = await ctx.db.transaction(async (tx) => {
      const row = await repo.insert(
        {
          orgId: actor.orgId,
          courseId,
          title: input.title,
          content: sanitizeUserHtml(input.content),
          publishAt: publicationTime(input.publish_at, now),
          pinned: input.pinned ?? false,
          createdBy: actor.userId,
        },
        tx,
      );
      await replaceAttachments(tx, row.id, actor.userId, files);
      await schedule(tx, row);
      return row.id;
    });
    return presentOne(actor, scope, id);
  }

  async function listCourse(actor: Actor, courseId: number): Promise<AnnouncementsResponse> {
    const scope: AnnouncementScope = { kind: 'course', access: await courses.load(actor, courseId) };
    assertCanRead(scope);
    const rows = await repo.listForCourse(courseId, actor.userId, seesScheduled(scope));
    const announcements = await present(actor, scope, rows);
    return {
      announcements,
      unread_count: announcements.filter((a) => a.published && a.read_at === null).length,
    };
  }

  return {
    listCourse,

    /** The original system's `GET /api/course-bulletins`: the same list under its name. */
    async courseBulletins(actor: Actor, courseId: number): Promise<{ bulletins: Announcement[] }> {
      return { bulletins: (await listCourse(actor, courseId)).announcements };
    },

    async listOrg(actor: Actor): Promise<OrgAnnouncementsResponse> {
      const scope: AnnouncementScope = { kind: 'org', actor };
      const rows = await repo.listForOrg(actor.orgId, actor.userId, seesScheduled(scope));
      return { announcements: await present(actor, scope, rows) };
    },

    async createForCourse(actor: Actor, courseId: number, input: AnnouncementInput): Promise<Announcement> {
      const scope: AnnouncementScope = { kind: 'course', access: await courses.load(actor, courseId) };
      return create(actor, scope, courseId, input);
    },

    async createForOrg(actor: Actor, input: AnnouncementInput): Promise<Announcement> {
      return create(actor, { kind: 'org', actor }, null, input);
    },

    async get(actor: Actor, id: number): Promise<Announcement> {
      const { scope } = await loadVisible(actor, id);
      return presentOne(actor, scope, id);
    },

    async update(actor: Actor, id: number, input: AnnouncementInput): Promise<Announcement> {
      const { scope } = await loadVisible(actor, id);
      assertCanManage(scope);
      const files = input.upload_ids ? await checkUploads(actor, input.upload_ids) : undefined;
      const now = new Date();
      await ctx.db.transaction(async (tx) => {
        const current = await repo.lockById(id, tx);
        if (!current) throw notFound('announcements.notFound');
        // Moving an announcement already out to "now" would only reorder it: it keeps its time.
        const published = current.publishAt.getTime() <= now.getTime();
        const requested = input.publish_at ? new Date(input.publish_at) : null;
        const publishAt =
          requested && requested.getTime() > now.getTime() ? requested : published ? current.publishAt : now;
        const row = await repo.update(
          id,
          {
            title: input.title,
            content: sanitizeUserHtml(input.content),
            publishAt,
            ...(input.pinned !== undefined ? { pinned: input.pinned } : {}),
          },
          tx,
        );
        if (files) await replaceAttachments(tx, id, actor.userId, files);
        await schedule(tx, row);
      });
      return presentOne(actor, scope, id);
    },

    async remove(actor: Actor, id: number): Promise<{ id: number }> {
      const { scope } = await loadVisible(actor, id);
      assertCanManage(scope);
      await ctx.db.transaction(async (tx) => {
        await cancelPending(tx, ANNOUNCEMENT_PUBLISH_JOB, { announcement_id: id });
        // The files go back to being attached to nothing, for the orphan sweep to collect.
        await uploadsRepo.deleteReferencesOfParent(ANNOUNCEMENT_PARENT, id, tx);
        await repo.remove(id, tx);
      });
      return { id };
    },

    /** Opening an announcement marks it read for the caller (a simulating instructor included: it is theirs). */
    async markRead(actor: Actor, id: number): Promise<Announcement> {
      const { scope } = await loadVisible(actor, id);
      await repo.markRead(id, actor.userId);
      return presentOne(actor, scope, id);
    },

    /**
     * The publish job: notifies the readers of a scheduled announcement once its time has come. Run twice,
     * or for an announcement since deleted, rescheduled or already announced, it does nothing.
     */
    async publishDue(id: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const row = await repo.lockById(id, tx);
        if (!row || row.notifiedAt !== null || row.publishAt.getTime() > Date.now()) return;
        await notifyReaders(tx, row);
      });
    },
  };
}

export type AnnouncementsService = ReturnType<typeof announcementsService>;
