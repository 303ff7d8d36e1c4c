import type { Config } from '../../config.ts';
import { bigBlueButtonAdapter } from './bigbluebutton.adapter.ts';
import { calDavClient, calendarMeetingAdapter } from './calendar-meeting.adapter.ts';
import { genericMeetingAdapter } from './generic-meeting.adapter.ts';
import { larkClient, larkMeetingAdapter } from './lark-meeting.adapter.ts';
import type { MeetingAdapter } from './meeting-adapter.ts';
import type { MeetingData } from '@lectern/contracts/meetings/meeting-data';
import { tencentMeetingAdapter, tencentMeetingClient } from './tencent-meeting.adapter.ts';

/** The vendors' names as the messages show them. */
export const VENDOR_NAMES = {
  lark: 'Lark',
  tencent: 'Tencent Meeting',
  calendar: 'Calendar meetings',
} as const;

/**
 * The meeting vendors this server is configured for (environment, see docs/deploy.md), built once per
 * service: the clients the vendor calls use and the adapter each meeting is served by.
 */
export function meetingVendors(config: Config) {
  const vendors = config.meetingVendors;
  const generic = genericMeetingAdapter();
  const bbbConfig = config.bigBlueButton;
  const bbb = bbbConfig ? bigBlueButtonAdapter(bbbConfig) : undefined;
  const tencent = vendors.tencent ? tencentMeetingClient(vendors.tencent) : undefined;
  const lark = vendors.lark ? larkClient(vendors.lark) : undefined;
  const caldav = vendors.caldav ? calDavClient(vendors.caldav) : undefined;
  const adapters = {
    tencent: tencent ? tencentMeetingAdapter(tencent) : undefined,
    lark: larkMeetingAdapter(),
    calendar: calendarMeetingAdapter(),
  };

  return {
    generic,
    bbb,
    tencent,
    lark,
    caldav,
    /**
     * The adapter of a meeting: one Lectern made on a vendor stays with that vendor; a pasted link is
     * linked as it is; otherwise the configured BigBlueButton for its type; else the generic adapter.
     */
    adapterFor(type: string, data: MeetingData): MeetingAdapter {
      if (data.meeting_vendor === 'tencent' && adapters.tencent) return adapters.tencent;
      if (data.meeting_vendor === 'lark') return adapters.lark;
      if (data.meeting_vendor === 'calendar') return adapters.calendar;
      if (data.join_url || data.host_join_url || data.guest_join_url) return generic;
      if (bbb && (!bbbConfig?.types || bbbConfig.types.includes(type))) return bbb;
      return generic;
    },
  };
}

export type MeetingVendors = ReturnType<typeof meetingVendors>;
