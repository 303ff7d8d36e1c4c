import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Attendee = { userID: string; fullName: string; role: 'MODERATOR' | 'VIEWER' };
type Meeting = {
  meetingID: string;
  name: string;
  attendeePW: string;
  moderatorPW: string;
  record: boolean;
  attendees: Attendee[];
};
type Recording = {
  recordID: string;
  meetingID: string;
  published: boolean;
  url: string;
  /** BigBlueButton's `video` format, when the server processes recordings into one media file. */
  videoUrl: string | undefined;
  start: number;
  end: number;
};

export type BbbServerFake = {
  /** The API base as BBB_URL takes it (`http://127.0.0.1:<port>/bigbluebutton/`). */
  url: string;
  secret: string;
  /** Every API call received: name, parameters, and whether its checksum held. */
  calls: { call: string; params: Record<string, string>; checksumOk: boolean }[];
  meetings: Map<string, Meeting>;
  /** A processed recording of a meeting, as BBB lists it once its playback is published. */
  addRecording(meetingID: string, url: string, published?: boolean, videoUrl?: string): void;
  /**
   * Serves bytes at a path of the double (`/presentation/<id>/video.mp4`), as BBB's web server serves
   * processed recordings; the full URL. `GET` counts how often it was fetched.
   */
  serveMedia(path: string, bytes: Buffer, contentType: string): string;
  mediaFetches: Map<string, number>;
  /** The next call of this name fails with the given messageKey (as BBB answers, HTTP 200 + FAILED). */
  failNext(call: string, messageKey: string, message: string): void;
  close(): Promise<void>;
};

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const failed = (key: string, message: string) =>
  `<response><returncode>FAILED</returncode><messageKey>${esc(key)}</messageKey><message>${esc(message)}</message></response>`;

/**
 * A BigBlueButton server speaking its real API on a random local port: checksum = SHA-1 or SHA-256 (told
 * apart by length, as BBB does) of call name + query string without the checksum + shared secret; XML
 * answers with returncode SUCCESS/FAILED; create is idempotent per meetingID with a duplicateWarning;
 * join checks the password (or role) and redirects into the client while adding the attendee.
 */
export async function startBbbServer(secret = 'bbb-test-secret'): Promise<BbbServerFake> {
  const meetings = new Map<string, Meeting>();
  const recordings: Recording[] = [];
  const calls: BbbServerFake['calls'] = [];
  const failures = new Map<string, { key: string; message: string }>();
  const media = new Map<string, { bytes: Buffer; contentType: string }>();
  const mediaFetches = new Map<string, number>();

  const server = createServer((req, res) => {
    const raw = req.url ?? '/';
    const [pathname = '', rawQuery = ''] = raw.split('?', 2);
    const file = media.get(pathname);
    if (file) {
      mediaFetches.set(pathname, (mediaFetches.get(pathname) ?? 0) + 1);
      res
        .writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.bytes.length) })
        .end(file.bytes);
      return undefined;
    }
    const call = pathname.replace(/^\/bigbluebutton\/api\/?/, '');
    const params = Object.fromEntries(new URLSearchParams(rawQuery));
    const checksum = params.checksum ?? '';
    const unsigned = rawQuery.replace(/&?checksum=[^&]*/, '');
    const algorithm = checksum.length === 64 ? 'sha256' : 'sha1';
    const expected = createHash(algorithm).update(`${call}${unsigned}${secret}`).digest('hex');
    const checksumOk = checksum === expected;
    delete params.checksum;
    calls.push({ call, params, checksumOk });
    const send = (body: string, status = 200) => {
      res.writeHead(status, { 'content-type': 'text/xml' }).end(body);
    };
    if (!pathname.startsWith('/bigbluebutton/api')) return send('', 404);
    if (call === '')
      return send('<response><returncode>SUCCESS</returncode><version>2.0</version></response>');
    if (!checksumOk) return send(failed('checksumError', 'Checksums do not match'));
    const failure = failures.get(call);
    if (failure) {
      failures.delete(call);
      return send(failed(failure.key, failure.message));
    }
    const meeting = params.meetingID ? meetings.get(params.meetingID) : undefined;
    switch (call) {
      case 'create': {
        if (!params.meetingID || !params.name)
          return send(failed('missingParamMeetingID', 'Missing meetingID or name'));
        if (meeting) {
          return send(
            `<response><returncode>SUCCESS</returncode><meetingID>${esc(meeting.meetingID)}</meetingID><attendeePW>${esc(meeting.attendeePW)}</attendeePW><moderatorPW>${esc(meeting.moderatorPW)}</moderatorPW><messageKey>duplicateWarning</messageKey><message>This conference was already in existence and may currently be in progress.</message></response>`,
          );
        }
        const created: Meeting = {
          meetingID: params.meetingID,
          name: params.name,
          attendeePW: params.attendeePW ?? 'ap',
          moderatorPW: params.moderatorPW ?? 'mp',
          record: params.record === 'true',
          attendees: [],
        };
        meetings.set(created.meetingID, created);
        return send(
          `<response><returncode>SUCCESS</returncode><meetingID>${esc(created.meetingID)}</meetingID><attendeePW>${esc(created.attendeePW)}</attendeePW><moderatorPW>${esc(created.moderatorPW)}</moderatorPW><createTime>${Date.now()}</createTime><hasBeenForciblyEnded>false</hasBeenForciblyEnded><messageKey></messageKey><message></message></response>`,
        );
      }
      case 'join': {
        if (!meeting)
          return send(
            failed(
              'invalidMeetingIdentifier',
              'The meeting ID that you supplied did not match any existing meetings',
            ),
          );
        const role =
          params.password === meeting.moderatorPW
            ? 'MODERATOR'
            : params.password === meeting.attendeePW
              ? 'VIEWER'
              : null;
        if (!role) return send(failed('invalidPassword', 'The password you submitted is not valid.'));
        meeting.attendees.push({ userID: params.userID ?? '', fullName: params.fullName ?? '', role });
        res.writeHead(302, { location: `/html5client/join?sessionToken=${meeting.attendees.length}` }).end();
        return undefined;
      }
      case 'getMeetingInfo': {
        if (!meeting) return send(failed('notFound', 'A meeting with that ID does not exist'));
        const attendees = meeting.attendees
          .map(
            (a) =>
              `<attendee><userID>${esc(a.userID)}</userID><fullName>${esc(a.fullName)}</fullName><role>${a.role}</role></attendee>`,
          )
          .join('');
        return send(
          `<response><returncode>SUCCESS</returncode><meetingName>${esc(meeting.name)}</meetingName><meetingID>${esc(meeting.meetingID)}</meetingID><running>${meeting.attendees.length > 0}</running><participantCount>${meeting.attendees.length}</participantCount><attendees>${attendees}</attendees></response>`,
        );
      }
      case 'getRecordings': {
        const ids = params.meetingID ? params.meetingID.split(',') : null;
        const list = recordings.filter((r) => !ids || ids.includes(r.meetingID));
        if (list.length === 0) {
          return send(
            '<response><returncode>SUCCESS</returncode><recordings></recordings><messageKey>noRecordings</messageKey><message>There are no recordings for the meeting(s).</message></response>',
          );
        }
        const items = list
          .map(
            (r) =>
              `<recording><recordID>${r.recordID}</recordID><meetingID>${esc(r.meetingID)}</meetingID><published>${r.published}</published><startTime>${r.start}</startTime><endTime>${r.end}</endTime><playback><format><type>presentation</type><url>${esc(r.url)}</url><length>1</length></format>${r.videoUrl ? `<format><type>video</type><url>${esc(r.videoUrl)}</url><length>1</length></format>` : ''}</playback></recording>`,
          )
          .join('');
        return send(`<response><returncode>SUCCESS</returncode><recordings>${items}</recordings></response>`);
      }
      default:
        return send(failed('unsupportedRequest', 'This request is not supported.'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bigbluebutton/`,
    secret,
    calls,
    meetings,
    mediaFetches,
    serveMedia(path, bytes, contentType) {
      media.set(path, { bytes, contentType });
      return `http://127.0.0.1:${port}${path}`;
    },
    addRecording(meetingID, url, published = true, videoUrl) {
      const now = Date.now();
      recordings.push({
        recordID: `${meetingID}-${recordings.length + 1}`,
        meetingID,
        published,
        url,
        videoUrl,
        start: now - 3_600_000,
        end: now,
      });
    },
    failNext(call, key, message) {
      failures.set(call, { key, message });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
