import type { MeetingData } from '@lectern/contracts/meetings/meeting-data';
import type { MeetingAdapterName } from '@lectern/contracts/meetings/meetings.schemas';

/** The meeting an activity stands for, as every adapter sees it. */
export type MeetingRef = Readonly<{
  activityId: number;
  type: string;
  title: string;
  data: MeetingData;
  startTime: Date | null;
  endTime: Date | null;
}>;

export type JoiningUser = Readonly<{ id: number; name: string; role: 'host' | 'guest' }>;

export type VendorAttendee = Readonly<{ userId: string; name: string; role: 'host' | 'guest' }>;

export type Replay = Readonly<{
  url: string;
  startTime: Date | null;
  endTime: Date | null;
  /**
   * Set when the recording's media can be copied: BigBlueButton's `video` format, whose `url` is the
   * media file itself, or a Tencent cloud-recording file (format `tencent_file`), whose `url` is its
   * sharing page and whose media is fetched by the file id. Such replays are copied into the activity's
   * resources; the link stays the replay meanwhile, and for good should the copy fail.
   */
  media?: Readonly<{ recordId: string; format: string }>;
}>;

/**
 * One meeting vendor. Creating or linking the meeting, each person's join link, who is in it and where
 * its replays are: the only things Lectern needs from a vendor, so a new vendor is one new adapter.
 */
export interface MeetingAdapter {
  readonly name: MeetingAdapterName;
  /** Creates the meeting on the vendor (idempotently) or links the one the instructor pasted. */
  ensure(meeting: MeetingRef): Promise<{ meetingId: string | null }>;
  /** The caller's own join link; null when there is none to give. */
  joinUrl(meeting: MeetingRef, user: JoiningUser): Promise<string | null>;
  /** The people in the meeting now, as the vendor reports them. */
  attendees(meeting: MeetingRef): Promise<VendorAttendee[]>;
  replays(meeting: MeetingRef): Promise<Replay[]>;
}
