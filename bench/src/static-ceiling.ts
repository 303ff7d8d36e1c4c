// The ceiling of the live HLS benchmark: a bare static file server on node:http, serving STATIC_DIR the
// plain way (stat, the same content headers, the file streamed) with no session, access check or
// framework. Run as its own process so it never shares an event loop with the load generator.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const root = process.env.STATIC_DIR;
if (!root) throw new Error('STATIC_DIR is required');
const FILE = /^\/live\/([a-z0-9_-]{1,64}\.(m3u8|ts))$/;

const server = createServer((request, response) => {
  if (request.url === '/health') {
    response.end('ok');
    return;
  }
  const match = FILE.exec(request.url ?? '');
  if (!match) {
    response.statusCode = 404;
    response.end();
    return;
  }
  const file = path.join(root, match[1]!);
  stat(file).then(
    (info) => {
      const playlist = match[2] === 'm3u8';
      response.setHeader('content-type', playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
      response.setHeader('content-length', info.size);
      response.setHeader(
        'cache-control',
        playlist ? 'no-cache, no-store' : 'private, max-age=86400, immutable',
      );
      createReadStream(file).pipe(response);
    },
    () => {
      response.statusCode = 404;
      response.end();
    },
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => server.close(() => process.exit(0)));
