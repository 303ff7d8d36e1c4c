import { examSettings } from '@lectern/contracts/exams/exam-settings';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import type { z } from 'zod';
import type {
  ActivitiesQuerySchema,
  Activity,
  ActivityReadRequestSchema,
  ActivityReadResponse,
  CompletionCriteriaQuerySchema,
  CreateActivityRequestSchema,
  HaveDependentsQuerySchema,
  LiveRecord,
  SelectedCompletionCriterion,
  UpdateActivityRequestSchema,
} from '@lectern/contracts/activities/activity.schemas';
import { ActivitiesResponseSchema, COURSEWARE_TYPES } from '@lectern/contracts/activities/activity.schemas';
import {
  isActivityType,
  MEETING_TYPES,
  type ActivityType,
} from '@lectern/contracts/activities/activity-types';
import {
  mergeRanges,
  videoReadCompleteness,
  watchedCompleteness,
  type WatchedRange,
} from '@lectern/contracts/activities/watched-ranges';
import {
  criteriaFor,
  criterionTypeById,
  resolveCompletion,
  type CompletionCriterionType,
  type OrgCompletionSettings,
} from '@lectern/contracts/activities/completion-criteria';
import type { AppContext } from '../../platform/app-context.ts';
import type { Built } from '../../platform/cache/versioned-cache.ts';
import type { Executor } from '../../platform/database.ts';
import { invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { accessWithRow, courseAccess } from '../courses/course-access.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';
import { recycleBinService } from '../courses/recycle-bin.service.ts';
import { uploadAccess } from '../uploads/upload-access.ts';
import { canDownloadAttachment, underCourseRule } from '../uploads/uploads.policy.ts';
import { downloadPrintRepository } from '../course-services/download-print-permissions.repository.ts';
import { presentReference } from '../uploads/uploads.presenter.ts';
import {
  uploadsRepository,
  type NewReference,
  type ReferenceWithUpload,
  type UploadRow,
} from '../uploads/uploads.repository.ts';
import { inAssignedSubCourses, recordsReads } from './activities.policy.ts';
import { assignedSubCoursesOf } from './activity-scope.repository.ts';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { checkMeetingForm } from '../meetings/meeting-form.rules.ts';
import { scheduleVendorSync } from '../meetings/vendor-sync.schedule.ts';
import { presentActivity, presentCompletionCriterion } from './activities.presenter.ts';
import { activitiesRepository, type ActivityDetailRow } from './activities.repository.ts';
import { activityAccess } from './activity-access.ts';
import { activityCompletion, judgedByWork } from './activity-completion.ts';
import {
  activityListCache,
  assembleList,
  cachedActivity,
  entryWeight,
  nextChange,
  type CachedActivity,
  type SharedActivity,
} from './activity-list-cache.ts';
import { courseContentVersionRepository } from './course-content-version.repository.ts';
import { syncActivityImages } from './activity-images.ts';
import { examsRepository } from '../exams/exams.repository.ts';
import { checkHomeworkData } from '../homework/homework-data-check.ts';
import { holdNewRubrics, homeworkDataForViewer, mergeHomeworkData } from '../homework/homework-data-merge.ts';
import { scheduleVoteClose } from '../votes/vote-close.job.ts';
import { checkActivityData } from './activity-data.ts';
import { DEPENDENT_RECORD_CHECKS } from './activity-dependents.ts';

type CreateActivity = z.output<typeof CreateActivityRequestSchema>;
type UpdateActivity = z.output<typeof UpdateActivityRequestSchema>;
type ActivitiesQuery = z.output<typeof ActivitiesQuerySchema>;
type HaveDependentsQuery = z.output<typeof HaveDependentsQuerySchema>;
type CompletionCriteriaQuery = z.output<typeof CompletionCriteriaQuerySchema>;
type ActivityReadRequest = z.output<typeof ActivityReadRequestSchema>;
type LearningActivity = Activity & { duration: number | null };

/** Players round times; a report this far past the stored length is still the end of the video. */
const DURATION_TOLERANCE_SECONDS = 1;

/** An online video's length in seconds as its instructor saved it, when known. */
function videoDuration(data: Record<string, unknown>): number | null {
  return typeof data.duration === 'number' && data.duration > 0 ? data.duration : null;
}

/** Online videos completed by a share watched (the completeness criterion): judged from watched ranges. */
function judgedByWatching(row: { type: string; completionCriterionKey: string }): boolean {
  return row.type === 'online_video' && row.completionCriterionKey === 'completeness';
}

const toDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** The criterion a request asks for; undefined key and value mean it asks for nothing. */
type RequestedCompletion = {
  key?: string | null | undefined;
  value?: number | null | undefined;
  /** The wire field problems are reported on, when the request used spec 001's `completion_criterion`. */
  field?: 'completion_criterion';
};

/**
 * completion_criterion_key / _value when either is sent, otherwise spec 001's `completion_criterion`: a
 * type, or the criteria input's selected value naming the type by id. An id that names no criterion is
 * kept as the key, so it is refused as not applicable rather than quietly replaced by the default.
 */
function requestedCompletion(input: {
  completion_criterion_key?: string | null | undefined;
  completion_criterion_value?: number | null | undefined;
  completion_criterion?: SelectedCompletionCriterion | null | undefined;
}): RequestedCompletion {
  const { completion_criterion_key: key, completion_criterion_value: value } = input;
  const selected = input.completion_criterion;
  if (key !== undefined || value !== undefined || selected === undefined || selected === null) {
    return { key, value };
  }
  if (typeof selected === 'string') return { key: selected, field: 'completion_criterion' };
  const typeId = selected.activity_completion_criterion_type_id ?? selected.id;
  return {
    key:
      selected.completion_criterion_type ??
      (typeId === undefined ? undefined : (criterionTypeById(typeId) ?? String(typeId))),
    value: selected.value,
    field: 'completion_criterion',
  };
}

const unknownType = (type: string) =>
  invalid({ type: [{ key: 'activities.typeUnknown', params: { type } }] });

/**
 * A learner's completion of one activity: `view` from their read mark, `submitted` / `score` of homework
 * and exams and an H5 courseware's `completeness` from their work (activity-completion.ts), an online
 * video's `completeness` from the share of it watched. Other criteria (participate) are judged by their
 * own slices and left out, as is `none`.
 */
function completionOf(
  row: {
    id: number;
    type: string;
    completionCriterionKey: string;
    completionCriterionValue: number | null;
    read: boolean;
  },
  completedByWork: ReadonlySet<number>,
  watched: ReadonlyMap<number, number>,
): boolean | undefined {
  if (row.completionCriterionKey === 'view') return row.read;
  if (judgedByWork(row)) return completedByWork.has(row.id);
  if (judgedByWatching(row)) {
    return videoReadCompleteness(watched.get(row.id) ?? 0, row.completionCriterionValue) === 'full';
  }
  return undefined;
}

export function activitiesService(ctx: AppContext) {
  const repo = activitiesRepository(ctx.db);
  const uploadsRepo = uploadsRepository(ctx.db);
  const downloadRules = downloadPrintRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const activities = activityAccess(ctx.db);
  const recycleBin = recycleBinService(ctx);
  const uploads = uploadAccess(ctx.db);
  const completion = activityCompletion(ctx.db);
  const contentVersions = courseContentVersionRepository(ctx.db);
  const listCache = activityListCache(ctx.db);

  async function completionSettings(orgId: number): Promise<OrgCompletionSettings> {
    const settings = await repo.findOrgSettings(orgId);
    return { h5CoursewareCompleteness: settings.h5_courseware_completeness === true };
  }

  /** Activities for one viewer. Read marks come with the rows; the caller fetches the attachments. */
  function present(
    actor: Actor,
    access: CourseAccess,
    rows: readonly ActivityDetailRow[],
    references: readonly ReferenceWithUpload[],
    completedByWork?: ReadonlySet<number>,
    watched: ReadonlyMap<number, number> = new Map(),
    studentsMayNotDownload = false,
  ): Activity[] {
    const byActivity = new Map<number, ReferenceWithUpload[]>();
    for (const entry of references) {
      const list = byActivity.get(entry.reference.parentId) ?? [];
      list.push(entry);
      byActivity.set(entry.reference.parentId, list);
    }
    const canEdit = can(access, 'activity.manage');
    // A homework's reference answer is the teaching team's alone.
    const teaching = can(access, 'activity.read_unpublished');
    const now = new Date();
    return rows.map((row) =>
      presentActivity(
        row.type === 'homework' ? { ...row, data: homeworkDataForViewer(row.data, teaching) } : row,
        {
          uploads: (byActivity.get(row.id) ?? []).map(({ reference, upload }) =>
            presentReference(reference, upload, {
              canDownload: canDownloadAttachment(
                actor,
                access,
                underCourseRule(reference, studentsMayNotDownload),
                upload,
              ),
            }),
          ),
          read: row.read,
          canEdit,
          completed: completedByWork && completionOf(row, completedByWork, watched),
        },
        now,
      ),
    );
  }

  /**
   * The shared part of a course's list for the actor's variant, presented and serialised once. Read marks
   * and attachment rights are left for the viewer merge (activity-list-cache.ts).
   */
  async function buildListEntry(
    actor: Actor,
    access: CourseAccess,
    courseId: number,
    query: ActivitiesQuery,
    now: number,
  ): Promise<Built<CachedActivity[]>> {
    const teaching = can(access, 'activity.read_unpublished');
    const rows = await repo.list({
      courseId,
      moduleId: query.module_id,
      syllabusId: query.syllabus_id,
      type: query.type,
      publishedOnly: !teaching,
      viewerId: actor.userId,
    });
    // Most activities carry no files: ask for references only where the rows say there are some.
    const withFiles = rows.filter((row) => row.hasAttachments).map((row) => row.id);
    const [references, assigned, forbidding] = await Promise.all([
      withFiles.length > 0 ? uploadsRepo.listReferences(ACTIVITY_PARENT, withFiles) : [],
      access.courseType === COMBINED_COURSE_TYPE
        ? assignedSubCoursesOf(
            ctx.db,
            rows.map((row) => row.id),
          )
        : undefined,
      // The course's download rule is part of the entry: changing it stamps the course (migration 0027).
      withFiles.length > 0 ? downloadRules.forbiddingStudents([courseId], 'download') : new Set<number>(),
    ]);
    const byActivity = new Map<number, ReferenceWithUpload[]>();
    for (const entry of references) {
      const list = byActivity.get(entry.reference.parentId) ?? [];
      list.push(entry);
      byActivity.set(entry.reference.parentId, list);
    }
    const canEdit = can(access, 'activity.manage');
    const at = new Date(now);
    const shared: SharedActivity[] = [];
    const activities = rows.map((row) => {
      const {
        uploads: _uploads,
        read: _read,
        completed: _completed,
        ...rest
      } = presentActivity(
        // A homework's reference answer is the teaching team's alone.
        row.type === 'homework' ? { ...row, data: homeworkDataForViewer(row.data, teaching) } : row,
        { uploads: [], read: false, canEdit },
        at,
      );
      shared.push(rest);
      return cachedActivity(
        rest,
        {
          completionCriterionKey: row.completionCriterionKey,
          completionCriterionValue: row.completionCriterionValue,
          judgedByWork: judgedByWork(row),
          judgedByWatching: judgedByWatching(row),
          ...(assigned?.has(row.id) ? { subCourseIds: assigned.get(row.id) } : {}),
        },
        (byActivity.get(row.id) ?? []).map(({ reference, upload }) => ({
          presented: presentReference(reference, upload, { canDownload: false }),
          allowDownload: underCourseRule(reference, forbidding.has(courseId)).allowDownload,
          createdBy: upload.createdBy,
        })),
      );
    });
    return { value: activities, weight: entryWeight(activities), expiresAt: nextChange(shared, now) };
  }

  async function presentOne(actor: Actor, access: CourseAccess, id: number): Promise<Activity> {
    const [row, references, forbidding] = await Promise.all([
      repo.findDetailedById(id, actor.userId),
      uploadsRepo.listReferences(ACTIVITY_PARENT, [id]),
      downloadRules.forbiddingStudents([access.courseId], 'download'),
    ]);
    if (!row) throw notFound('activities.notFound');
    const studentsMayNotDownload = forbidding.has(access.courseId);
    const [activity] = present(
      actor,
      access,
      [row],
      references,
      undefined,
      undefined,
      studentsMayNotDownload,
    );
    if (!activity) throw notFound('activities.notFound');
    return activity;
  }

  function checkData(
    type: ActivityType,
    data: Record<string, unknown>,
    fields: FieldMessages,
  ): Record<string, unknown> | undefined {
    const checked = checkActivityData(type, data);
    if (checked.ok) return checked.data;
    Object.assign(fields, checked.fields);
    return undefined;
  }

  /** An exam's total cannot drop below the points its papers (main and make-up) already use. */
  async function checkExamTotal(
    existing: { id: number; type: string },
    data: Record<string, unknown>,
    fields: FieldMessages,
  ): Promise<void> {
    if (existing.type !== 'exam' && existing.type !== 'classroom_exam') return;
    const total = examSettings(data).total_points;
    const exams = examsRepository(ctx.db);
    const used = Math.max(
      await exams.usedPoints({ activityId: existing.id, isMakeup: false }, null),
      await exams.usedPoints({ activityId: existing.id, isMakeup: true }, null),
    );
    if (total + 1e-9 < used) {
      fields['data.total_points'] = [{ key: 'exams.totalPointsBelowUsed', params: { used } }];
    }
  }

  /** The module must be one of the course's, and the syllabus (if any) one of the module's. */
  async function checkPlacement(
    courseId: number,
    moduleId: number,
    syllabusId: number | null,
    fields: FieldMessages,
  ): Promise<void> {
    const [module, syllabus] = await Promise.all([
      repo.findModule(moduleId),
      syllabusId === null ? undefined : repo.findSyllabus(syllabusId),
    ]);
    if (!module || module.courseId !== courseId) {
      fields.module_id = ['activities.moduleNotInCourse'];
      return;
    }
    if (syllabusId !== null && (!syllabus || syllabus.moduleId !== moduleId)) {
      fields.syllabus_id = ['activities.syllabusNotInModule'];
    }
  }

  function checkTimes(start: Date | null, end: Date | null, fields: FieldMessages): void {
    if (start && end && end.getTime() <= start.getTime()) fields.end_time = ['activities.endBeforeStart'];
  }

  function checkCompletion(
    actor: Actor,
    type: ActivityType,
    settings: OrgCompletionSettings,
    requested: RequestedCompletion,
    fields: FieldMessages,
  ): { key: CompletionCriterionType; value: number | null } | undefined {
    const resolved = resolveCompletion(type, settings, requested);
    if (resolved.ok) return { key: resolved.key, value: resolved.value };
    switch (resolved.reason) {
      case 'notApplicable': {
        const allowed = resolved.allowed
          .map((c) => translate(actor.locale, `activities.criterion.${c}`))
          .join(' / ');
        fields[requested.field ?? resolved.field] = [
          { key: 'activities.criterionNotApplicable', params: { allowed } },
        ];
        break;
      }
      case 'valueRequired':
        fields[requested.field ?? resolved.field] = ['activities.criterionValueRequired'];
        break;
      case 'valueOutOfRange':
        fields[requested.field ?? resolved.field] = [
          {
            key: 'activities.criterionValueOutOfRange',
            params: { minimum: resolved.range.min, maximum: resolved.range.max },
          },
        ];
        break;
    }
    return undefined;
  }

  /**
   * The uploads to attach, in the order given (repeats dropped). Each must be a finished file of the
   * caller's organisation that the caller uploaded or can otherwise read.
   */
  async function checkUploads(
    actor: Actor,
    ids: readonly number[],
    fields: FieldMessages,
  ): Promise<UploadRow[]> {
    const unique = [...new Set(ids)];
    const rows = await uploadsRepo.findByIds(unique);
    const candidates = rows.filter((r) => r.status === 'ready' && !r.deleted);
    const readable = await uploads.readableIds(actor, candidates);
    const byId = new Map(candidates.map((r) => [r.id, r]));
    const usable: UploadRow[] = [];
    for (const id of unique) {
      const row = byId.get(id);
      if (row && readable.has(id)) usable.push(row);
      else (fields.uploads ??= []).push({ key: 'activities.uploadUnavailable', params: { id } });
    }
    return usable;
  }

  /**
   * Makes the activity's attachments exactly `files`, in order. References that stay keep their ids,
   * because comments and statistics point at reference ids.
   */
  async function replaceAttachments(
    tx: Executor,
    activityId: number,
    actorId: number,
    files: readonly UploadRow[],
  ): Promise<void> {
    // Checked before the transaction; re-checked under a lock here, as a sweep may have removed a file since.
    const present = await uploadsRepo.lockForAttaching(
      files.map((f) => f.id),
      tx,
    );
    const gone = files.filter((f) => !present.has(f.id));
    if (gone.length > 0) {
      throw invalid({
        uploads: gone.map((f) => ({ key: 'activities.uploadUnavailable', params: { id: f.id } })),
      });
    }
    const unused = await uploadsRepo.referencesOfParent(ACTIVITY_PARENT, activityId, tx);
    const inserts: NewReference[] = [];
    for (const [sort, upload] of files.entries()) {
      const index = unused.findIndex((r) => r.uploadId === upload.id);
      const [kept] = index >= 0 ? unused.splice(index, 1) : [];
      if (kept) {
        if (kept.sort !== sort) await uploadsRepo.updateReferenceSort(kept.id, sort, tx);
        continue;
      }
      inserts.push({
        uploadId: upload.id,
        parentType: ACTIVITY_PARENT,
        parentId: activityId,
        name: upload.name,
        allowDownload: upload.allowDownload,
        sort,
        createdBy: actorId,
      });
    }
    await uploadsRepo.deleteReferences(
      unused.map((r) => r.id),
      tx,
    );
    await uploadsRepo.insertReferences(inserts, tx);
  }

  return {
    async create(actor: Actor, courseId: number, input: CreateActivity): Promise<Activity> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'activity.manage');
      if (!isActivityType(input.type)) throw unknownType(input.type);
      const type = input.type;
      const fields: FieldMessages = {};
      const syllabusId = input.syllabus_id ?? null;
      const startTime = toDate(input.start_time);
      const endTime = toDate(input.end_time);
      const data = checkData(type, input.data ?? {}, fields);
      await checkPlacement(courseId, input.module_id, syllabusId, fields);
      checkTimes(startTime, endTime, fields);
      if (data) {
        const meeting = { type, courseId, startTime, endTime, data, existing: null };
        Object.assign(fields, await checkMeetingForm(ctx.db, meeting));
      }
      if (type === 'homework' && data) {
        const homework = { id: null, courseId, data, previousData: null, endTime };
        Object.assign(fields, await checkHomeworkData(ctx.db, homework));
      }
      const completion = checkCompletion(
        actor,
        type,
        await completionSettings(actor.orgId),
        requestedCompletion(input),
        fields,
      );
      const files = input.uploads ? await checkUploads(actor, input.uploads, fields) : [];
      if (!data || !completion || Object.keys(fields).length > 0) throw invalid(fields);

      const created = await ctx.db.transaction(async (tx) => {
        if (type === 'homework') await holdNewRubrics(ctx, actor, null, data, tx);
        const row = await repo.insert(
          {
            courseId,
            moduleId: input.module_id,
            syllabusId,
            type,
            title: input.title,
            data,
            startTime,
            endTime,
            published: input.published ?? false,
            completionCriterionKey: completion.key,
            completionCriterionValue: completion.value,
            sort: input.sort ?? (await repo.nextSortInModule(input.module_id, tx)),
            createdBy: actor.userId,
          },
          tx,
        );
        await replaceAttachments(tx, row.id, actor.userId, files);
        await syncActivityImages(tx, actor, row.id, data);
        if (type === 'vote') await scheduleVoteClose(tx, row.id, endTime);
        return row;
      });
      return presentOne(actor, access, created.id);
    },

    /** A partial update, validated as the activity will be once merged. */
    async update(actor: Actor, id: number, input: UpdateActivity): Promise<Activity> {
      const { activity: existing, access } = await activities.loadManaged(actor, id);
      const registeredType = (): ActivityType => {
        if (!isActivityType(existing.type)) throw unknownType(existing.type);
        return existing.type;
      };
      const fields: FieldMessages = {};

      // A homework's publishing state and rubrics belong to their own endpoints: an edit that leaves
      // them out of `data` keeps them.
      const sentData =
        input.data !== undefined && existing.type === 'homework'
          ? mergeHomeworkData(existing.data, input.data)
          : input.data;
      const data = sentData === undefined ? existing.data : checkData(registeredType(), sentData, fields);
      if (data && input.data !== undefined) await checkExamTotal(existing, data, fields);

      const moduleId = input.module_id ?? existing.moduleId;
      const moduleChanged = moduleId !== existing.moduleId;
      // A syllabus belongs to one module: moving the activity without naming a new one leaves none.
      const syllabusId =
        input.syllabus_id !== undefined ? input.syllabus_id : moduleChanged ? null : existing.syllabusId;
      if (input.module_id !== undefined || input.syllabus_id !== undefined) {
        await checkPlacement(existing.courseId, moduleId, syllabusId, fields);
      }

      const startTime = input.start_time !== undefined ? toDate(input.start_time) : existing.startTime;
      const endTime = input.end_time !== undefined ? toDate(input.end_time) : existing.endTime;
      checkTimes(startTime, endTime, fields);
      if (data) {
        const meeting = {
          type: existing.type,
          courseId: existing.courseId,
          startTime,
          endTime,
          data,
          existing,
        };
        Object.assign(fields, await checkMeetingForm(ctx.db, meeting));
      }
      if (existing.type === 'homework' && data) {
        const homework = { ...existing, previousData: existing.data, data, endTime };
        Object.assign(fields, await checkHomeworkData(ctx.db, homework));
      }

      let completion: { key: CompletionCriterionType; value: number | null } | undefined;
      const requested = requestedCompletion(input);
      if (requested.key !== undefined || requested.value !== undefined) {
        const keyChanged = requested.key !== undefined && requested.key !== existing.completionCriterionKey;
        const key = requested.key !== undefined ? requested.key : existing.completionCriterionKey;
        // Choosing another criterion starts from its default value unless a value is sent with it.
        const value =
          requested.value !== undefined
            ? requested.value
            : keyChanged
              ? undefined
              : existing.completionCriterionValue;
        completion = checkCompletion(
          actor,
          registeredType(),
          await completionSettings(actor.orgId),
          { key, value, ...(requested.field ? { field: requested.field } : {}) },
          fields,
        );
      }

      const files = input.uploads ? await checkUploads(actor, input.uploads, fields) : undefined;
      if (!data || Object.keys(fields).length > 0) throw invalid(fields);

      await ctx.db.transaction(async (tx) => {
        if (existing.type === 'homework') await holdNewRubrics(ctx, actor, existing.data, data, tx);
        const sort =
          input.sort ?? (moduleChanged ? await repo.nextSortInModule(moduleId, tx) : existing.sort);
        await repo.update(
          existing.id,
          {
            moduleId,
            syllabusId,
            data,
            startTime,
            endTime,
            sort,
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.published !== undefined ? { published: input.published } : {}),
            ...(completion
              ? { completionCriterionKey: completion.key, completionCriterionValue: completion.value }
              : {}),
          },
          tx,
        );
        if (files) await replaceAttachments(tx, existing.id, actor.userId, files);
        if (input.data !== undefined) await syncActivityImages(tx, actor, existing.id, data);
        if (existing.type === 'vote' && endTime?.getTime() !== existing.endTime?.getTime()) {
          await scheduleVoteClose(tx, existing.id, endTime);
        }
        // A meeting made at a vendor follows the edit there (only when what the vendor keeps changed).
        const vendorFields = [input.title, input.start_time, input.end_time, input.data];
        const meetingType = (MEETING_TYPES as readonly string[]).includes(existing.type);
        if (meetingType && vendorFields.some((value) => value !== undefined)) {
          await scheduleVendorSync(tx, { activityIds: [existing.id] });
        }
      });
      return presentOne(actor, access, existing.id);
    },

    /**
     * Moves the activity to its course's recycle bin: hidden everywhere, but learners' work, reads and
     * attachments stay until the bin's purge (decision 0015).
     */
    async remove(actor: Actor, id: number): Promise<{ message: string }> {
      const { activity } = await activities.loadManaged(actor, id);
      await ctx.db.transaction((tx) =>
        recycleBin.moveToBin(
          actor,
          {
            type: 'activity',
            id: activity.id,
            courseId: activity.courseId,
            title: activity.title,
            activityType: activity.type,
          },
          tx,
        ),
      );
      return {
        message: translate(actor.locale, 'activities.deleted', { days: recycleBin.retentionDays }),
      };
    },

    async get(actor: Actor, id: number): Promise<Activity> {
      const { activity, access } = await activities.loadVisible(actor, id);
      return presentOne(actor, access, activity.id);
    },

    /**
     * A course's activities in course order, drafts only for those who may see them, as the response's
     * JSON. The part alike for every viewer of a variant is cached, stamped with the course's content
     * version (one query, which also brings the viewer's read marks); the viewer's attachment rights, read
     * marks and completion are merged in per request.
     */
    async listJson(
      actor: Actor,
      courseId: number,
      query: ActivitiesQuery,
      include?: (activity: CachedActivity) => boolean,
    ): Promise<string> {
      const keyOf = (teaching: boolean, canEdit: boolean) =>
        `${courseId}:${query.module_id ?? ''}:${query.syllabus_id ?? ''}:${query.type ?? ''}:${teaching ? 't' : ''}${canEdit ? 'e' : ''}`;
      // The access comes in the stamp's round trip, so who is asking is not known yet. A learner neither
      // teaches nor edits, so their entry is this one: their work-judged completion is asked along when
      // it had such activities (or there is none yet). Anyone else's is ignored: their own work, cheap.
      const learnersEntry = listCache.peek(keyOf(false, false));
      const { access, row: stamp } = accessWithRow(
        actor,
        courseId,
        await contentVersions.stamp(courseId, actor.userId, {
          withCompletion: !learnersEntry || learnersEntry.some((a) => a.judgedByWork),
        }),
      );
      assertCan(access, 'course.read');
      const teaching = can(access, 'activity.read_unpublished');
      const canEdit = can(access, 'activity.manage');
      const learner = recordsReads(access);
      const key = keyOf(teaching, canEdit);
      const now = Date.now();
      const entry = await listCache.get(key, stamp.version, now, () =>
        buildListEntry(actor, access, courseId, query, now),
      );
      const videos = learner ? entry.filter((a) => a.judgedByWatching).map((a) => a.id) : [];
      const [completedByWork, watched] = await Promise.all([
        learner && stamp.completed
          ? new Set(stamp.completed)
          : learner && entry.some((a) => a.judgedByWork)
            ? completion.completedByWork(courseId, actor.userId)
            : new Set<number>(),
        repo.watchedCompleteness(videos, actor.userId),
      ]);
      const reads = new Set(stamp.reads);
      // Which sub-course's students see what is the viewer's own part of the list, decided here.
      const shown =
        access.courseType === COMBINED_COURSE_TYPE
          ? (activity: CachedActivity) =>
              (include ? include(activity) : true) && inAssignedSubCourses(access, activity.subCourseIds)
          : include;
      const body = assembleList(
        entry,
        {
          read: (id) => reads.has(id),
          completed: (activity, read) =>
            learner ? completionOf({ ...activity, read }, completedByWork, watched) : undefined,
          canDownload: (r) => canDownloadAttachment(actor, access, r.reference, r.upload),
        },
        shown,
      );
      // Outside production every response is checked against its contract (platform/http/serialization.ts);
      // this one bypasses the serializer, so it is checked here.
      if (ctx.config.env !== 'production') ActivitiesResponseSchema.parse(JSON.parse(body));
      return body;
    },

    /** `GET /api/course/{c}/learning-activity/{a}`: the activity, if it is in that course, with its length. */
    async learningActivity(actor: Actor, courseId: number, id: number): Promise<LearningActivity> {
      const { activity, access } = await activities.loadVisible(actor, id);
      if (activity.courseId !== courseId) throw notFound('activities.notFound');
      const presented = await presentOne(actor, access, activity.id);
      return { ...presented, duration: videoDuration(activity.data) };
    },

    /** `GET /api/course/{id}/coursewares`: the course's material activities, as the activity list shows them. */
    async coursewaresJson(actor: Actor, courseId: number): Promise<string> {
      return this.listJson(actor, courseId, {}, (activity) => COURSEWARE_TYPES.includes(activity.type));
    },

    /**
     * `GET /api/courses/{id}/live-record`: recordings of the course's live and meeting activities the
     * caller can see: those that have ended and carry replay addresses in their data.
     */
    async liveRecords(actor: Actor, courseId: number): Promise<LiveRecord[]> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await repo.list({
        courseId,
        publishedOnly: !can(access, 'activity.read_unpublished'),
        viewerId: actor.userId,
      });
      const now = Date.now();
      return rows.flatMap((row) => {
        if (!(MEETING_TYPES as readonly string[]).includes(row.type)) return [];
        if (row.endTime === null || row.endTime.getTime() > now) return [];
        const replay = Array.isArray(row.data.replay_address)
          ? row.data.replay_address.filter((a): a is string => typeof a === 'string')
          : [];
        if (replay.length === 0) return [];
        return [
          {
            id: row.id,
            activity_id: row.id,
            title: row.title,
            type: row.type,
            start_time: row.startTime?.toISOString() ?? null,
            end_time: row.endTime.toISOString(),
            replay_address: replay,
          },
        ];
      });
    },

    /**
     * Which of the listed activities already have learner records, so the UI can warn before a delete.
     * Every listed activity must be in a course the caller manages.
     */
    async haveDependents(
      actor: Actor,
      query: HaveDependentsQuery,
    ): Promise<{ has_dependents: boolean; activity_ids: number[]; recycle_bin_retention_days: number }> {
      if (query.activity_type !== undefined && !isActivityType(query.activity_type)) {
        throw invalid({
          activity_type: [{ key: 'activities.typeUnknown', params: { type: query.activity_type } }],
        });
      }
      const ids = [...new Set(query.activity_ids)];
      const rows = await repo.findByIds(ids);
      if (rows.length !== ids.length) throw notFound('activities.notFound');
      const courseIds = [...new Set(rows.map((r) => r.courseId))];
      const accesses = await Promise.all(courseIds.map((courseId) => courses.load(actor, courseId)));
      for (const access of accesses) assertCan(access, 'activity.manage');
      if (query.activity_type !== undefined && rows.some((r) => r.type !== query.activity_type)) {
        throw invalid({
          activity_ids: [{ key: 'activities.typeMismatch', params: { type: query.activity_type } }],
        });
      }
      const found = await Promise.all(DEPENDENT_RECORD_CHECKS.map((check) => check(ids, ctx.db)));
      const withDependents = [...new Set(found.flat())].sort((a, b) => a - b);
      return {
        has_dependents: withDependents.length > 0,
        activity_ids: withDependents,
        recycle_bin_retention_days: recycleBin.retentionDays,
      };
    },

    /**
     * Records that the caller read or joined an activity. Anyone who can see it may call this; only
     * learners' reads are recorded, and nothing is while an instructor views the course as a student.
     * Players of online videos also send the range just watched: it joins the learner's watched ranges,
     * whose union over the video's length is the video's completeness.
     */
    async recordRead(
      actor: Actor,
      activityId: number,
      body: ActivityReadRequest,
    ): Promise<ActivityReadResponse> {
      const { activity, access } = await activities.loadVisible(actor, activityId);
      const range =
        body?.start !== undefined && body.end !== undefined ? ([body.start, body.end] as WatchedRange) : null;
      const isVideo = activity.type === 'online_video';
      if (range && !isVideo) throw invalid({ start: ['activities.notVideo'] });
      const duration = isVideo ? (videoDuration(activity.data) ?? body?.duration ?? null) : null;
      if (range && duration !== null && range[1] > duration + DURATION_TOLERANCE_SECONDS) {
        const field = range[0] > duration + DURATION_TOLERANCE_SECONDS ? 'start' : 'end';
        throw invalid({ [field]: [{ key: 'activities.watchBeyondDuration', params: { duration } }] });
      }
      if (range && duration === null) throw invalid({ duration: ['activities.watchDurationRequired'] });

      const recorded = recordsReads(access);
      // Watched state of a video: without a known length, the percentage last stored stands.
      let watched: { ranges: WatchedRange[]; completeness: number };
      let readCount: number;
      if (!recorded) {
        const [existing, stored] = await Promise.all([
          repo.findRead(activity.id, actor.userId),
          isVideo ? repo.findWatchRanges(activity.id, actor.userId) : undefined,
        ]);
        readCount = existing?.readCount ?? 0;
        watched = stored ?? { ranges: [], completeness: 0 };
      } else {
        ({ readCount, watched } = await ctx.db.transaction(async (tx) => {
          const count = await repo.recordRead(activity.id, actor.userId, tx);
          if (!isVideo) return { readCount: count, watched: { ranges: [], completeness: 0 } };
          const stored = await repo.lockWatchRanges(activity.id, actor.userId, tx);
          if (!range || duration === null) return { readCount: count, watched: stored };
          const ranges = mergeRanges([...stored.ranges, [range[0], Math.min(range[1], duration)]]);
          const next = { ranges, completeness: watchedCompleteness(ranges, duration) };
          await repo.saveWatchRanges(activity.id, actor.userId, next, tx);
          return { readCount: count, watched: next };
        }));
      }
      if (!isVideo) {
        const read = readCount > 0;
        return {
          activity_id: activity.id,
          read_count: readCount,
          recorded,
          completeness: read ? 'full' : 'none',
          data: { completeness: read ? 100 : 0, ranges: [], end: 0 },
        };
      }
      const { ranges } = watched;
      const percent = duration === null ? watched.completeness : watchedCompleteness(ranges, duration);
      const fromStart = ranges[0] && ranges[0][0] <= 0 ? ranges[0][1] : 0;
      return {
        activity_id: activity.id,
        read_count: readCount,
        recorded,
        completeness: videoReadCompleteness(
          percent,
          activity.completionCriterionKey === 'completeness' ? activity.completionCriterionValue : null,
        ),
        data: { completeness: percent, ranges, end: fromStart },
      };
    },

    /** The completion criteria an activity type offers under the caller's organisation settings. */
    async completionCriteria(actor: Actor, query: CompletionCriteriaQuery) {
      if (!isActivityType(query.activity_type)) {
        throw invalid({
          activity_type: [{ key: 'activities.typeUnknown', params: { type: query.activity_type } }],
        });
      }
      if (query.course_id !== undefined) {
        assertCan(await courses.load(actor, query.course_id), 'course.read');
      }
      const options = criteriaFor(query.activity_type, await completionSettings(actor.orgId));
      return { completion_criteria: options.map((o) => presentCompletionCriterion(o, actor.locale)) };
    },
  };
}

export type ActivitiesService = ReturnType<typeof activitiesService>;
