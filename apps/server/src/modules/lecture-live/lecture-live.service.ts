import { stat } from 'node:fs/promises';
import path from 'node:path';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import {
  LectureLiveDataSchema,
  type LectureLiveControllerConfig,
  type LectureLiveData,
} from '@lectern/contracts/lecture-live/lecture-live-settings';
import {
  canBookLive,
  lectureLiveStatus,
  PLAYER_VISIT_INTERVAL_SECONDS,
  type LectureLiveStatus,
} from '@lectern/contracts/lecture-live/lecture-live-status';
import {
  HLS_FILE_PATTERN,
  type BookLiveResponse,
  type ExtensionLivesResponse,
  type LectureLiveDetail,
  type LiveActivitiesQuerySchema,
  type LiveActivitiesResponse,
  type LiveIngest as LiveIngestView,
  type PlayerVisitRequestSchema,
  type PlayerVisitResponse,
  type ViewingStatsResponse,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { activities as activitiesTable } from '../../db/schema/activities.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { canSeeActivity, recordsReads } from '../activities/activities.policy.ts';
import { activitiesRepository, type ActivityRow } from '../activities/activities.repository.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { hlsGrants } from './hls-grants.ts';
import { liveDir, liveHlsDir, liveUnavailableReason, replayDir } from './live-media.ts';
import type { LiveIngest } from './live-ingest.ts';
import {
  assertCanBook,
  assertManages,
  canBook,
  managesLive,
  mayViewLive,
  mayViewRecord,
} from './lecture-live.policy.ts';
import { presentDetail, presentLiveActivity } from './lecture-live.presenter.ts';
import { lectureLiveRepository, newStreamKey, type ReplayRow } from './lecture-live.repository.ts';
import { scheduleReplayTranscode } from './replay-transcode.job.ts';

type Loaded = { activity: ActivityRow; data: LectureLiveData; access: CourseAccess };
type ListQuery = z.output<typeof LiveActivitiesQuerySchema>;
type VisitInput = z.output<typeof PlayerVisitRequestSchema>;

const ORDER_COLUMNS = {
  start_time: activitiesTable.startTime,
  end_time: activitiesTable.endTime,
  created_at: activitiesTable.createdAt,
  title: activitiesTable.title,
  id: activitiesTable.id,
} as const;

export function lectureLiveService(ctx: AppContext, ingest?: LiveIngest) {
  const repo = lectureLiveRepository(ctx.db);
  const activities = activitiesRepository(ctx.db);
  const courses = courseAccess(ctx.db);
  const grants = hlsGrants();

  /** A lecture live the caller may see; anything else is not there. */
  async function load(actor: Actor, id: number): Promise<Loaded> {
    const activity = await activities.findById(id);
    if (!activity || activity.type !== 'lecture_live') throw notFound('lectureLive.notFound');
    const access = await courses.load(actor, activity.courseId);
    if (!canSeeActivity(access, activity)) throw notFound('lectureLive.notFound');
    const parsed = LectureLiveDataSchema.safeParse(activity.data);
    return { activity, data: parsed.success ? parsed.data : {}, access };
  }

  /** One page of a course's live and meeting activities, in the order the query asks for. */
  function listPage(courseId: number, query: ListQuery, includeUnpublished: boolean) {
    const types = query.types && query.types.length > 0 ? query.types : [...MEETING_TYPES];
    const keys = query.order_keys && query.order_keys.length > 0 ? query.order_keys : ['start_time' as const];
    const order: SQL[] = keys.map((key, i) =>
      (query.orders?.[i] ?? 'desc') === 'asc' ? asc(ORDER_COLUMNS[key]) : desc(ORDER_COLUMNS[key]),
    );
    order.push(desc(activitiesTable.id));
    return repo.listLives({
      courseId,
      types,
      includeUnpublished,
      order,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
  }

  function statusOf(
    activity: ActivityRow,
    streamState: 'idle' | 'publishing' | 'ended',
    replay: ReplayRow | undefined,
  ): LectureLiveStatus {
    return lectureLiveStatus({
      now: new Date(),
      startTime: activity.startTime,
      endTime: activity.endTime,
      streamState,
      replay: replay ? { state: replay.state } : null,
    });
  }

  async function currentStatus(activity: ActivityRow): Promise<LectureLiveStatus> {
    const [live, latest] = await Promise.all([
      repo.find(activity.id),
      repo.latestReplays([activity.id]).then((m) => m.get(activity.id)),
    ]);
    return statusOf(activity, live?.streamState ?? 'idle', latest);
  }

  async function bookingView(activityId: number, userId: number): Promise<BookLiveResponse> {
    const [booked, counts] = await Promise.all([
      repo.isBooked(activityId, userId),
      repo.bookedCounts([activityId]),
    ]);
    return { is_booked_live: booked, booked_count: counts.get(activityId) ?? 0 };
  }

  return {
    /** `GET /api/lecture-lives/{id}`: the detail the live page draws. */
    async detail(actor: Actor, id: number): Promise<LectureLiveDetail> {
      const { activity, data, access } = await load(actor, id);
      const [live, replays, instructorNames, booking, unavailableReason] = await Promise.all([
        repo.find(activity.id),
        repo.replays(activity.id),
        repo.instructorNames(activity.courseId),
        bookingView(activity.id, actor.userId),
        liveUnavailableReason(ctx.config),
      ]);
      const latest = replays[0] ?? null;
      const status = statusOf(activity, live?.streamState ?? 'idle', latest ?? undefined);
      // The live opens when the encoder's key is accepted; ffmpeg writes the first playlist a segment
      // later. Until then there is nothing to play, and a player given the URL would only meet a 404.
      const liveReady =
        status === 'live_in_progress' &&
        (await stat(path.join(liveHlsDir(ctx.config, activity.id), 'index.m3u8')).then(
          (info) => info.isFile(),
          () => false,
        ));
      const learner = canBook(access);
      return presentDetail(activity, access.orgId, data, {
        status,
        instructorNames,
        viewLive: mayViewLive(access),
        liveReady,
        viewRecord: mayViewRecord(access, data),
        booked: booking.is_booked_live,
        bookedCount: booking.booked_count,
        canBook: learner && canBookLive(status, booking.is_booked_live),
        canManage: managesLive(access),
        latestReplay: latest,
        replayVideos: replays.filter((r) => r.state === 'done'),
        unavailableReason,
      });
    },

    /** `POST /api/live-activities/{id}/book-live`: only before the live opens, once. */
    async book(actor: Actor, id: number): Promise<BookLiveResponse> {
      const { activity, access } = await load(actor, id);
      assertCanBook(access);
      if ((await currentStatus(activity)) !== 'live_unopened') throw conflict('lectureLive.notBookable');
      if (!(await repo.book(activity.id, actor.userId))) throw conflict('lectureLive.alreadyBooked');
      return bookingView(activity.id, actor.userId);
    },

    /** `DELETE /api/live-activities/{id}/book-live`: cancels the caller's booking. */
    async unbook(actor: Actor, id: number): Promise<BookLiveResponse> {
      const { activity, access } = await load(actor, id);
      assertCanBook(access);
      if (!(await repo.unbook(activity.id, actor.userId))) throw conflict('lectureLive.notBooked');
      return bookingView(activity.id, actor.userId);
    },

    /** `POST /api/courses/lecture-live-activity/{id}/reprocess` {replay_id}: queue a failed transcode again. */
    async reprocess(actor: Actor, id: number, replayId: number): Promise<LectureLiveDetail> {
      const { activity, access } = await load(actor, id);
      assertManages(access);
      const replay = await repo.findReplay(replayId);
      if (!replay || replay.activityId !== activity.id) throw notFound('lectureLive.replayNotFound');
      if (replay.state !== 'failed') throw conflict('lectureLive.replayNotFailed');
      await ctx.db.transaction(async (tx) => {
        await repo.updateReplay(
          replay.id,
          { state: 'waiting', progress: 0, lastError: null, retryTimes: replay.retryTimes + 1 },
          tx,
        );
        await scheduleReplayTranscode(tx, replay.id);
      });
      return this.detail(actor, id);
    },

    /** `PUT /api/lecture-lives/{id}/controller-config` {autoplay}: the teaching team sets the player up. */
    async setControllerConfig(
      actor: Actor,
      id: number,
      config: LectureLiveControllerConfig,
    ): Promise<LectureLiveDetail> {
      const { activity, access } = await load(actor, id);
      assertManages(access);
      await repo.setControllerConfig(activity.id, { autoplay: config.autoplay });
      return this.detail(actor, id);
    },

    /**
     * `POST /api/lecture-live/schedule/{id}/player-visits`: a playing client's 10-second beat. It adds the
     * time played (never more than the clock allows) and marks the activity read, which completes the
     * `view` criterion.
     */
    async playerVisit(actor: Actor, id: number, input: VisitInput): Promise<PlayerVisitResponse> {
      const { activity, data, access } = await load(actor, id);
      const status = await currentStatus(activity);
      const mode = input.mode ?? (status === 'live_in_progress' ? 'live' : 'replay');
      const allowed =
        mode === 'live'
          ? status === 'live_in_progress' && mayViewLive(access)
          : status === 'replay_unpublished' && mayViewRecord(access, data);
      if (!allowed) throw conflict('lectureLive.notPlaying');
      if (!recordsReads(access)) return { live_seconds: 0, replay_seconds: 0 };
      const totals = await ctx.db.transaction(async (tx) => {
        const row = await repo.addVisit(
          activity.id,
          actor.userId,
          mode,
          PLAYER_VISIT_INTERVAL_SECONDS,
          input.clientType,
          tx,
        );
        await activities.recordRead(activity.id, actor.userId, tx);
        return row;
      });
      return { live_seconds: totals.liveSeconds, replay_seconds: totals.replaySeconds };
    },

    /** `GET /api/lecture-lives/{id}/viewing-stats` (teaching team). */
    async viewingStats(actor: Actor, id: number): Promise<ViewingStatsResponse> {
      const { activity, access } = await load(actor, id);
      assertManages(access);
      const [rows, studentCount] = await Promise.all([
        repo.visits(activity.id),
        repo.studentCount(activity.courseId),
      ]);
      return {
        viewer_count: rows.length,
        student_count: studentCount,
        total_live_seconds: rows.reduce((s, r) => s + r.liveSeconds, 0),
        total_replay_seconds: rows.reduce((s, r) => s + r.replaySeconds, 0),
        viewers: rows.map((r) => ({
          user_id: r.userId,
          user_no: r.userNo,
          name: r.name,
          live_seconds: r.liveSeconds,
          replay_seconds: r.replaySeconds,
          last_visit_at: r.lastVisitAt.toISOString(),
        })),
      };
    },

    /** `GET /api/lecture-lives/{id}/ingest`: the encoder settings (teaching team only). */
    async ingest(actor: Actor, id: number, requestHost: string): Promise<LiveIngestView> {
      const { activity, access } = await load(actor, id);
      assertManages(access);
      const live = await repo.ensure(activity.id);
      const reason = await liveUnavailableReason(ctx.config);
      const port = reason === null && ingest ? await ingest.portFor(activity.id) : null;
      const host = ctx.config.live.rtmpPublicHost ?? requestHost.replace(/:\d+$/, '');
      const serverUrl = port === null ? null : `rtmp://${host}:${port}/live`;
      return {
        available: serverUrl !== null,
        unavailable_reason: reason,
        server_url: serverUrl,
        stream_key: live.streamKey,
        full_url: serverUrl === null ? null : `${serverUrl}/${live.streamKey}`,
        stream_state: live.streamState,
      };
    },

    /** `POST /api/lecture-lives/{id}/ingest/regenerate-key`: the old key stops working at once. */
    async regenerateKey(actor: Actor, id: number, requestHost: string): Promise<LiveIngestView> {
      const { activity, access } = await load(actor, id);
      assertManages(access);
      await repo.ensure(activity.id);
      await repo.setStreamKey(activity.id, newStreamKey());
      ingest?.disconnect(activity.id);
      return this.ingest(actor, id, requestHost);
    },

    /**
     * The file behind an HLS URL, once the caller may watch it; not found for anything else. A granted
     * folder is remembered for a few seconds (hls-grants.ts): players ask every two seconds.
     */
    async hlsFile(
      actor: Actor,
      id: number,
      target: { kind: 'live' } | { kind: 'replay'; replayId: number },
      file: string,
    ): Promise<string> {
      const targetKey = target.kind === 'live' ? 'live' : `replay-${target.replayId}`;
      const dir = await grants.resolve(actor, id, targetKey, async () => {
        const { activity, data, access } = await load(actor, id);
        if (target.kind === 'live') {
          if (!mayViewLive(access)) throw new AppError('forbidden', 'lectureLive.noPermissionLive');
          return liveHlsDir(ctx.config, activity.id);
        }
        if (!mayViewRecord(access, data)) throw new AppError('forbidden', 'lectureLive.noPermissionRecord');
        const replay = await repo.findReplay(target.replayId);
        if (!replay || replay.activityId !== activity.id || replay.state !== 'done') {
          throw notFound('lectureLive.replayNotFound');
        }
        return replayDir(ctx.config, activity.id, replay.id);
      });
      // Only a name of the pattern is ever joined to the folder (checked after the access, so that a
      // refusal says why whatever the name).
      if (!HLS_FILE_PATTERN.test(file)) throw notFound();
      return path.join(dir, file);
    },

    /** `GET /api/courses/{id}/live-activities`: the course's live and meeting activities, one page. */
    async liveActivities(actor: Actor, courseId: number, query: ListQuery): Promise<LiveActivitiesResponse> {
      const access = await courses.load(actor, courseId);
      assertCan(access, 'course.read');
      const { total, rows } = await listPage(courseId, query, canSeeActivity(access, { published: false }));
      return { ...pageMeta(query, total), activities: await this.presentLives(actor, rows) };
    },

    /**
     * `GET /anonymous-api/courses/{id}/live-activities`, once public-listings has found the course public:
     * the published ones only, nobody's booking, and none of the activities' data (join links, stream
     * keys and passwords live there) nor the host's user number.
     */
    async publicLiveActivities(courseId: number, query: ListQuery): Promise<LiveActivitiesResponse> {
      const { total, rows } = await listPage(courseId, query, false);
      const items = await this.presentLives(null, rows);
      return {
        ...pageMeta(query, total),
        activities: items.map((item) => ({ ...item, data: {}, meeting_host_user: null })),
      };
    },

    /** `GET /api/courses/{id}/extension-lives?source=`: the course's lives of one kind. */
    async extensionLives(actor: Actor, courseId: number, source: string): Promise<ExtensionLivesResponse> {
      const page = await this.liveActivities(actor, courseId, {
        page: 1,
        page_size: 200,
        types: [source as (typeof MEETING_TYPES)[number]],
        order_keys: ['start_time'],
        orders: ['asc'],
        conditions: {},
      });
      return { source, extension_lives: page.activities };
    },

    async presentLives(actor: Actor | null, rows: Awaited<ReturnType<typeof repo.listLives>>['rows']) {
      const liveIds = rows.filter((r) => r.activity.type === 'lecture_live').map((r) => r.activity.id);
      const hostIds = rows.flatMap((r) => {
        const host = r.activity.data.host_user_id;
        return typeof host === 'number' ? [host] : [];
      });
      const [lives, latest, counts, mine, hosts] = await Promise.all([
        repo.findMany(liveIds),
        repo.latestReplays(liveIds),
        repo.bookedCounts(liveIds),
        actor ? repo.bookedBy(liveIds, actor.userId) : new Set<number>(),
        repo.usersByIds(hostIds),
      ]);
      const stateOf = new Map(lives.map((l) => [l.activityId, l.streamState]));
      const hostOf = new Map(hosts.map((h) => [h.id, h]));
      return rows.map((row) => {
        const isLive = row.activity.type === 'lecture_live';
        const host = row.activity.data.host_user_id;
        return presentLiveActivity(row, {
          status: isLive
            ? statusOf(row.activity, stateOf.get(row.activity.id) ?? 'idle', latest.get(row.activity.id))
            : null,
          booked: mine.has(row.activity.id),
          bookedCount: counts.get(row.activity.id) ?? 0,
          host: typeof host === 'number' ? (hostOf.get(host) ?? null) : null,
        });
      });
    },

    /** The encoder started: the live is in progress, and booked learners hear of it once. */
    async streamStarted(activityId: number): Promise<void> {
      const activity = await activities.findById(activityId);
      if (!activity) return;
      await ctx.db.transaction(async (tx) => {
        await repo.setStreamState(activityId, 'publishing', tx);
        const userIds = await repo.takeUnnotified(activityId, tx);
        const orgId = await repo.orgOfCourse(activity.courseId, tx);
        await createNotifications(
          tx,
          userIds.map((userId) => ({
            userId,
            orgId,
            type: 'lecture_live_started' as const,
            courseId: activity.courseId,
            activityId,
            payload: { title: activity.title },
          })),
        );
      });
    },

    /** The encoder stopped: register the recording and queue its transcode, in one transaction. */
    async streamEnded(activityId: number, recordingFile: string): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        await repo.setStreamState(activityId, 'ended', tx);
        const replay = await repo.insertReplay(activityId, recordingFile, tx);
        await scheduleReplayTranscode(tx, replay.id);
      });
    },

    liveDir: (activityId: number) => liveDir(ctx.config, activityId),
  };
}
