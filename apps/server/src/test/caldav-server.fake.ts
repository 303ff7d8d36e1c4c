import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CalDavFake = {
  /** The calendar collection (CALDAV_URL). */
  url: string;
  username: string;
  password: string;
  /** Calendar object resources by path. */
  objects: Map<string, string>;
  requests: { method: string; path: string; contentType: string | undefined; authorized: boolean }[];
  close(): Promise<void>;
};

/**
 * A CalDAV calendar collection (RFC 4791 §5.3.2) on a random local port: PUT of a `text/calendar`
 * resource under `/calendars/lectern/` creates it (201) or replaces it (204) after checking Basic
 * credentials and that the body is one iCalendar object with CRLF line ends and a VEVENT with a UID
 * (otherwise 415 or 403 with a `valid-calendar-data` precondition, as CalDAV servers answer).
 */
export async function startCalDavServer(): Promise<CalDavFake> {
  const username = 'lectern';
  const password = 'caldav-secret';
  const objects = new Map<string, string>();
  const requests: CalDavFake['requests'] = [];
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      const authorized = req.headers.authorization === expected;
      const contentType = req.headers['content-type'];
      requests.push({ method: req.method ?? '', path, contentType, authorized });
      if (!authorized) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="caldav"' }).end();
        return;
      }
      if (!path.startsWith('/calendars/lectern/') || !path.endsWith('.ics')) {
        res.writeHead(404).end();
        return;
      }
      if (req.method === 'DELETE') {
        res.writeHead(objects.delete(path) ? 204 : 404).end();
        return;
      }
      if (req.method !== 'PUT') {
        res.writeHead(405).end();
        return;
      }
      if (!contentType?.startsWith('text/calendar')) {
        res.writeHead(415).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const valid =
        body.startsWith('BEGIN:VCALENDAR\r\n') &&
        body.endsWith('END:VCALENDAR\r\n') &&
        /\r\nBEGIN:VEVENT\r\n/.test(body) &&
        /\r\nUID:[^\r\n]+\r\n/.test(body) &&
        !/[^\r]\n/.test(body);
      if (!valid) {
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0"?><D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><C:valid-calendar-data/></D:error>',
          );
        return;
      }
      const existed = objects.has(path);
      objects.set(path, body);
      res.writeHead(existed ? 204 : 201, { etag: `"${body.length}"` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/calendars/lectern/`,
    username,
    password,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
