import { Readable, pipeline } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { notFound } from '../errors.ts';
import { byteMeter } from './byte-meter.ts';
import type { Storage, StoredObject } from './storage.ts';

export type S3StorageOptions = {
  /** Unset: AWS itself (the region's endpoint). MinIO, Ceph RGW and others: their URL. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's default credential chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path instead of the host name: MinIO and Ceph usually need it. */
  forcePathStyle: boolean;
  /** Prepended to every key, for several installations (or other data) sharing one bucket. */
  prefix: string;
};

/** Parts of a multipart upload; the SDK holds up to `queueSize` of them in memory per upload. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // Newer SDKs add CRC checksums in trailers (aws-chunked bodies) to every request, which MinIO before
    // 2025, Ceph and other compatible servers refuse; checksums only where S3 itself demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Fails at start, with the setting to look at, when the bucket cannot be reached: otherwise the first
 * student's upload would be the one to find out, as a 500.
 */
export async function checkS3Bucket(options: S3StorageOptions): Promise<void> {
  const client = s3Client(options);
  try {
    await client.send(new HeadBucketCommand({ Bucket: options.bucket }));
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const why =
      status === 404
        ? 'it does not exist (Lectern does not create buckets)'
        : status === 403
          ? 'access denied (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and the bucket policy)'
          : (error as Error).message;
    const where = options.endpoint ?? `AWS S3 in ${options.region}`;
    throw new Error(`S3 bucket "${options.bucket}" at ${where} cannot be used: ${why}`, { cause: error });
  } finally {
    client.destroy();
  }
}

/**
 * Keeps bytes in an S3-compatible bucket. Bodies stream through in parts (a 500 MB upload never sits in
 * memory) and an object only appears when its last part is accepted, so a failed or oversized upload
 * leaves nothing under the key: the multipart upload is aborted instead.
 */
export function s3Storage(options: S3StorageOptions): Storage {
  const client = s3Client(options);
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    // Same rule as the disk driver: keys are ours (yyyy/mm/uuid), never a client's path.
    if (key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '')) {
      throw new Error(`storage key escapes root: ${key}`);
    }
    return options.prefix + key;
  };

  return {
    async put(key, body, { maxBytes }) {
      const Key = objectKey(key);
      const meter = byteMeter(body, maxBytes);
      // Errors reach the upload through `meter`, whose reader then fails; the callback has nothing to add.
      pipeline(body, meter.stream, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: meter.stream },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        meter.stream.destroy();
        // The stream's own failure (too large, client gone) says more than the SDK's wrapping of it.
        throw meter.stream.errored ?? error;
      }
      return meter.stored();
    },

    async get(key, range) {
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(result.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return result.Body;
      } catch (error) {
        if (isMissing(error)) throw notFound();
        throw error;
      }
    },

    async delete(key) {
      // Deleting a missing object succeeds in S3, which is the contract's "removal may be repeated".
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list(): AsyncIterable<StoredObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: options.prefix || undefined, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key === undefined) continue;
          yield { key: item.Key.slice(options.prefix.length), size: item.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
