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
   * Set when `url` is the recording's media file (BigBlueButton's `video` format) rather than a playback
   * page: the vendor's id of the recording and the format's name. Such replays are copied into the
   * activity's resources; playback pages stay links.
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
