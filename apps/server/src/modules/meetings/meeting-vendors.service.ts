import type { z } from 'zod';
import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import { CreateActivityRequestSchema } from '@lectern/contracts/activities/activity.schemas';
import { MeetingDataSchema, type MeetingData } from '@lectern/contracts/meetings/meeting-data';
import {
  MeetingTimePeriodsConfigSchema,
  type CalendarMeetingRequestSchema,
  type CalendarMeetingResponse,
  type LarkCallbackQuerySchema,
  type TencentActivitiesRequestSchema,
  type TencentActivitiesResponse,
  type TencentBindingResponse,
  type VendorAuthResponse,
  type VendorMeeting,
} from '@lectern/contracts/meetings/meetings.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, invalid, notFound, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { activitiesRepository } from '../activities/activities.repository.ts';
import { activitiesService } from '../activities/activities.service.ts';
import { activityAccess } from '../activities/activity-access.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { activityInvite } from './calendar-invite.ts';
import { calendarUidOf } from './calendar-meeting.adapter.ts';
import { larkAccessToken, saveLarkTokens } from './lark-tokens.ts';
import { meetingVendors, VENDOR_NAMES } from './meeting-vendors.ts';
import { isMeetingStaff, isVendorMeetingType } from './meetings.policy.ts';
import { meetingsRepository } from './meetings.repository.ts';
import { vendorLinksRepository } from './vendor-links.repository.ts';
import { vendorRequestGuard } from './vendor-request-guard.ts';
import { vendorSyncHash } from './vendor-sync-hash.ts';
import { vendorSecrets } from './vendor-secrets.ts';

type TencentActivitiesInput = z.output<typeof TencentActivitiesRequestSchema>;
type CalendarMeetingInput = z.output<typeof CalendarMeetingRequestSchema>;
type LarkCallbackInput = z.output<typeof LarkCallbackQuerySchema>;
type TimePeriods = { timetables: { start: string; end: string }[]; enabled_days: number[] };

/**
 * The meeting vendors' own flows: Tencent Meeting (user binding, meetings created for several courses
 * at once), Lark (OAuth authorisation and meeting reservations), calendar meetings (iCalendar invites,
 * CalDAV) and the weekly booking periods. Each call starts with its access check.
 */
export function meetingVendorsService(ctx: AppContext) {
  // Each organisation's own vendor settings, else the environment's (meeting-vendors.ts).
  const vendors = meetingVendors(ctx);
  const repo = meetingsRepository(ctx.db);
  const secrets = vendorSecrets(ctx.config.sessionSecret);
  const courses = courseAccess(ctx.db);
  const activities = activityAccess(ctx.db);
  const activityRows = activitiesRepository(ctx.db);
  const activityCalls = activitiesService(ctx);
  const links = vendorLinksRepository(ctx.db);
  const guard = vendorRequestGuard(ctx.db);

  /**
   * Records the meeting Lectern made at a vendor for an activity, with the hash of the fields it was
   * made from, so later edits, deletions and restores reach the vendor (vendor-sync.job.ts).
   */
  async function recordLink(
    activityId: number,
    link: {
      vendor: 'tencent' | 'lark' | 'calendar';
      meetingId: string;
      ownerId: number;
      hostUserid?: string;
    },
  ): Promise<void> {
    const row = await activityRows.findById(activityId);
    if (!row) return;
    await links.saveActive({
      activityId,
      vendor: link.vendor,
      meetingId: link.meetingId,
      ownerId: link.ownerId,
      vendorHostUserid: link.hostUserid ?? null,
      syncedHash: vendorSyncHash(link.vendor, row),
    });
  }

  const notConfigured = (vendor: keyof typeof VENDOR_NAMES) =>
    conflict({ key: 'meetings.vendorNotConfigured', params: { vendor: VENDOR_NAMES[vendor] } });

  function checkTimes(start: Date, end: Date, fields: FieldMessages): void {
    if (end.getTime() <= start.getTime()) fields.end_time = ['meetings.endBeforeStart'];
  }

  async function tencentUserid(userId: number): Promise<string | null> {
    return (await repo.findAccount(userId, 'tencent'))?.vendorUserId ?? null;
  }

  /** The user's Lark access token, refreshed when it is about to expire; null when they must authorise. */
  async function larkToken(actor: Actor): Promise<string | null> {
    const lark = (await vendors.forOrg(actor.orgId)).lark;
    if (!lark) return null;
    return larkAccessToken({ lark, repo, secrets }, actor.userId);
  }

  /**
   * Records which vendor made an activity's meeting. Written after the activity call, which refuses these
   * fields from clients (meeting-form.rules.ts), so only this server's vendor paths set them.
   */
  async function markVendor(
    activityId: number,
    fields: { meeting_vendor: 'tencent' | 'lark' | 'calendar'; vendor_host_userid?: string },
  ): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      const row = await activityRows.findById(activityId, tx);
      if (!row) return;
      await activityRows.update(
        activityId,
        { data: { ...(row.data as Record<string, unknown>), ...fields } },
        tx,
      );
    });
  }

  async function loadManagedMeeting(actor: Actor, id: number) {
    const { activity, access } = await activities.loadVisible(actor, id);
    if (!isVendorMeetingType(activity.type)) throw notFound('meetings.notFound');
    assertCan(access, 'activity.manage');
    const parsed = MeetingDataSchema.safeParse(activity.data);
    return { activity, access, data: parsed.success ? parsed.data : ({} as MeetingData) };
  }

  /**
   * The iCalendar invitation of a meeting activity. The teaching team's copy lists every member with an
   * e-mail address as attendee; anyone else's lists only themselves.
   */
  async function inviteFor(actor: Actor, id: number): Promise<string> {
    const { activity, access } = await activities.loadVisible(actor, id);
    if (!isVendorMeetingType(activity.type) || !activity.startTime || !activity.endTime) {
      throw notFound('meetings.notFound');
    }
    return activityInvite(
      repo,
      { ...activity, startTime: activity.startTime, endTime: activity.endTime },
      isMeetingStaff(access) ? null : actor.userId,
    );
  }

  return {
    /**
     * `GET /api/lark/authorization/check` and `GET /api/tencent_meeting/check-user-auth`: whether the
     * server has the vendor's credentials and whether the caller is connected (a Lark authorisation with
     * a usable token; a bound Tencent Meeting userid). Lark's answer carries the consent page to send the
     * browser to, with the caller's location (`state`) to come back to.
     */
    async vendorAuth(
      actor: Actor,
      vendor: 'lark' | 'tencent',
      location?: string,
    ): Promise<VendorAuthResponse> {
      const { tencent, lark } = await vendors.forOrg(actor.orgId);
      if (vendor === 'tencent') {
        if (!tencent) {
          return {
            configured: false,
            authorized: false,
            authorization_url: null,
            message: translate(actor.locale, 'meetings.vendorNotConfigured', {
              vendor: VENDOR_NAMES.tencent,
            }),
          };
        }
        const bound = (await tencentUserid(actor.userId)) !== null;
        return {
          configured: true,
          authorized: bound,
          authorization_url: null,
          message: bound ? null : translate(actor.locale, 'meetings.tencentNotBound'),
        };
      }
      if (!lark) {
        return {
          configured: false,
          authorized: false,
          authorization_url: null,
          message: translate(actor.locale, 'meetings.vendorNotConfigured', { vendor: VENDOR_NAMES.lark }),
        };
      }
      const authorized = (await larkToken(actor)) !== null;
      return {
        configured: true,
        authorized,
        authorization_url: authorized
          ? null
          : lark.authorizationUrl(secrets.signState(actor.userId, location ?? '/')),
        message: authorized ? null : translate(actor.locale, 'meetings.larkNotAuthorized'),
      };
    },

    /**
     * `GET /api/lark/authorization/callback`: Lark sends the browser back with a code. The state must be
     * one this user started; the code becomes tokens kept server-side, encrypted. Answers the path to
     * send the browser on to, marked with the outcome.
     */
    async larkCallback(actor: Actor, query: LarkCallbackInput): Promise<string> {
      const { lark } = await vendors.forOrg(actor.orgId);
      const back = query.state ? secrets.verifyState(query.state, actor.userId) : null;
      const mark = (path: string, outcome: 'ok' | 'denied' | 'failed') =>
        `${path}${path.includes('?') ? '&' : '?'}lark_auth=${outcome}`;
      if (!lark || back === null) return mark('/', 'failed');
      if (query.error || !query.code) return mark(back, 'denied');
      try {
        const tokens = await lark.exchangeCode(query.code);
        const openId = await lark.openId(tokens.accessToken);
        await saveLarkTokens({ repo, secrets }, actor.userId, openId, tokens);
        return mark(back, 'ok');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        ctx.log.warn({ err: error, userId: actor.userId }, 'lark authorisation failed');
        return mark(back, 'failed');
      }
    },

    /** `GET /api/tencent_meeting/user-binding`: the caller's bound Tencent Meeting userid. */
    async tencentBinding(actor: Actor): Promise<TencentBindingResponse> {
      return { userid: await tencentUserid(actor.userId) };
    },

    /**
     * `PUT /api/tencent_meeting/user-binding`: binds the caller to a userid of the organisation's
     * Tencent Meeting account, which Tencent must know (`GET /v1/users/{userid}`).
     */
    async bindTencent(actor: Actor, userid: string): Promise<TencentBindingResponse> {
      const { tencent } = await vendors.forOrg(actor.orgId);
      if (!tencent) throw notConfigured('tencent');
      await tencent.assertUser(userid);
      await repo.saveAccount({
        userId: actor.userId,
        vendor: 'tencent',
        vendorUserId: userid,
        accessTokenEncrypted: null,
        accessTokenExpiresAt: null,
        refreshTokenEncrypted: null,
        refreshTokenExpiresAt: null,
      });
      return { userid };
    },

    async unbindTencent(actor: Actor): Promise<TencentBindingResponse> {
      await repo.deleteAccount(actor.userId, 'tencent');
      return { userid: null };
    },

    /**
     * `POST /api/courses/tencent-meeting/activities`: the caller must manage every listed course and be
     * bound to Tencent Meeting. The meeting is created on Tencent once (recurring when asked), then one
     * `tencent_meeting` activity per course links it. Should no activity be created, the meeting is
     * cancelled again so nothing is left on Tencent.
     */
    async tencentActivities(actor: Actor, input: TencentActivitiesInput): Promise<TencentActivitiesResponse> {
      // A double click or a client's retry gets the first request's meeting and activities.
      return guard.once(actor.userId, 'tencent_activities', input, async () => {
        const courseIds = [...new Set(input.courses)];
        for (const courseId of courseIds) assertCan(await courses.load(actor, courseId), 'activity.manage');
        const { tencent } = await vendors.forOrg(actor.orgId);
        if (!tencent) throw notConfigured('tencent');
        const userid = await tencentUserid(actor.userId);
        if (!userid) throw conflict('meetings.tencentNotBound');

        const fields: FieldMessages = {};
        const start = new Date(input.start_time);
        const end = new Date(input.end_time);
        checkTimes(start, end, fields);
        const recurring = input.tencent_meeting_type === 'recurring_meeting';
        if (recurring && !input.recurring_rule) fields.recurring_rule = ['meetings.recurringRuleRequired'];
        const firstModules = await repo.firstModules(courseIds);
        const moduleOf = new Map<number, number>();
        for (const courseId of courseIds) {
          const named = input.modules?.find((m) => m.course_id === courseId)?.module_id;
          const moduleId = named ?? firstModules.get(courseId);
          if (moduleId === undefined) fields.courses = ['meetings.noModule'];
          else moduleOf.set(courseId, moduleId);
        }
        if (Object.keys(fields).length > 0) throw invalid(fields);

        const meeting = await tencent.createMeeting({
          userid,
          subject: input.title,
          start,
          end,
          recurrence: recurring ? (input.recurring_rule ?? null) : null,
          cloudRecord: input.playback !== false,
        });
        const created: { id: number; course_id: number }[] = [];
        try {
          for (const courseId of courseIds) {
            const activity = await activityCalls.create(
              actor,
              courseId,
              CreateActivityRequestSchema.parse({
                type: 'tencent_meeting',
                title: input.title,
                module_id: moduleOf.get(courseId),
                start_time: input.start_time,
                end_time: input.end_time,
                published: input.published ?? false,
                data: {
                  meeting_id: meeting.meetingId,
                  ...(meeting.meetingCode ? { meeting_code: meeting.meetingCode } : {}),
                  ...(meeting.joinUrl ? { join_url: meeting.joinUrl } : {}),
                  tencent_meeting_type: input.tencent_meeting_type,
                  ...(recurring && input.recurring_rule ? { recurring_rule: input.recurring_rule } : {}),
                  playback: input.playback !== false,
                  ...(input.description ? { description: input.description } : {}),
                },
              }),
            );
            await markVendor(activity.id, { meeting_vendor: 'tencent', vendor_host_userid: userid });
            await recordLink(activity.id, {
              vendor: 'tencent',
              meetingId: meeting.meetingId,
              ownerId: actor.userId,
              hostUserid: userid,
            });
            created.push({ id: activity.id, course_id: courseId });
          }
        } catch (error) {
          if (created.length === 0) {
            await tencent.cancelMeeting(meeting.meetingId, userid).catch((cancelError: unknown) => {
              ctx.log.warn(
                { err: cancelError, meetingId: meeting.meetingId },
                'tencent meeting not cancelled',
              );
            });
          }
          throw error;
        }
        return {
          meeting: {
            meeting_id: meeting.meetingId,
            meeting_code: meeting.meetingCode,
            join_url: meeting.joinUrl,
          },
          activities: created,
        };
      });
    },

    /**
     * `POST /api/activities/{id}/meeting/vendor`: makes the meeting of an existing activity on its vendor
     * with the caller's account: a Lark reservation for `lark_meeting`, a Tencent meeting for
     * `tencent_meeting`. Refused when the activity already has a meeting.
     */
    async createVendorMeeting(actor: Actor, id: number): Promise<VendorMeeting> {
      const { activity, data } = await loadManagedMeeting(actor, id);
      if (data.meeting_vendor || data.join_url || data.meeting_id)
        throw conflict('meetings.vendorMeetingExists');
      const fields: FieldMessages = {};
      if (!activity.startTime) fields.start_time = ['meetings.startRequired'];
      if (!activity.endTime) fields.end_time = ['meetings.endRequired'];
      if (Object.keys(fields).length > 0 || !activity.startTime || !activity.endTime) throw invalid(fields);

      let meeting: VendorMeeting;
      let extra: Record<string, unknown>;
      if (activity.type === 'lark_meeting') {
        const { lark } = await vendors.forOrg(actor.orgId);
        if (!lark) throw notConfigured('lark');
        const token = await larkToken(actor);
        if (!token) throw conflict('meetings.larkNotAuthorized');
        await guard.claim(activity.id, 'lark', actor.userId);
        const reserve = await lark
          .reserve(token, { topic: activity.title, end: activity.endTime })
          .catch(async (error: unknown) => {
            await guard.release(activity.id);
            throw error;
          });
        meeting = { meeting_id: reserve.reserveId, meeting_code: reserve.meetingNo, join_url: reserve.url };
        extra = { meeting_vendor: 'lark' };
      } else if (activity.type === 'tencent_meeting') {
        const { tencent } = await vendors.forOrg(actor.orgId);
        if (!tencent) throw notConfigured('tencent');
        const userid = await tencentUserid(actor.userId);
        if (!userid) throw conflict('meetings.tencentNotBound');
        // Two requests for the same activity (a double click, a retry) reserve one meeting: the other is
        // refused while this one holds the claim, and once the meeting is recorded.
        await guard.claim(activity.id, 'tencent', actor.userId);
        const created = await tencent
          .createMeeting({
            userid,
            subject: activity.title,
            start: activity.startTime,
            end: activity.endTime,
            recurrence: null,
            cloudRecord: data.playback !== false && data.playback !== 0,
          })
          .catch(async (error: unknown) => {
            await guard.release(activity.id);
            throw error;
          });
        meeting = {
          meeting_id: created.meetingId,
          meeting_code: created.meetingCode,
          join_url: created.joinUrl,
        };
        extra = { meeting_vendor: 'tencent', vendor_host_userid: userid };
      } else {
        throw conflict('meetings.wrongType');
      }
      await activityRows.update(activity.id, {
        data: {
          ...(activity.data as Record<string, unknown>),
          ...extra,
          meeting_id: meeting.meeting_id,
          ...(meeting.meeting_code ? { meeting_code: meeting.meeting_code } : {}),
          ...(meeting.join_url ? { join_url: meeting.join_url } : {}),
        },
      });
      await recordLink(activity.id, {
        vendor: extra.meeting_vendor === 'lark' ? 'lark' : 'tencent',
        meetingId: meeting.meeting_id,
        ownerId: actor.userId,
        ...(typeof extra.vendor_host_userid === 'string' ? { hostUserid: extra.vendor_host_userid } : {}),
      });
      return meeting;
    },

    /**
     * `POST /api/calendar-meeting`: a meeting booked into people's calendars. The activity is created like
     * any (same checks), then its iCalendar invite is built for the course's members with an e-mail
     * address and, with a CalDAV server configured, PUT into its collection.
     */
    async calendarMeeting(actor: Actor, input: CalendarMeetingInput): Promise<CalendarMeetingResponse> {
      // A double click or a client's retry gets the first request's activity and event.
      return guard.once(actor.userId, 'calendar_meeting', input, async () => {
        assertCan(await courses.load(actor, input.course_id), 'activity.manage');
        const fields: FieldMessages = {};
        if (!isVendorMeetingType(input.type)) fields.type = ['meetings.unknownMeetingType'];
        checkTimes(new Date(input.start_time), new Date(input.end_time), fields);
        if (Object.keys(fields).length > 0) throw invalid(fields);

        const activity = await activityCalls.create(
          actor,
          input.course_id,
          CreateActivityRequestSchema.parse({
            type: input.type,
            title: input.title,
            module_id: input.module_id,
            syllabus_id: input.syllabus_id ?? null,
            start_time: input.start_time,
            end_time: input.end_time,
            published: input.published ?? true,
            data: {
              ...(input.join_url ? { join_url: input.join_url } : {}),
              ...(input.description ? { description: input.description } : {}),
              ...(input.location ? { room_location: { room_name: input.location } } : {}),
            },
          }),
        );
        await markVendor(activity.id, { meeting_vendor: 'calendar' });
        const attendees = await repo.membersWithEmail(input.course_id);
        let caldav: CalendarMeetingResponse['caldav'] = 'not_configured';
        const { caldav: davClient } = await vendors.forOrg(actor.orgId);
        if (davClient) {
          await davClient.put(calendarUidOf(activity.id), await inviteFor(actor, activity.id));
          await recordLink(activity.id, {
            vendor: 'calendar',
            meetingId: calendarUidOf(activity.id),
            ownerId: actor.userId,
          });
          caldav = 'stored';
        }
        return {
          activity_id: activity.id,
          ics_url: `/api/activities/${activity.id}/meeting/invite.ics`,
          caldav,
          attendee_count: attendees.length,
        };
      });
    },

    /**
     * `GET /api/activities/{id}/meeting/invite.ics`: the meeting's invitation, for anyone who may see the
     * activity.
     */
    calendarInvite: inviteFor,

    /**
     * `GET /api/meeting/week/time-periods`: the weekly booking periods of a meeting type as the server is
     * configured (MEETING_TIME_PERIODS); a type without one may be booked on any day, at any time.
     */
    timePeriods(meetingType: string): TimePeriods {
      if (!(MEETING_TYPES as readonly string[]).includes(meetingType)) {
        throw invalid({ meeting_type: ['meetings.unknownMeetingType'] });
      }
      const configured = timePeriodsConfig(ctx.config.meetingVendors.timePeriods, ctx.log);
      const entry = configured?.[meetingType];
      if (!entry) return { timetables: [], enabled_days: [0, 1, 2, 3, 4, 5, 6] };
      return {
        timetables: [...entry.timetables].sort((a, b) => a.start.localeCompare(b.start)),
        enabled_days: [...new Set(entry.enabled_days)].sort((a, b) => a - b),
      };
    },
  };
}

const timePeriodCache = new Map<string, z.output<typeof MeetingTimePeriodsConfigSchema> | null>();

/** MEETING_TIME_PERIODS parsed against its contract once; a malformed value is logged and ignored. */
function timePeriodsConfig(
  raw: string | undefined,
  log: AppContext['log'],
): z.output<typeof MeetingTimePeriodsConfigSchema> | null {
  if (!raw) return null;
  const cached = timePeriodCache.get(raw);
  if (cached !== undefined) return cached;
  let parsed: z.output<typeof MeetingTimePeriodsConfigSchema> | null = null;
  try {
    const result = MeetingTimePeriodsConfigSchema.safeParse(JSON.parse(raw));
    if (result.success) parsed = result.data;
    else log.warn({ issues: result.error.issues }, 'MEETING_TIME_PERIODS ignored: not valid');
  } catch {
    log.warn('MEETING_TIME_PERIODS ignored: not JSON');
  }
  timePeriodCache.set(raw, parsed);
  return parsed;
}
