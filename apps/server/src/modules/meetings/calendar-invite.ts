import { MeetingDataSchema, type MeetingData } from '@lectern/contracts/meetings/meeting-data';
import { buildInvite, calendarUidOf } from './calendar-meeting.adapter.ts';
import type { meetingsRepository } from './meetings.repository.ts';

type MeetingsRepository = ReturnType<typeof meetingsRepository>;

/** The activity fields an invitation is made of. */
export type InvitedActivity = Readonly<{
  id: number;
  courseId: number;
  title: string;
  data: unknown;
  startTime: Date;
  endTime: Date;
  createdBy: number;
  updatedAt: Date;
}>;

export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A meeting activity's iCalendar invitation. `onlyUserId` narrows the attendees to one person (anyone's
 * own copy); without it every member with an e-mail address is invited (the teaching team's copy, and
 * the event stored in CalDAV).
 */
export async function activityInvite(
  repo: MeetingsRepository,
  activity: InvitedActivity,
  onlyUserId: number | null,
  now = new Date(),
): Promise<string> {
  const parsed = MeetingDataSchema.safeParse(activity.data);
  const data = parsed.success ? parsed.data : ({} as MeetingData);
  const organizer = await repo.findUserEmail(activity.createdBy);
  const members = await repo.membersWithEmail(activity.courseId);
  const attendees = onlyUserId === null ? members : members.filter((m) => m.id === onlyUserId);
  const room = data.room_location?.room_name ?? null;
  return buildInvite(
    {
      uid: calendarUidOf(activity.id),
      // Seconds since the last change: calendars replace an invite only by a higher sequence.
      sequence: Math.floor(activity.updatedAt.getTime() / 1000),
      start: activity.startTime,
      end: activity.endTime,
      summary: activity.title,
      description: data.description ? stripTags(data.description) : '',
      location: room ?? data.join_url ?? null,
      url: data.join_url ?? null,
      organizer: { name: organizer?.name ?? '', email: organizer?.email ?? null },
      attendees: attendees.map((m) => ({ name: m.name, email: m.email })),
    },
    now,
  );
}
