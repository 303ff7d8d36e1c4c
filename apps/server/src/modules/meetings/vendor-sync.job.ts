import { z } from 'zod';
import { MeetingDataSchema, TencentMeetingDataSchema } from '@lectern/contracts/meetings/meeting-data';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { PermanentJobError, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { safeErrorMessage } from '../../platform/logging/error-serializer.ts';
import { activityInvite } from './calendar-invite.ts';
import { calendarUidOf } from './calendar-meeting.adapter.ts';
import { larkAccessToken } from './lark-tokens.ts';
import { meetingVendors, type MeetingVendors } from './meeting-vendors.ts';
import { meetingsRepository } from './meetings.repository.ts';
import { vendorLinksRepository, type SyncedActivity, type VendorLinkRow } from './vendor-links.repository.ts';
import { vendorSyncHash } from './vendor-sync-hash.ts';
import { VENDOR_SYNC_JOB } from './vendor-sync.schedule.ts';
import { vendorSecrets } from './vendor-secrets.ts';

const Payload = z.object({ activity_id: z.number().int().positive() });

/** How long a recreation holds its claim: well past the vendors' 10-second timeouts. */
const RECREATE_CLAIM_MS = 2 * 60_000;

/** Not worth retrying: the vendor is not configured for the organisation any more, or a field is missing. */
class NothingToDo extends Error {}

/** A failure as logged and kept: the code and the vendor's own reason, never the request or credentials. */
function describeFailure(error: unknown): string {
  if (error instanceof AppError) {
    const reason = typeof error.detail === 'string' ? '' : String(error.detail.params.reason ?? '');
    return `${error.code}: ${error.message}${reason ? ` (${reason})` : ''}`.slice(0, 2000);
  }
  return safeErrorMessage(error).slice(0, 2000);
}

/**
 * `meetings.vendor_sync`: brings the vendor in line with a meeting activity as it is now. Deleted (itself,
 * its module or its course, in the recycle bin) → the Tencent meeting is cancelled, the Lark reservation
 * deleted, the CalDAV event removed, unless another activity that is not deleted shares the meeting;
 * restored → made again at the vendor (new ids in the activity's `data`); edited → the vendor's copy
 * updated when what it keeps changed. Queued by vendor-sync.schedule.ts in the change's transaction, it
 * retries with backoff while the vendor is unreachable; failures are logged by vendor, activity and the
 * vendor's error (no credentials, no tokens).
 */
export function meetingVendorSyncJobs(ctx: AppContext): RegisteredJobs {
  const links = vendorLinksRepository(ctx.db);
  const meetings = meetingsRepository(ctx.db);
  const vendors = meetingVendors(ctx);
  const secrets = vendorSecrets(ctx.config.sessionSecret);

  /** An activity made through a vendor before links were recorded: its link, from its `data`. */
  async function adopt(activity: SyncedActivity): Promise<VendorLinkRow | undefined> {
    const parsed = MeetingDataSchema.safeParse(activity.data);
    if (!parsed.success || !parsed.data.meeting_vendor) return undefined;
    const data = parsed.data;
    const vendor = data.meeting_vendor;
    if (!vendor) return undefined;
    const meetingId = vendor === 'calendar' ? calendarUidOf(activity.id) : data.meeting_id;
    if (!meetingId) return undefined;
    await links.saveActive({
      activityId: activity.id,
      vendor,
      meetingId,
      ownerId: activity.createdBy,
      vendorHostUserid: data.vendor_host_userid ?? null,
      syncedHash: null,
    });
    return links.find(activity.id);
  }

  async function larkTokenOf(v: MeetingVendors, link: VendorLinkRow): Promise<string> {
    if (!v.lark) throw new NothingToDo('Lark is not configured');
    const token =
      link.ownerId === null
        ? null
        : await larkAccessToken({ lark: v.lark, repo: meetings, secrets }, link.ownerId);
    if (!token) throw new NothingToDo('the Lark reservation’s owner is not authorised any more');
    return token;
  }

  function timesOf(activity: SyncedActivity): { start: Date; end: Date } {
    if (!activity.startTime || !activity.endTime) throw new NothingToDo('the activity has no start or end');
    return { start: activity.startTime, end: activity.endTime };
  }

  async function cancel(v: MeetingVendors, link: VendorLinkRow): Promise<void> {
    const meetingId = link.meetingId ?? '';
    if (link.vendor === 'tencent') {
      if (!v.tencent) throw new NothingToDo('Tencent Meeting is not configured');
      if (!link.vendorHostUserid) throw new NothingToDo('no Tencent host userid');
      await v.tencent.cancelMeeting(meetingId, link.vendorHostUserid);
    } else if (link.vendor === 'calendar') {
      if (!v.caldav) throw new NothingToDo('CalDAV is not configured');
      await v.caldav.remove(meetingId);
    } else {
      await v.lark?.deleteReserve(await larkTokenOf(v, link), meetingId);
    }
  }

  /** Makes the meeting again; the vendor's new ids for the activity's `data` (none for calendars). */
  async function recreate(
    v: MeetingVendors,
    link: VendorLinkRow,
    activity: SyncedActivity,
  ): Promise<{ meetingId: string; data: Record<string, unknown> }> {
    const { start, end } = timesOf(activity);
    const data = MeetingDataSchema.safeParse(activity.data);
    const playback = data.success ? data.data.playback : undefined;
    if (link.vendor === 'tencent') {
      if (!v.tencent) throw new NothingToDo('Tencent Meeting is not configured');
      if (!link.vendorHostUserid) throw new NothingToDo('no Tencent host userid');
      // A recurring meeting comes back as the series it was, from its first occurrence's times.
      const tencentData = TencentMeetingDataSchema.safeParse(activity.data);
      const rule =
        tencentData.success && tencentData.data.tencent_meeting_type === 'recurring_meeting'
          ? (tencentData.data.recurring_rule ?? null)
          : null;
      const made = await v.tencent.createMeeting({
        userid: link.vendorHostUserid,
        subject: activity.title,
        start,
        end,
        recurrence: rule,
        cloudRecord: playback !== false && playback !== 0,
      });
      return {
        meetingId: made.meetingId,
        data: {
          meeting_id: made.meetingId,
          meeting_code: made.meetingCode ?? undefined,
          join_url: made.joinUrl ?? undefined,
        },
      };
    }
    if (link.vendor === 'calendar') {
      if (!v.caldav) throw new NothingToDo('CalDAV is not configured');
      const uid = calendarUidOf(activity.id);
      await v.caldav.put(
        uid,
        await activityInvite(meetings, { ...activity, startTime: start, endTime: end }, null),
      );
      return { meetingId: uid, data: {} };
    }
    if (!v.lark) throw new NothingToDo('Lark is not configured');
    const reserve = await v.lark.reserve(await larkTokenOf(v, link), { topic: activity.title, end });
    return {
      meetingId: reserve.reserveId,
      data: {
        meeting_id: reserve.reserveId,
        meeting_code: reserve.meetingNo ?? undefined,
        join_url: reserve.url ?? undefined,
      },
    };
  }

  async function update(v: MeetingVendors, link: VendorLinkRow, activity: SyncedActivity): Promise<void> {
    const meetingId = link.meetingId ?? '';
    const { start, end } = timesOf(activity);
    if (link.vendor === 'tencent') {
      if (!v.tencent) throw new NothingToDo('Tencent Meeting is not configured');
      if (!link.vendorHostUserid) throw new NothingToDo('no Tencent host userid');
      await v.tencent.updateMeeting(meetingId, {
        userid: link.vendorHostUserid,
        subject: activity.title,
        start,
        end,
      });
    } else if (link.vendor === 'calendar') {
      if (!v.caldav) throw new NothingToDo('CalDAV is not configured');
      await v.caldav.put(
        meetingId,
        await activityInvite(meetings, { ...activity, startTime: start, endTime: end }, null),
      );
    } else {
      if (!v.lark) throw new NothingToDo('Lark is not configured');
      await v.lark.updateReserve(await larkTokenOf(v, link), meetingId, { topic: activity.title, end });
    }
  }

  async function sync(activityId: number): Promise<void> {
    const activity = await links.activity(activityId);
    if (!activity) return;
    const found = (await links.find(activityId)) ?? (await adopt(activity));
    if (!found?.meetingId) return;
    const link = found;
    // A claim of another run (or of the request creating the meeting) that is still alive: it finishes.
    const staleClaim = link.state === 'creating' && (link.claimedUntil?.getTime() ?? 0) < Date.now();
    if (link.state === 'creating' && !staleClaim) return;
    const v = await vendors.forOrg(activity.orgId);
    // Tencent and Lark refuse to change a meeting that is over, and there is nothing left to cancel or
    // make again; a calendar keeps past events, so they still follow.
    const over =
      link.vendor !== 'calendar' && activity.endTime !== null && activity.endTime.getTime() <= Date.now();

    if (activity.hidden) {
      if (link.state === 'cancelled') return;
      // Claimed by flipping the state, so two runs never both cancel; put back should the vendor fail.
      if (!(await links.transition(activityId, link.state, 'cancelled', { onlyExpiredClaim: staleClaim }))) {
        return;
      }
      // A recreation that died had cancelled the old meeting already; another course may still hold it.
      if (staleClaim || over || (await links.sharedWithVisible(link))) return;
      try {
        await cancel(v, link);
      } catch (error) {
        await links.transition(activityId, 'cancelled', 'active');
        throw error;
      }
      await links.update(activityId, { syncedHash: null, lastError: null });
      ctx.log.info({ activityId, vendor: link.vendor }, 'vendor meeting cancelled');
      return;
    }

    if (link.state === 'cancelled' || staleClaim) {
      if (over) return;
      const claim = { claimMs: RECREATE_CLAIM_MS, onlyExpiredClaim: staleClaim };
      if (!(await links.transition(activityId, link.state, 'creating', claim))) return;
      // Another course's activity still holds the same meeting: this one simply links it again.
      if (await links.sharedWithVisible(link)) {
        await links.transition(activityId, 'creating', 'active');
      } else {
        let made: Awaited<ReturnType<typeof recreate>>;
        try {
          made = await recreate(v, link, activity);
        } catch (error) {
          await links.transition(activityId, 'creating', 'cancelled');
          throw error;
        }
        await ctx.db.transaction(async (tx) => {
          if (Object.keys(made.data).length > 0) await links.mergeActivityData(activityId, made.data, tx);
          await links.update(
            activityId,
            {
              meetingId: made.meetingId,
              state: 'active',
              syncedHash: vendorSyncHash(link.vendor, activity),
              lastError: null,
            },
            tx,
          );
        });
        ctx.log.info({ activityId, vendor: link.vendor }, 'vendor meeting made again on restore');
        return;
      }
    }

    const hash = vendorSyncHash(link.vendor, activity);
    if (hash === link.syncedHash || over) return;
    await update(v, link, activity);
    await links.update(activityId, { syncedHash: hash, lastError: null });
  }

  return {
    handlers: {
      [VENDOR_SYNC_JOB]: async (payload) => {
        const parsed = Payload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
        const activityId = parsed.data.activity_id;
        try {
          await sync(activityId);
        } catch (error) {
          const reason = describeFailure(error);
          await links.update(activityId, { lastError: reason });
          if (error instanceof NothingToDo) {
            ctx.log.warn({ activityId, reason }, 'vendor meeting not synced');
            return;
          }
          ctx.log.warn({ activityId, reason }, 'vendor meeting sync failed; retried later');
          throw error;
        }
      },
    },
    close: () => Promise.resolve(),
  };
}
