import { createHash, createHmac } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../platform/errors.ts';
import type { MeetingAdapter, MeetingRef, Replay, VendorAttendee } from './meeting-adapter.ts';

export type BigBlueButtonOptions = Readonly<{
  /** The API base, e.g. https://bbb.example.edu/bigbluebutton/ (with or without `api/`). */
  url: string;
  secret: string;
  checksum: 'sha1' | 'sha256';
  timeoutMs?: number;
  fetch?: typeof fetch;
}>;

type BbbResponse = Record<string, unknown> & { returncode?: string; messageKey?: string; message?: string };

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'attendee' || name === 'recording' || name === 'format',
});

/** BigBlueButton's API base always ends in `/api/`; administrators paste it either way. */
export function bbbApiBase(url: string): string {
  const base = url.endsWith('/') ? url : `${url}/`;
  return base.endsWith('/api/') ? base : `${base}api/`;
}

/** The checksum BigBlueButton expects: hash(call name + query string + shared secret), hex. */
export function bbbChecksum(
  call: string,
  query: string,
  secret: string,
  algorithm: 'sha1' | 'sha256',
): string {
  return createHash(algorithm).update(`${call}${query}${secret}`).digest('hex');
}

/**
 * The BigBlueButton adapter: its checksum-signed HTTP API (create, join, getMeetingInfo, getRecordings),
 * XML answers. Meeting ids are derived from the activity, so `create` is idempotent and no vendor id
 * needs storing; passwords are derived from the secret so they are never stored either.
 */
export function bigBlueButtonAdapter(options: BigBlueButtonOptions): MeetingAdapter {
  const base = bbbApiBase(options.url);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  const meetingIdOf = (m: MeetingRef) => `lectern-${m.activityId}`;
  const password = (m: MeetingRef, role: 'moderator' | 'attendee') =>
    createHmac('sha256', options.secret)
      .update(`${role}:${meetingIdOf(m)}`)
      .digest('hex')
      .slice(0, 24);

  function signedUrl(call: string, params: Record<string, string>): string {
    const query = new URLSearchParams(params).toString();
    const checksum = bbbChecksum(call, query, options.secret, options.checksum);
    return `${base}${call}?${query}${query ? '&' : ''}checksum=${checksum}`;
  }

  async function call(name: string, params: Record<string, string>): Promise<BbbResponse> {
    let text: string;
    try {
      const response = await doFetch(signedUrl(name, params), { signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
      if (!response.ok && !text.includes('<response>')) throw new Error(`HTTP ${response.status}`);
    } catch {
      throw new AppError('service_unavailable', 'meetings.vendorUnreachable');
    }
    const parsed = parser.parse(text) as { response?: BbbResponse };
    const body = parsed.response;
    if (!body || typeof body !== 'object')
      throw new AppError('service_unavailable', 'meetings.vendorUnreachable');
    return body;
  }

  function refused(body: BbbResponse): AppError {
    const reason = String(body.message ?? body.messageKey ?? 'FAILED');
    return new AppError('service_unavailable', { key: 'meetings.vendorRefused', params: { reason } });
  }

  async function create(m: MeetingRef): Promise<string> {
    const params: Record<string, string> = {
      name: m.title.slice(0, 256) || meetingIdOf(m),
      meetingID: meetingIdOf(m),
      attendeePW: password(m, 'attendee'),
      moderatorPW: password(m, 'moderator'),
      record: m.data.is_record === false ? 'false' : 'true',
      autoStartRecording: 'false',
      allowStartStopRecording: 'true',
    };
    if (m.endTime && m.startTime) {
      const minutes = Math.ceil((m.endTime.getTime() - m.startTime.getTime()) / 60_000);
      if (minutes > 0) params.duration = String(minutes);
    }
    const body = await call('create', params);
    if (body.returncode !== 'SUCCESS') throw refused(body);
    return meetingIdOf(m);
  }

  return {
    name: 'bigbluebutton',
    async ensure(meeting) {
      return { meetingId: await create(meeting) };
    },
    async joinUrl(meeting, user) {
      // A meeting ends when its last person leaves; joining again needs it created again.
      await create(meeting);
      const moderator = user.role === 'host';
      return signedUrl('join', {
        fullName: user.name,
        meetingID: meetingIdOf(meeting),
        password: password(meeting, moderator ? 'moderator' : 'attendee'),
        role: moderator ? 'MODERATOR' : 'VIEWER',
        userID: String(user.id),
        redirect: 'true',
      });
    },
    async attendees(meeting) {
      const body = await call('getMeetingInfo', { meetingID: meetingIdOf(meeting) });
      if (body.returncode !== 'SUCCESS') {
        if (body.messageKey === 'notFound') return [];
        throw refused(body);
      }
      const list = (body.attendees as { attendee?: Record<string, unknown>[] } | '' | undefined) || {};
      return (list.attendee ?? []).map((a): VendorAttendee => ({
        userId: String(a.userID ?? ''),
        name: String(a.fullName ?? ''),
        role: a.role === 'MODERATOR' ? 'host' : 'guest',
      }));
    },
    async replays(meeting) {
      const body = await call('getRecordings', { meetingID: meetingIdOf(meeting) });
      if (body.returncode !== 'SUCCESS') throw refused(body);
      const list = (body.recordings as { recording?: Record<string, unknown>[] } | '' | undefined) || {};
      const replays: Replay[] = [];
      for (const recording of list.recording ?? []) {
        if (String(recording.published) !== 'true') continue;
        const formats =
          (recording.playback as { format?: Record<string, unknown>[] } | undefined)?.format ?? [];
        const time = (v: unknown) => (v ? new Date(Number(v)) : null);
        for (const format of formats) {
          if (typeof format.url === 'string' && /^https?:\/\//.test(format.url)) {
            const type = String(format.type ?? '');
            replays.push({
              url: format.url,
              startTime: time(recording.startTime),
              endTime: time(recording.endTime),
              // BigBlueButton's `video` format is one media file; `presentation` and the others are
              // playback pages of its own player.
              ...(type === 'video' && recording.recordID
                ? { media: { recordId: String(recording.recordID), format: type } }
                : {}),
            });
          }
        }
      }
      return replays;
    },
  };
}
