import fastJson from 'fast-json-stringify';
import { ActivitySchema, type Activity } from '@lectern/contracts/activities/activity.schemas';
import { UploadReferenceSchema, type UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { versionedCachePerDatabase } from '../../platform/cache/versioned-cache.ts';
import { responseJsonSchema } from '../../platform/http/serialization.ts';

/**
 * What one activity of a list looks like alike to every viewer of a variant (course, filters, and what the
 * viewer's role lets them see and do): everything but the viewer's attachments rights, read mark and
 * completion, which are merged in per request.
 */
export type SharedActivity = Omit<Activity, 'uploads' | 'read' | 'completed'>;

// Written by fast-json-stringify from the contract, as the route's own serializer would: only the
// contract's fields, and a missing required one still throws.
type CompiledSchema = Parameters<typeof fastJson>[0];
const stringifyShared = fastJson(
  responseJsonSchema(
    ActivitySchema.omit({ uploads: true, read: true, completed: true }),
  ) as unknown as CompiledSchema,
);
const stringifyReference = fastJson(responseJsonSchema(UploadReferenceSchema) as unknown as CompiledSchema);

export type CachedReference = {
  /** What the attachment policy is asked per viewer. */
  reference: { allowDownload: boolean };
  upload: { createdBy: number };
  downloadable: string;
  notDownloadable: string;
};

export type CachedActivity = {
  id: number;
  type: string;
  completionCriterionKey: string;
  completionCriterionValue: number | null;
  /** Judged from the learner's homework, exam or H5 courseware work (activity-completion.ts). */
  judgedByWork: boolean;
  /** An online video completed by the share watched. */
  judgedByWatching: boolean;
  /**
   * In a combined course, the sub-courses it is assigned to (absent: everyone). Which viewer that lets
   * see it is decided per request (activities.policy.ts `inAssignedSubCourses`), never cached.
   */
  subCourseIds?: readonly number[];
  /** The activity's JSON without its closing brace and without the per-viewer fields. */
  head: string;
  references: CachedReference[];
};

/** An attachment as presented, with what the attachment policy is asked about it per viewer. */
export type ListedFile = { presented: UploadReference; allowDownload: boolean; createdBy: number };

export function cachedActivity(
  shared: SharedActivity,
  meta: Omit<CachedActivity, 'head' | 'references' | 'id' | 'type'>,
  files: readonly ListedFile[],
): CachedActivity {
  const head = stringifyShared(shared);
  return {
    id: shared.id,
    type: shared.type,
    ...meta,
    head: head.slice(0, head.lastIndexOf('}')),
    references: files.map(({ presented, allowDownload, createdBy }) => ({
      reference: { allowDownload },
      upload: { createdBy },
      downloadable: stringifyReference({ ...presented, can_download: true }),
      notDownloadable: stringifyReference({ ...presented, can_download: false }),
    })),
  };
}

/** The earliest of these instants after `now` (Infinity when none is). */
export function nextChange(activities: readonly SharedActivity[], now: number): number {
  let next = Infinity;
  for (const activity of activities) {
    for (const at of [activity.start_time, activity.end_time, activity.last_sub_meeting_end_time]) {
      if (at === null || at === undefined) continue;
      const time = Date.parse(at);
      if (time > now && time < next) next = time;
    }
  }
  return next;
}

/** Characters of JSON an entry holds, to bound the cache by memory rather than by count alone. */
export function entryWeight(activities: readonly CachedActivity[]): number {
  let weight = 64;
  for (const activity of activities) {
    weight += activity.head.length + 64;
    for (const r of activity.references) weight += r.downloadable.length + r.notDownloadable.length;
  }
  return weight;
}

export type ListViewer = {
  read(activityId: number): boolean;
  /** undefined leaves `completed` out (the teaching team, criteria judged elsewhere). */
  completed(activity: CachedActivity, read: boolean): boolean | undefined;
  canDownload(reference: CachedReference): boolean;
};

/**
 * The list response body for one viewer: the cached heads with the viewer's fields appended, in the
 * contract's JSON (`{"activities":[...]}`). Concatenation only: nothing is presented or serialised again.
 */
export function assembleList(
  activities: readonly CachedActivity[],
  viewer: ListViewer,
  include: (activity: CachedActivity) => boolean = () => true,
): string {
  let body = '{"activities":[';
  let first = true;
  for (const activity of activities) {
    if (!include(activity)) continue;
    let uploads = '';
    for (const [i, r] of activity.references.entries()) {
      uploads += (i === 0 ? '' : ',') + (viewer.canDownload(r) ? r.downloadable : r.notDownloadable);
    }
    const read = viewer.read(activity.id);
    const completed = viewer.completed(activity, read);
    body +=
      (first ? '' : ',') +
      activity.head +
      `,"uploads":[${uploads}],"read":${read}` +
      (completed === undefined ? '}' : `,"completed":${completed}}`);
    first = false;
  }
  return body + ']}';
}

/**
 * Bounds of the in-process cache: a 50-activity list is about 35 kB of JSON, so the weight bound (UTF-16
 * characters) keeps it near 64 MB at worst whatever the number of courses.
 */
const CACHE_BOUNDS = { maxEntries: 2_000, maxWeight: 32 * 1024 * 1024 };

/**
 * One cache per database handle, keyed by course, filters and viewer variant, stamped with the course's
 * content version (course_content_versions). An entry also expires at the first start or end time still
 * to come when it was built: `status`, `is_started` and `is_closed` are derived against the clock.
 */
export const activityListCache = versionedCachePerDatabase<CachedActivity[]>(CACHE_BOUNDS);
