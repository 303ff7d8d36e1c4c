import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeMeeting = {
  meeting_id: string;
  meeting_code: string;
  subject: string;
  hosts: string[];
  start_time: string;
  end_time: string;
  join_url: string;
  meeting_type: number;
  recurring_rule: unknown;
  status: string;
};

export type TencentCall = {
  method: string;
  uri: string;
  body: Record<string, unknown> | null;
  headers: IncomingMessage['headers'];
  signatureOk: boolean;
};

export type TencentMeetingFake = {
  url: string;
  appId: string;
  sdkId: string;
  secretId: string;
  secretKey: string;
  calls: TencentCall[];
  meetings: Map<string, FakeMeeting>;
  /** Users of the enterprise account: only they may host, and `GET /v1/users/{userid}` knows them. */
  users: Set<string>;
  addParticipant(meetingId: string, p: { userid: string; name: string; host?: boolean }): void;
  /**
   * A cloud recording file of the meeting: its sharing page, and optionally its media, which
   * `GET /v1/addresses/{record_file_id}` then hands out as a download address served by this double.
   */
  addRecording(meetingId: string, sharingUrl: string, media?: { body: Buffer; contentType: string }): void;
  /** How many times each recording file's media was downloaded, by record_file_id. */
  downloads: Map<string, number>;
  /** Answers requests to paths starting with `prefix` only after `ms`, as a slow Tencent would (0: at once). */
  delay(prefix: string, ms: number): void;
  /** The next request whose path starts with `prefix` fails as Tencent fails: HTTP status + error_info. */
  failNext(prefix: string, status: number, errorCode: number, message: string): void;
  close(): Promise<void>;
};

/**
 * Tencent Meeting's REST API on a random local port. Every request is authenticated as Tencent describes
 * for enterprise self-built apps: X-TC-Key must be the SecretId, X-TC-Timestamp within 5 minutes,
 * X-TC-Nonce a positive integer, AppId (and SdkId) the app's, and X-TC-Signature the Base64 of the hex
 * HMAC-SHA256 (SecretKey) of `METHOD\nX-TC-Key=…&X-TC-Nonce=…&X-TC-Timestamp=…\nURI\nbody`. Errors are
 * HTTP 4xx with `{"error_info": {"error_code", "new_error_code", "message"}}`.
 */
export async function startTencentMeetingServer(): Promise<TencentMeetingFake> {
  const appId = '200000001';
  const sdkId = '18000000001';
  const secretId = 'AKIDtencentfakesecretid';
  const secretKey = 'tencent-fake-secret-key';
  const calls: TencentCall[] = [];
  const meetings = new Map<string, FakeMeeting>();
  const users = new Set<string>();
  const participants = new Map<string, { userid: string; user_name: string; user_role: number }[]>();
  const recordings = new Map<string, { fileId: string; sharingUrl: string }[]>();
  const media = new Map<string, { body: Buffer; contentType: string }>();
  const downloads = new Map<string, number>();
  let base = '';
  let nextFile = 1;
  const failures: { prefix: string; status: number; code: number; message: string }[] = [];
  const delays: { prefix: string; ms: number }[] = [];
  let next = 1;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const uri = req.url ?? '/';
      const method = req.method ?? 'GET';
      const h = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
      };
      const toSign = `${method}\nX-TC-Key=${h('x-tc-key')}&X-TC-Nonce=${h('x-tc-nonce')}&X-TC-Timestamp=${h('x-tc-timestamp')}\n${uri}\n${raw}`;
      const expected = Buffer.from(createHmac('sha256', secretKey).update(toSign).digest('hex')).toString(
        'base64',
      );
      const fresh = Math.abs(Date.now() / 1000 - Number(h('x-tc-timestamp'))) <= 300;
      const signatureOk =
        h('x-tc-signature') === expected &&
        h('x-tc-key') === secretId &&
        /^[1-9]\d*$/.test(h('x-tc-nonce')) &&
        fresh &&
        h('appid') === appId &&
        h('sdkid') === sdkId &&
        h('content-type').startsWith('application/json');
      let body: Record<string, unknown> | null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      // A download address points at Tencent's object storage, which a signed URL opens: no API headers.
      const download = /^\/cos\/([^/?]+)/.exec(uri);
      if (method === 'GET' && download) {
        const fileId = decodeURIComponent(download[1] ?? '');
        const file = media.get(fileId);
        if (!file) return res.writeHead(404).end();
        downloads.set(fileId, (downloads.get(fileId) ?? 0) + 1);
        res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.body.length) });
        return res.end(file.body);
      }
      calls.push({ method, uri, body, headers: req.headers, signatureOk });
      const slow = delays.find((d) => uri.startsWith(d.prefix))?.ms ?? 0;
      const send = (status: number, payload: unknown) => {
        const answer = () =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
        if (slow > 0) setTimeout(answer, slow);
        else answer();
      };
      const error = (status: number, code: number, message: string) =>
        send(status, { error_info: { error_code: code, new_error_code: code, message } });
      if (!signatureOk) return error(401, 200003, 'signature failed');
      const [pathname = '', query = ''] = uri.split('?', 2);
      const params = new URLSearchParams(query);
      const failure = failures.findIndex((f) => pathname.startsWith(f.prefix));
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        if (f) return error(f.status, f.code, f.message);
      }
      const infoOf = (m: FakeMeeting) => ({
        subject: m.subject,
        meeting_id: m.meeting_id,
        meeting_code: m.meeting_code,
        type: 0,
        join_url: m.join_url,
        hosts: m.hosts.map((userid) => ({ userid })),
        start_time: m.start_time,
        end_time: m.end_time,
        meeting_type: m.meeting_type,
        status: m.status,
      });

      if (method === 'POST' && pathname === '/v1/meetings') {
        const b = body ?? {};
        if (typeof b.userid !== 'string' || !users.has(b.userid)) return error(400, 500125, 'user not exist');
        if (b.instanceid !== 1 || typeof b.subject !== 'string' || b.type !== 0)
          return error(400, 190003, 'invalid param');
        if (typeof b.start_time !== 'string' || typeof b.end_time !== 'string')
          return error(400, 190003, 'invalid start_time or end_time');
        if (Number(b.end_time) <= Number(b.start_time))
          return error(400, 190003, 'end_time before start_time');
        if (b.meeting_type === 1 && typeof b.recurring_rule !== 'object')
          return error(400, 190003, 'recurring_rule required');
        const id = `1${String(next).padStart(18, '0')}`;
        const meeting: FakeMeeting = {
          meeting_id: id,
          meeting_code: String(800000000 + next),
          subject: b.subject,
          hosts: [b.userid],
          start_time: b.start_time,
          end_time: b.end_time,
          join_url: `https://meeting.tencent.com/dm/fake${next}`,
          meeting_type: Number(b.meeting_type ?? 0),
          recurring_rule: b.recurring_rule ?? null,
          status: 'MEETING_STATE_INIT',
        };
        next += 1;
        meetings.set(id, meeting);
        return send(200, { meeting_number: 1, meeting_info_list: [infoOf(meeting)] });
      }
      const userMatch = /^\/v1\/users\/([^/]+)$/.exec(pathname);
      if (method === 'GET' && userMatch) {
        const userid = decodeURIComponent(userMatch[1] ?? '');
        if (!users.has(userid)) return error(400, 500125, 'user not exist');
        return send(200, { userid, username: userid, status: '1' });
      }
      const meetingMatch = /^\/v1\/meetings\/([^/]+)(\/cancel|\/participants)?$/.exec(pathname);
      if (meetingMatch) {
        const meeting = meetings.get(decodeURIComponent(meetingMatch[1] ?? ''));
        if (!meeting) return error(404, 9061, 'meeting not exist');
        const userid = method === 'GET' ? params.get('userid') : (body?.userid as string | undefined);
        if (!userid || !meeting.hosts.includes(userid)) return error(403, 9003, 'no permission');
        if (method === 'PUT' && !meetingMatch[2]) {
          const b = body ?? {};
          if (meeting.status === 'MEETING_STATE_CANCELLED') return error(400, 9062, 'meeting cancelled');
          if (b.instanceid !== 1) return error(400, 190003, 'invalid param');
          if (typeof b.subject === 'string') meeting.subject = b.subject;
          if (typeof b.start_time === 'string') meeting.start_time = b.start_time;
          if (typeof b.end_time === 'string') meeting.end_time = b.end_time;
          if (Number(meeting.end_time) <= Number(meeting.start_time))
            return error(400, 190003, 'end_time before start_time');
          return send(200, { meeting_number: 1, meeting_info_list: [infoOf(meeting)] });
        }
        if (method === 'POST' && meetingMatch[2] === '/cancel') {
          meeting.status = 'MEETING_STATE_CANCELLED';
          return send(200, {});
        }
        if (method === 'GET' && meetingMatch[2] === '/participants') {
          const list = participants.get(meeting.meeting_id) ?? [];
          const pos = Number(params.get('pos') ?? 0);
          const page = list.slice(pos, pos + 2);
          return send(200, {
            meeting_id: meeting.meeting_id,
            meeting_code: meeting.meeting_code,
            subject: meeting.subject,
            participants: page,
            has_remaining: pos + 2 < list.length,
            next_pos: pos + 2,
            total_count: list.length,
          });
        }
        if (method === 'GET' && !meetingMatch[2])
          return send(200, { meeting_number: 1, meeting_info_list: [infoOf(meeting)] });
      }
      if (method === 'GET' && pathname === '/v1/records') {
        const meeting = meetings.get(params.get('meeting_id') ?? '');
        const userid = params.get('userid');
        if (!meeting || !userid || !meeting.hosts.includes(userid)) return error(403, 9003, 'no permission');
        const files = (recordings.get(meeting.meeting_id) ?? []).map(
          ({ fileId, sharingUrl: sharing_url }) => ({
            record_file_id: fileId,
            record_start_time: Number(meeting.start_time) * 1000,
            record_end_time: Number(meeting.end_time) * 1000,
            record_size: 1024,
            sharing_url,
          }),
        );
        return send(200, {
          total_count: files.length ? 1 : 0,
          current_size: files.length ? 1 : 0,
          current_page: 1,
          total_page: 1,
          record_meetings: files.length
            ? [
                {
                  meeting_record_id: `rec-${meeting.meeting_id}`,
                  meeting_id: meeting.meeting_id,
                  meeting_code: meeting.meeting_code,
                  subject: meeting.subject,
                  state: 3,
                  record_files: files,
                },
              ]
            : [],
        });
      }
      const addressMatch = /^\/v1\/addresses\/([^/]+)$/.exec(pathname);
      if (method === 'GET' && addressMatch) {
        const fileId = decodeURIComponent(addressMatch[1] ?? '');
        const owner = [...recordings].find(([, files]) => files.some((f) => f.fileId === fileId));
        const meeting = owner ? meetings.get(owner[0]) : undefined;
        const userid = params.get('userid');
        if (!meeting) return error(404, 9061, 'record file not exist');
        if (!userid || !meeting.hosts.includes(userid)) return error(403, 9003, 'no permission');
        const file = media.get(fileId);
        return send(200, {
          record_file_id: fileId,
          meeting_id: meeting.meeting_id,
          meeting_code: meeting.meeting_code,
          view_address: `https://meeting.tencent.com/v2/cloud-record/view?id=${fileId}`,
          ...(file
            ? {
                download_address: `${base}/cos/${encodeURIComponent(fileId)}?sign=q-sign-algorithm%3Dsha1`,
                download_address_file_type: 'MP4',
              }
            : {}),
        });
      }
      return error(404, 404, 'not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    sdkId,
    secretId,
    secretKey,
    calls,
    meetings,
    users,
    addParticipant(meetingId, p) {
      const list = participants.get(meetingId) ?? [];
      list.push({
        userid: p.userid,
        user_name: Buffer.from(p.name, 'utf8').toString('base64'),
        user_role: p.host ? 1 : 0,
      });
      participants.set(meetingId, list);
    },
    addRecording(meetingId, sharingUrl, file) {
      const fileId = `rf-${nextFile}`;
      nextFile += 1;
      recordings.set(meetingId, [...(recordings.get(meetingId) ?? []), { fileId, sharingUrl }]);
      if (file) media.set(fileId, file);
    },
    downloads,
    delay(prefix, ms) {
      const at = delays.findIndex((d) => d.prefix === prefix);
      if (at >= 0) delays.splice(at, 1);
      if (ms > 0) delays.push({ prefix, ms });
    },
    failNext(prefix, status, errorCode, message) {
      failures.push({ prefix, status, code: errorCode, message });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
