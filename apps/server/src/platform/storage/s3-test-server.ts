import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3TestServer = {
  /** The environment that points Lectern at this server (STORAGE_DRIVER=s3 and the S3_* settings). */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3-compatible HTTP server (s3rver, files in a temporary directory) on a free loopback port, so
 * the S3 driver is tested over the wire: signing, multipart uploads, ranged reads, error codes.
 */
export async function startS3TestServer(bucket = 'lectern-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'lectern-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
