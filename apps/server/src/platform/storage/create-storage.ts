import type { StorageConfig } from '../../config.ts';
import { localDiskStorage } from './local-disk.storage.ts';
import { checkS3Bucket, s3Storage } from './s3.storage.ts';
import type { Storage } from './storage.ts';

/** The configured storage driver (STORAGE_DRIVER): every process of one installation must use the same. */
export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? s3Storage(config.s3) : localDiskStorage(config.root);
}

/** Checks at start that the configured storage can be used (the bucket exists and the keys work). */
export async function checkStorage(config: StorageConfig): Promise<void> {
  // Local disk needs no check: its directory is created by the first upload.
  if (config.driver === 's3') await checkS3Bucket(config.s3);
}
