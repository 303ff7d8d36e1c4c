import { createHash } from 'node:crypto';
import { MeetingDataSchema } from '@lectern/contracts/meetings/meeting-data';
import { stripTags } from './calendar-invite.ts';
import type { VendorName } from './vendor-links.repository.ts';

export type SyncFields = Readonly<{
  title: string;
  startTime: Date | null;
  endTime: Date | null;
  data: unknown;
}>;

/**
 * The hash of what a vendor keeps of an activity (Tencent: subject and times; Lark: topic and end; a
 * calendar event: also its description and place), so a sync asks the vendor only when that changed.
 */
export function vendorSyncHash(vendor: VendorName, activity: SyncFields): string {
  const parsed = MeetingDataSchema.safeParse(activity.data);
  const data = parsed.success ? parsed.data : {};
  const times = {
    start: activity.startTime?.toISOString() ?? null,
    end: activity.endTime?.toISOString() ?? null,
  };
  const fields =
    vendor === 'lark'
      ? { title: activity.title, end: times.end }
      : vendor === 'tencent'
        ? { title: activity.title, ...times }
        : {
            title: activity.title,
            ...times,
            description: data.description ? stripTags(data.description) : '',
            location: data.room_location?.room_name ?? data.join_url ?? null,
            url: data.join_url ?? null,
          };
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32);
}
