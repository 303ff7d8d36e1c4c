import { examSettings } from '@lectern/contracts/exams/exam-settings';
import { subjectPoints, type SubjectType } from '@lectern/contracts/exams/subject.schemas';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import type {
  RecycleBinActionResponse,
  RecycleBinItemType,
  RecycleBinResponse,
} from '@lectern/contracts/courses/recycle-bin.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { translate } from '../../platform/messages.ts';
import { activityResourcesRepository } from '../activity-resources/activity-resources.repository.ts';
import { h5PackageCleanup, type ActivityScope } from '../h5-courseware/h5-package-cleanup.ts';
import { scheduleVendorSync, type VendorSyncScope } from '../meetings/vendor-sync.schedule.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { accessFromRow, courseAccess } from './course-access.ts';
import { assertCan, type CourseAccess } from './courses.policy.ts';
import { presentRecycleBinItem } from './recycle-bin.presenter.ts';
import { recycleBinRepository, type RecycleBinItemRow } from './recycle-bin.repository.ts';

export const RECYCLE_BIN_PURGE_JOB = 'recycle_bin.purge';

/** Items purged per run of the job; the next deletion's job (or the next run) takes the rest. */
const PURGE_BATCH = 100;

/** What goes into the bin: the row's kind, id, course and the name the bin lists it under. */
export type BinnedRow = {
  type: RecycleBinItemType;
  id: number;
  /** The course whose bin takes it, or null with `ownerId` for a personal bin. */
  courseId: number | null;
  /** A personal bin's owner (a question of their personal library). */
  ownerId?: number;
  title: string;
  activityType?: string;
  /** For a question: the library or exam it is in. */
  source?: { type: 'library' | 'exam'; id: number; title: string };
};

const DAY_MS = 86_400_000;

/**
 * The course recycle bin (decision 0015). Deleting a course, module, syllabus or activity moves it here;
 * instructors restore it with everything learners did, or remove it for good; a job purges what has
 * been here longer than the retention.
 */
export function recycleBinService(ctx: AppContext) {
  const repo = recycleBinRepository(ctx.db);
  const uploadsRepo = uploadsRepository(ctx.db);
  const retentionMs = ctx.config.recycleBinRetentionMs;
  const h5Cleanup = h5PackageCleanup(ctx);
  const activityResources = activityResourcesRepository(ctx.db);

  /** The caller's access to the item's course, deleted or not, checked for managing the bin. */
  async function managedItem(actor: Actor, itemId: number): Promise<RecycleBinItemRow> {
    const item = await repo.findById(itemId);
    if (!item || item.orgId !== actor.orgId) throw notFound('courses.recycleBinItemNotFound');
    // A personal bin is its owner's alone; to anyone else its items do not exist.
    if (item.courseId === null) {
      if (item.ownerId !== actor.userId) throw notFound('courses.recycleBinItemNotFound');
      return item;
    }
    const access = accessFromRow(
      actor,
      item.courseId,
      await repo.courseAccessRow(item.courseId, actor.userId),
    );
    assertCan(access, 'recycle_bin.manage', 'courses.recycleBinInstructorsOnly');
    return item;
  }

  /** The activities a purge of the item takes, for their H5 packages and resources. */
  function activityScopeOf(item: RecycleBinItemRow): ActivityScope | null {
    if (item.itemType === 'course') return { courseId: item.itemId };
    if (item.itemType === 'module') return { moduleId: item.itemId };
    if (item.itemType === 'activity') return { activityId: item.itemId };
    return null;
  }

  /**
   * The activities whose meetings at a vendor (Tencent, Lark, CalDAV) follow the item into the bin and
   * back: cancelled on deletion, made again on restore, by a queued job (meetings/vendor-sync.job.ts).
   */
  function vendorSyncScopeOf(type: RecycleBinItemType, id: number): VendorSyncScope | null {
    if (type === 'course') return { courseId: id };
    if (type === 'module') return { moduleId: id };
    if (type === 'activity') return { activityIds: [id] };
    return null;
  }

  /** Activity attachments point at their parent by type and id, which no foreign key can cascade. */
  async function detachActivityFiles(item: RecycleBinItemRow, tx: Executor): Promise<void> {
    if (item.itemType === 'course') {
      await uploadsRepo.deleteReferencesOfActivitiesIn({ courseId: item.itemId }, tx);
    } else if (item.itemType === 'module') {
      await uploadsRepo.deleteReferencesOfActivitiesIn({ moduleId: item.itemId }, tx);
    } else if (item.itemType === 'activity') {
      await uploadsRepo.deleteReferencesOfParent(ACTIVITY_PARENT, item.itemId, tx);
    }
  }

  /**
   * An exam question comes back only under the rules of adding one: no student has been handed the
   * paper (its question ids are fixed then) and the paper's points still fit the exam's total.
   */
  async function assertQuestionFits(itemId: number, tx: Executor): Promise<void> {
    const paper = await repo.questionPaper(itemId, tx);
    if (!paper) return;
    if (paper.started) throw conflict('exams.paperLocked');
    const points = (rows: typeof paper.visible) =>
      rows
        .filter((r) => r.parentId === null)
        .reduce(
          (sum, top) =>
            sum +
            subjectPoints({
              type: top.type as SubjectType,
              point: top.point,
              sub_subjects: rows.filter((r) => r.parentId === top.id),
            }),
          0,
        );
    const used = points(paper.visible);
    const adding = points(paper.restored);
    const total = examSettings(paper.activityData ?? {}).total_points;
    if (used + adding > total + 1e-9) {
      const round = (n: number) => Math.round(n * 10) / 10;
      throw conflict({
        key: 'exams.pointsExceeded',
        params: { points: round(adding), remaining: round(Math.max(0, total - used)), total },
      });
    }
  }

  /** Purges the item; null when it is gone already. Answers the storage keys of H5 packages it released. */
  async function purgeLocked(itemId: number, tx: Executor): Promise<string[] | null> {
    const item = await repo.lock(itemId, tx);
    if (!item) return null;
    const scope = activityScopeOf(item);
    const h5Uploads = scope ? await h5Cleanup.packagesIn(scope, tx) : [];
    if (scope) await activityResources.detachFromActivities(scope, tx);
    await detachActivityFiles(item, tx);
    await repo.purge(item, tx);
    // Unpacked H5 packages no other activity holds go with their files (removed after the commit).
    return h5Cleanup.releaseUnattached(h5Uploads, tx);
  }

  return {
    retentionDays: retentionMs / DAY_MS,

    /**
     * Moves a row (and, for a module, its syllabi and activities) into its course's bin, inside the
     * caller's transaction, and schedules its purge. Callers have checked the caller may delete it.
     */
    async moveToBin(actor: Actor, row: BinnedRow, tx: Executor): Promise<void> {
      const item = await repo.insert(
        {
          orgId: actor.orgId,
          courseId: row.courseId,
          ownerId: row.courseId === null ? (row.ownerId ?? actor.userId) : null,
          itemType: row.type,
          itemId: row.id,
          title: row.title,
          activityType: row.activityType ?? null,
          sourceType: row.source?.type ?? null,
          sourceId: row.source?.id ?? null,
          sourceTitle: row.source?.title ?? null,
          deletedBy: actor.userId,
        },
        tx,
      );
      if (row.type === 'course') await repo.markCourse(row.id, item.id, tx);
      else if (row.type === 'module') await repo.markModule(row.id, item.id, tx);
      else if (row.type === 'syllabus') await repo.markSyllabus(row.id, item.id, tx);
      else if (row.type === 'question') await repo.markQuestion(row.id, item.id, tx);
      else await repo.markActivity(row.id, item.id, tx);
      const vendorScope = vendorSyncScopeOf(row.type, row.id);
      if (vendorScope) await scheduleVendorSync(tx, vendorScope);
      await enqueue(
        tx,
        RECYCLE_BIN_PURGE_JOB,
        { item_id: item.id },
        { runAt: new Date(item.deletedAt.getTime() + retentionMs) },
      );
    },

    async list(actor: Actor, courseId: number): Promise<RecycleBinResponse> {
      const access: CourseAccess = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'recycle_bin.manage', 'courses.recycleBinInstructorsOnly');
      const rows = await repo.listOfCourse(courseId);
      return {
        items: rows.map((row) => presentRecycleBinItem(row, retentionMs)),
        retention_days: retentionMs / DAY_MS,
      };
    },

    /** The caller's personal bin: questions deleted from their personal libraries. */
    async listPersonal(actor: Actor): Promise<RecycleBinResponse> {
      const rows = await repo.listPersonal(actor.orgId, actor.userId);
      return {
        items: rows.map((row) => presentRecycleBinItem(row, retentionMs)),
        retention_days: retentionMs / DAY_MS,
      };
    },

    /** Deleted courses the caller could restore: those they own or teach as instructor. */
    async listCourses(actor: Actor): Promise<RecycleBinResponse> {
      const rows = await repo.listDeletedCourses(actor.orgId, actor.userId, actor.orgRole === 'admin');
      return {
        items: rows.map((row) => presentRecycleBinItem(row, retentionMs)),
        retention_days: retentionMs / DAY_MS,
      };
    },

    /**
     * Brings the item back with everything deleted with it; learners' work was never touched. An
     * activity or syllabus whose module is still in the bin is refused: it would hang from nothing.
     */
    async restore(actor: Actor, itemId: number): Promise<RecycleBinActionResponse> {
      const found = await managedItem(actor, itemId);
      await ctx.db.transaction(async (tx) => {
        const item = await repo.lock(found.id, tx);
        if (!item) throw notFound('courses.recycleBinItemNotFound');
        if (item.itemType === 'activity' || item.itemType === 'syllabus') {
          const module = await repo.moduleOf(item.itemType, item.itemId, tx);
          if (module?.deleted)
            throw conflict({ key: 'courses.restoreModuleFirst', params: { module: module.name } });
        }
        if (item.itemType === 'question') await assertQuestionFits(item.id, tx);
        await repo.restore(item.id, tx);
        const vendorScope = vendorSyncScopeOf(item.itemType, item.itemId);
        if (vendorScope) await scheduleVendorSync(tx, vendorScope);
      });
      return { message: translate(actor.locale, 'courses.restored') };
    },

    /** Removes the item for good, with everything learners did in it, before its time is up. */
    async purge(actor: Actor, itemId: number): Promise<RecycleBinActionResponse> {
      const item = await managedItem(actor, itemId);
      const released = await ctx.db.transaction((tx) => purgeLocked(item.id, tx));
      if (!released) throw notFound('courses.recycleBinItemNotFound');
      await h5Cleanup.removeFiles(released);
      return { message: translate(actor.locale, 'courses.purged') };
    },

    /**
     * The job: purges every item past the retention (the retention may have been shortened since
     * other items were deleted), one transaction each. An item whose time is not up yet, because the
     * retention was lengthened, is scheduled again for its new time.
     */
    async purgeExpired(itemId: number): Promise<number> {
      const cutoff = new Date(Date.now() - retentionMs);
      const expired = await repo.expiredIds(cutoff, PURGE_BATCH);
      let purged = 0;
      for (const id of expired) {
        const released = await ctx.db.transaction((tx) => purgeLocked(id, tx));
        if (!released) continue;
        purged += 1;
        await h5Cleanup.removeFiles(released);
      }
      if (!expired.includes(itemId)) {
        const item = await repo.findById(itemId);
        if (item) {
          await enqueue(
            ctx.db,
            RECYCLE_BIN_PURGE_JOB,
            { item_id: item.id },
            { runAt: new Date(item.deletedAt.getTime() + retentionMs) },
          );
        }
      }
      return purged;
    },
  };
}

export type RecycleBinService = ReturnType<typeof recycleBinService>;
