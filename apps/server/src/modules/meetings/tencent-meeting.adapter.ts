import { createHmac, randomInt } from 'node:crypto';
import { AppError, conflict } from '../../platform/errors.ts';
import type { MeetingAdapter, MeetingRef, Replay, VendorAttendee } from './meeting-adapter.ts';

export type TencentMeetingOptions = Readonly<{
  /** https://api.meeting.qq.com, or a local double in tests. */
  apiUrl: string;
  appId: string;
  sdkId: string | undefined;
  secretId: string;
  secretKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}>;

/** Tencent's recurrence: 0 daily, 1 weekdays, 2 weekly, 3 every two weeks, 4 monthly; `until_count` times. */
export type TencentRecurrence = Readonly<{ recurring_type: 0 | 1 | 2 | 3 | 4; until_count: number }>;

export type TencentMeetingInput = Readonly<{
  userid: string;
  subject: string;
  start: Date;
  end: Date;
  recurrence: TencentRecurrence | null;
  cloudRecord: boolean;
}>;

export type TencentMeetingInfo = Readonly<{
  meetingId: string;
  meetingCode: string | null;
  joinUrl: string | null;
}>;

/**
 * The signature Tencent Meeting's REST API checks (enterprise self-built app): the string
 * `METHOD \n X-TC-Key=…&X-TC-Nonce=…&X-TC-Timestamp=… \n URI (path and query) \n body` is signed with
 * HMAC-SHA256 under the SecretKey; the digest's lowercase hex string is then Base64-encoded.
 */
export function tencentSignature(
  secretKey: string,
  request: { method: string; secretId: string; nonce: string; timestamp: string; uri: string; body: string },
): string {
  const headerString = `X-TC-Key=${request.secretId}&X-TC-Nonce=${request.nonce}&X-TC-Timestamp=${request.timestamp}`;
  const toSign = `${request.method.toUpperCase()}\n${headerString}\n${request.uri}\n${request.body}`;
  const hex = createHmac('sha256', secretKey).update(toSign).digest('hex');
  return Buffer.from(hex, 'utf8').toString('base64');
}

type TencentError = { error_info?: { error_code?: number; new_error_code?: number; message?: string } };
type MeetingInfoList = { meeting_info_list?: Record<string, unknown>[] };

const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

/** Tencent reports user names Base64-encoded (UTF-8); a name that is not is shown as it came. */
function decodeName(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return value;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return decoded.includes('\uFFFD') ? value : decoded;
}

/**
 * A client of Tencent Meeting's REST API, signed per request. Vendor errors (HTTP 4xx/5xx with an
 * `error_info`) become a 502 naming Tencent's message; an unreachable API a 503.
 */
export function tencentMeetingClient(options: TencentMeetingOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  /** `refusal` may name a clearer error for some of Tencent's refusals (by HTTP status and reason). */
  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    uri: string,
    body?: unknown,
    refusal?: (status: number, reason: string) => AppError | undefined,
  ): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = String(randomInt(1, 2 ** 31 - 1));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-tc-key': options.secretId,
      'x-tc-timestamp': timestamp,
      'x-tc-nonce': nonce,
      'x-tc-signature': tencentSignature(options.secretKey, {
        method,
        secretId: options.secretId,
        nonce,
        timestamp,
        uri,
        body: text,
      }),
      appid: options.appId,
      'x-tc-registered': '1',
    };
    if (options.sdkId) headers.sdkid = options.sdkId;
    let response: Response;
    let raw: string;
    try {
      response = await doFetch(`${base}${uri}`, {
        method,
        headers,
        body: body === undefined ? undefined : text,
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = await response.text();
    } catch {
      throw new AppError('service_unavailable', 'meetings.vendorUnreachable');
    }
    let parsed: unknown = {};
    try {
      parsed = raw ? JSON.parse(raw) : {};
    } catch {
      if (response.ok) throw new AppError('bad_gateway', 'meetings.vendorUnreachable');
    }
    const info = (parsed as TencentError).error_info;
    if (!response.ok || info) {
      const message = info?.message ?? `HTTP ${response.status}`;
      const code = info?.new_error_code ?? info?.error_code;
      const reason = code ? `${message} (${code})` : message;
      throw (
        refusal?.(response.status, reason) ??
        new AppError('bad_gateway', {
          key: 'meetings.vendorRejected',
          params: { vendor: 'Tencent Meeting', reason },
        })
      );
    }
    return parsed as T;
  }

  const infoOf = (body: MeetingInfoList): TencentMeetingInfo => {
    const first = body.meeting_info_list?.[0];
    if (!first || (typeof first.meeting_id !== 'string' && typeof first.meeting_id !== 'number')) {
      throw new AppError('bad_gateway', {
        key: 'meetings.vendorRejected',
        params: { vendor: 'Tencent Meeting', reason: 'no meeting_info_list' },
      });
    }
    return {
      meetingId: String(first.meeting_id),
      meetingCode: first.meeting_code === undefined ? null : String(first.meeting_code),
      joinUrl: typeof first.join_url === 'string' ? first.join_url : null,
    };
  };
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  return {
    /** `POST /v1/meetings`: a scheduled meeting (type 0), recurring (meeting_type 1) with a rule. */
    async createMeeting(input: TencentMeetingInput): Promise<TencentMeetingInfo> {
      const body: Record<string, unknown> = {
        userid: input.userid,
        instanceid: 1,
        subject: input.subject,
        type: 0,
        start_time: seconds(input.start),
        end_time: seconds(input.end),
        settings: {
          mute_enable_join: true,
          allow_in_before_host: true,
          auto_record_type: input.cloudRecord ? 'cloud' : 'none',
        },
      };
      if (input.recurrence) {
        body.meeting_type = 1;
        body.recurring_rule = {
          recurring_type: input.recurrence.recurring_type,
          until_type: 1,
          until_count: input.recurrence.until_count,
        };
      }
      return infoOf(await call<MeetingInfoList>('POST', '/v1/meetings', body));
    },

    /** `GET /v1/meetings/{id}`. */
    async getMeeting(meetingId: string, userid: string): Promise<TencentMeetingInfo & { status: string }> {
      const body = await call<MeetingInfoList>(
        'GET',
        `/v1/meetings/${encodeURIComponent(meetingId)}?${q({ userid, instanceid: '1' })}`,
      );
      return { ...infoOf(body), status: String(body.meeting_info_list?.[0]?.status ?? '') };
    },

    /**
     * `PUT /v1/meetings/{id}`: the meeting's subject and times, as the activity now has them. Tencent keeps
     * every setting the body does not name.
     */
    async updateMeeting(
      meetingId: string,
      input: { userid: string; subject: string; start: Date; end: Date },
    ): Promise<void> {
      await call('PUT', `/v1/meetings/${encodeURIComponent(meetingId)}`, {
        userid: input.userid,
        instanceid: 1,
        subject: input.subject,
        start_time: seconds(input.start),
        end_time: seconds(input.end),
      });
    },

    /** `POST /v1/meetings/{id}/cancel`. */
    async cancelMeeting(meetingId: string, userid: string): Promise<void> {
      await call('POST', `/v1/meetings/${encodeURIComponent(meetingId)}/cancel`, {
        userid,
        instanceid: 1,
        reason_code: 1,
      });
    },

    /** `GET /v1/meetings/{id}/participants`, every page. */
    async participants(meetingId: string, userid: string): Promise<VendorAttendee[]> {
      const people: VendorAttendee[] = [];
      let pos = '0';
      for (let page = 0; page < 100; page += 1) {
        const body = await call<{
          participants?: Record<string, unknown>[];
          has_remaining?: boolean;
          next_pos?: number | string;
        }>('GET', `/v1/meetings/${encodeURIComponent(meetingId)}/participants?${q({ userid, pos })}`);
        for (const p of body.participants ?? []) {
          people.push({
            userId: String(p.userid ?? ''),
            name: decodeName(p.user_name),
            role: Number(p.user_role) === 1 ? 'host' : 'guest',
          });
        }
        if (!body.has_remaining) break;
        pos = String(body.next_pos ?? '');
      }
      return people;
    },

    /**
     * `GET /v1/records`: the cloud recordings of a meeting; each file's sharing (playback) page, with the
     * file's id so that its media can be fetched (`GET /v1/addresses/{record_file_id}`) and copied.
     */
    async recordings(meetingId: string, userid: string, from: Date, to: Date): Promise<Replay[]> {
      const body = await call<{ record_meetings?: Record<string, unknown>[] }>(
        'GET',
        `/v1/records?${q({
          userid,
          meeting_id: meetingId,
          start_time: seconds(from),
          end_time: seconds(to),
          page_size: '20',
          page: '1',
        })}`,
      );
      const replays: Replay[] = [];
      for (const meeting of body.record_meetings ?? []) {
        for (const file of (meeting.record_files as Record<string, unknown>[] | undefined) ?? []) {
          if (typeof file.sharing_url !== 'string' || !/^https?:\/\//.test(file.sharing_url)) continue;
          const fileId = typeof file.record_file_id === 'string' ? file.record_file_id : null;
          replays.push({
            url: file.sharing_url,
            startTime: file.record_start_time ? new Date(Number(file.record_start_time)) : null,
            endTime: file.record_end_time ? new Date(Number(file.record_end_time)) : null,
            ...(fileId ? { media: { recordId: fileId, format: 'tencent_file' } } : {}),
          });
        }
      }
      return replays;
    },

    /**
     * `GET /v1/addresses/{record_file_id}`: the recording file's download address, which Tencent makes
     * anew on each call and lets expire within hours (minutes for newer apps), so it is asked for just
     * before the copy; null when Tencent gives none (personal free accounts).
     */
    async recordingDownload(
      recordFileId: string,
      userid: string,
    ): Promise<{ url: string; fileType: string | null } | null> {
      const body = await call<{ download_address?: unknown; download_address_file_type?: unknown }>(
        'GET',
        `/v1/addresses/${encodeURIComponent(recordFileId)}?${q({ userid })}`,
      );
      const url = body.download_address;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return null;
      const fileType = body.download_address_file_type;
      return { url, fileType: typeof fileType === 'string' ? fileType.toLowerCase() : null };
    },

    /** `GET /v1/users/{userid}`: whether the organisation's Tencent Meeting has this user (binding check). */
    async assertUser(userid: string): Promise<void> {
      // Tencent answers an unknown user with a 4xx of its own; a bad signature (401) stays the server's
      // problem (502), not the user's.
      await call('GET', `/v1/users/${encodeURIComponent(userid)}`, undefined, (status, reason) =>
        status === 400 || status === 404
          ? conflict({ key: 'meetings.tencentUserUnknown', params: { reason } })
          : undefined,
      );
    },
  };
}

export type TencentMeetingClient = ReturnType<typeof tencentMeetingClient>;

/**
 * Meetings created on Tencent Meeting through Lectern (`data.meeting_vendor = 'tencent'`): everyone joins
 * by the meeting's own join link; attendance and cloud recordings are asked of Tencent under the host's
 * userid the meeting was made with.
 */
export function tencentMeetingAdapter(client: TencentMeetingClient): MeetingAdapter {
  const hostOf = (m: MeetingRef) => m.data.vendor_host_userid ?? null;
  return {
    name: 'tencent',
    ensure(meeting) {
      return Promise.resolve({ meetingId: meeting.data.meeting_id ?? null });
    },
    joinUrl(meeting) {
      return Promise.resolve(meeting.data.join_url ?? null);
    },
    async attendees(meeting) {
      const host = hostOf(meeting);
      if (!meeting.data.meeting_id || !host) return [];
      return client.participants(meeting.data.meeting_id, host);
    },
    async replays(meeting) {
      const host = hostOf(meeting);
      if (!meeting.data.meeting_id || !host) return [];
      const from = meeting.startTime ?? new Date(Date.now() - 31 * 86_400_000);
      const to = new Date(Math.max(meeting.endTime?.getTime() ?? Date.now(), from.getTime()) + 86_400_000);
      return client.recordings(meeting.data.meeting_id, host, from, to);
    },
  };
}
