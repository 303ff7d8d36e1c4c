import type { z } from 'zod';
import { MeetingDataSchema, type MeetingData } from '@lectern/contracts/meetings/meeting-data';
import {
  meetingStatus,
  participantsAvailableAt,
  playbackAvailableAt,
  playbackEnabled,
} from '@lectern/contracts/meetings/meeting-rules';
import {
  ParticipantConditionsSchema,
  type ClassinJoinQuerySchema,
  type ClassinWebcastQuerySchema,
  type JoinMeetingResponse,
  type MeetingStateResponse,
  type ParticipantsQuerySchema,
  type ParticipantsResponse,
  type PlaybackState,
  type WatchStatsResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import {
  AppError,
  conflict,
  forbidden,
  invalid,
  notFound,
  simulatingReadOnly,
} from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import { activityAccess } from '../activities/activity-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';
import type { MeetingRef, Replay } from './meeting-adapter.ts';
import { meetingVendors } from './meeting-vendors.ts';
import { scheduleRecordingCopy } from './recording-copy.job.ts';
import { assertMeetingStaff, isMeetingStaff, isVendorMeetingType } from './meetings.policy.ts';
import { presentParticipant, presentWatchStats } from './meetings.presenter.ts';
import { meetingsRepository } from './meetings.repository.ts';

type ParticipantsInput = z.output<typeof ParticipantsQuerySchema>;
type ClassinJoinInput = z.output<typeof ClassinJoinQuerySchema>;
type ClassinWebcastInput = z.output<typeof ClassinWebcastQuerySchema>;
type LoadedMeeting = { activity: ActivityRow; access: CourseAccess; data: MeetingData; ref: MeetingRef };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function meetingsService(ctx: AppContext) {
  const activities = activityAccess(ctx.db);
  const repo = meetingsRepository(ctx.db);
  // Each organisation's own vendor settings, else the environment's (meeting-vendors.ts).
  const vendors = meetingVendors(ctx);

  /**
   * Vendor recordings with media (BigBlueButton's `video` format, Tencent's cloud-recording files) are
   * copied into the activity's resources by a queued job the first time they are seen; the links stay
   * the replays, which is all there is until the copy is done, or should it fail.
   */
  async function copyMediaRecordings(
    activityId: number,
    vendor: 'bigbluebutton' | 'tencent',
    replays: readonly Replay[],
  ): Promise<void> {
    const media = replays.filter((r) => r.media);
    if (media.length === 0) return;
    await ctx.db.transaction(async (tx) => {
      for (const replay of media) {
        if (!replay.media) continue;
        const row = await repo.insertRecording(
          {
            activityId,
            vendor,
            recordId: replay.media.recordId,
            format: replay.media.format,
            url: replay.url,
            state: 'copying',
            startTime: replay.startTime,
            endTime: replay.endTime,
          },
          tx,
        );
        if (row) await scheduleRecordingCopy(tx, row.id);
      }
    });
  }

  async function load(actor: Actor, id: number, type?: string): Promise<LoadedMeeting> {
    const { activity, access } = await activities.loadVisible(actor, id);
    if (!isVendorMeetingType(activity.type) || (type && activity.type !== type)) {
      throw notFound('meetings.notFound');
    }
    const parsed = MeetingDataSchema.safeParse(activity.data);
    const data = parsed.success ? parsed.data : {};
    const ref: MeetingRef = {
      activityId: activity.id,
      type: activity.type,
      title: activity.title,
      data,
      startTime: activity.startTime,
      endTime: activity.endTime,
    };
    return { activity, access, data, ref };
  }

  const statusOf = (activity: ActivityRow, now: number) =>
    meetingStatus(
      {
        start_time: activity.startTime?.toISOString() ?? null,
        end_time: activity.endTime?.toISOString() ?? null,
      },
      now,
    );

  function hostIdOf(activity: ActivityRow, data: MeetingData): number {
    const raw = activity.data as Record<string, unknown>;
    for (const key of ['host_user_id', 'meeting_host_user_id', 'instructor_id']) {
      const value = key === 'host_user_id' ? data.host_user_id : raw[key];
      if (typeof value === 'number') return value;
    }
    return activity.createdBy;
  }

  async function joinAs(
    actor: Actor,
    meeting: LoadedMeeting,
    subMeetingId: string,
  ): Promise<JoinMeetingResponse> {
    const { activity, access, data, ref } = meeting;
    // Joining is recorded as attendance: a simulating instructor only looks.
    if (access.simulating) throw simulatingReadOnly();
    if (statusOf(activity, Date.now()) !== 'in_progress') throw conflict('meetings.notInProgress');
    const user = await repo.findUser(actor.userId);
    if (!user) throw notFound();
    if (activity.type === 'classin' && !user.mobilePhone) throw conflict('meetings.phoneRequired');
    const role = isMeetingStaff(access) || hostIdOf(activity, data) === actor.userId ? 'host' : 'guest';
    const { adapterFor } = await vendors.forOrg(actor.orgId);
    const url = await adapterFor(activity.type, data).joinUrl(ref, { id: user.id, name: user.name, role });
    if (!url) throw conflict('meetings.noJoinLink');
    await repo.recordJoin({ activityId: activity.id, userId: actor.userId, subMeetingId, role });
    return { url, role };
  }

  return {
    /** `GET /api/activities/{id}/meeting`: the status panel, with the time rules applied here. */
    async state(actor: Actor, id: number): Promise<MeetingStateResponse> {
      const { activity, access, data, ref } = await load(actor, id);
      const now = Date.now();
      const status = statusOf(activity, now);
      const { bbb, adapterFor } = await vendors.forOrg(actor.orgId);
      const adapter = adapterFor(activity.type, data);
      const hostId = hostIdOf(activity, data);
      const [host, me] = await Promise.all([repo.findUser(hostId), repo.findUser(actor.userId)]);
      const endIso = activity.endTime?.toISOString() ?? null;
      const enabled = playbackEnabled(data.playback);
      const availableAt = playbackAvailableAt(endIso);
      let playback: PlaybackState = 'none';
      let replays: string[] = [];
      if (enabled && status === 'expired') {
        if (availableAt !== null && now < availableAt) {
          // Replays are not handed out before the 30 minutes pass, whatever the vendor already has.
          playback = 'generating';
        } else {
          try {
            const found = await adapter.replays(ref);
            replays = found.map((r) => r.url);
            if (adapter === bbb) await copyMediaRecordings(activity.id, 'bigbluebutton', found);
            else if (adapter.name === 'tencent') await copyMediaRecordings(activity.id, 'tencent', found);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            ctx.log.warn({ err: error, activityId: activity.id }, 'meeting replays unavailable');
          }
          playback = replays.length > 0 ? 'available' : 'none';
        }
      }
      // BigBlueButton makes each join link on demand; the others have a link or not.
      const joinable =
        status === 'in_progress' &&
        (adapter === bbb ||
          (await adapter.joinUrl(ref, {
            id: actor.userId,
            name: '',
            role: isMeetingStaff(access) ? 'host' : 'guest',
          })) !== null);
      const meetingId = adapter === bbb ? `lectern-${activity.id}` : (await adapter.ensure(ref)).meetingId;
      return {
        activity_id: activity.id,
        type: activity.type,
        adapter: adapter.name,
        status,
        meeting_id: meetingId,
        meeting_code: data.meeting_code ?? null,
        host: host ? { id: host.id, name: host.name, user_no: host.userNo } : null,
        is_host: hostId === actor.userId,
        can_join: joinable,
        playback_enabled: enabled,
        playback_state: playback,
        playback_available_at: enabled ? iso(availableAt) : null,
        replay_addresses: replays,
        can_view_participants: isMeetingStaff(access) && status === 'expired',
        participants_available_at: iso(participantsAvailableAt(endIso)),
        has_mobile_phone: Boolean(me?.mobilePhone),
      };
    },

    /** `POST /api/activities/{id}/meeting/join`: the caller's own link, while the meeting is on. */
    async join(actor: Actor, id: number, subMeetingId: string | undefined): Promise<JoinMeetingResponse> {
      return joinAs(actor, await load(actor, id), subMeetingId ?? '');
    },

    /**
     * `GET /api/activities/{id}/meeting/participant`: instructors, on an expired meeting, from 1 hour
     * after its end (vendors settle attendance in that hour).
     */
    async participants(actor: Actor, id: number, query: ParticipantsInput): Promise<ParticipantsResponse> {
      const meeting = await load(actor, id);
      const { activity, access } = meeting;
      assertMeetingStaff(access);
      const now = Date.now();
      const opensAt = participantsAvailableAt(activity.endTime?.toISOString() ?? null);
      if (statusOf(activity, now) !== 'expired' || opensAt === null || now < opensAt) {
        throw conflict('meetings.participantsNotYet');
      }
      let userName: string | undefined;
      if (query.conditions) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(query.conditions);
        } catch {
          throw invalid({ conditions: ['meetings.conditionsInvalid'] });
        }
        const conditions = ParticipantConditionsSchema.safeParse(parsed);
        if (!conditions.success) throw invalid({ conditions: ['meetings.conditionsInvalid'] });
        userName = conditions.data.user_name?.trim() || undefined;
      }
      const adapter = (await vendors.forOrg(actor.orgId)).adapterFor(activity.type, meeting.data);
      if (adapter.name === 'tencent') {
        // Tencent reports who attended, joining through Lectern or not; bound users count as participants.
        try {
          const attendees = await adapter.attendees(meeting.ref);
          await repo.recordVendorAttendance(
            activity.id,
            'tencent',
            attendees.map((a) => ({ vendorUserId: a.userId, role: a.role })),
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          ctx.log.warn({ err: error, activityId: activity.id }, 'tencent attendance unavailable');
        }
      }
      const { rows, total } = await repo.listJoins(activity.id, {
        subMeetingId: query.sub_meeting_id,
        userName,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return {
        result: {
          participants: rows.map(presentParticipant),
          page: query.page,
          page_size: query.page_size,
          pages: Math.max(1, Math.ceil(total / query.page_size)),
          total,
        },
      };
    },

    /** `GET /api/dingtalk-lives/{id}/watch-stats`: who opened the live through Lectern, for instructors. */
    async watchStats(actor: Actor, id: number): Promise<WatchStatsResponse> {
      const { activity, access } = await load(actor, id, 'dingtalk_live');
      assertMeetingStaff(access);
      const { rows, total } = await repo.listJoins(activity.id, {
        subMeetingId: undefined,
        userName: undefined,
        limit: 1000,
        offset: 0,
      });
      return presentWatchStats(rows, total);
    },

    /** `GET /api/activies/classin/join-url` (sic): a ClassIn join for the caller only. */
    async classinJoinUrl(actor: Actor, query: ClassinJoinInput): Promise<{ url: string }> {
      const meeting = await load(actor, query.activity_id, 'classin');
      if (meeting.activity.courseId !== query.course_id) throw notFound('meetings.notFound');
      if (query.user_id !== undefined && query.user_id !== actor.userId) throw forbidden();
      const { url } = await joinAs(actor, meeting, '');
      return { url };
    },

    /** `GET /api/activities/classin/webcast-url`: the ClassIn webcast address the instructor set. */
    async classinWebcastUrl(actor: Actor, query: ClassinWebcastInput): Promise<{ url: string }> {
      const { activity, data } = await load(actor, query.activity_id, 'classin');
      if (query.course_id !== undefined && activity.courseId !== query.course_id)
        throw notFound('meetings.notFound');
      const url = data.live_url ?? data.live_config?.live_addr;
      if (!url) throw conflict('meetings.noWebcast');
      return { url };
    },
  };
}
