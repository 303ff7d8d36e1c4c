import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createInflateRaw, inflateRaw } from 'node:zlib';
import JSZip from 'jszip';
import { AppError } from '../errors.ts';

const inflateRawAsync = promisify(inflateRaw);

/**
 * How much an archive may unpack to. Office files are zips: a 100 KB .docx can declare (or, lying, really
 * hold) gigabytes of XML, and every library that opens it inflates whole parts into memory.
 */
export type ZipLimits = {
  /** Entries in the central directory. */
  maxEntries: number;
  /** All entries together, uncompressed. */
  maxTotalBytes: number;
};

const MB = 1024 * 1024;

/** A Word file of questions, or a student's essay: text and pictures, never near this. */
export const DOCUMENT_ZIP_LIMITS: ZipLimits = { maxEntries: 5_000, maxTotalBytes: 64 * MB };

/** Slides and workbooks carry many pictures and sheets; LibreOffice renders them within its own timeout. */
export const OFFICE_PREVIEW_ZIP_LIMITS: ZipLimits = { maxEntries: 20_000, maxTotalBytes: 512 * MB };

export type ZipEntry = {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** As declared by the archive: checked against the limits first, then enforced while inflating. */
  size: number;
  localHeaderOffset: number;
};

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

const unreadable = () => new AppError('validation_failed', 'zip.unreadable');
const tooLarge = (limits: ZipLimits) =>
  new AppError('payload_too_large', {
    key: 'zip.tooLarge',
    params: { limit_mb: Math.round(limits.maxTotalBytes / MB) },
  });
const tooManyEntries = (limits: ZipLimits) =>
  new AppError('payload_too_large', { key: 'zip.tooManyEntries', params: { limit: limits.maxEntries } });

function u64(bytes: Buffer, offset: number): number {
  const value = bytes.readBigUInt64LE(offset);
  // Past 2^53 nothing is a real archive on this server; treated as "huge", which the limits refuse.
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** Random access to the archive's bytes: a buffer in memory, or a file read piece by piece. */
type ZipSource = { size: number; read(offset: number, length: number): Promise<Buffer> };

function bufferSource(bytes: Buffer): ZipSource {
  return {
    size: bytes.length,
    read: async (offset, length) => {
      if (offset < 0 || offset + length > bytes.length) throw unreadable();
      return bytes.subarray(offset, offset + length);
    },
  };
}

function fileSource(handle: FileHandle, size: number): ZipSource {
  return {
    size,
    read: async (offset, length) => {
      if (offset < 0 || offset + length > size) throw unreadable();
      const out = Buffer.alloc(length);
      const { bytesRead } = await handle.read(out, 0, length, offset);
      if (bytesRead !== length) throw unreadable();
      return out;
    },
  };
}

/** A directory of a million names is no document; its size alone is refused before it is read. */
const MAX_DIRECTORY_BYTES = 64 * MB;

/** Where the central directory is and how many entries it says it has (ZIP64 archives included). */
async function findCentralDirectory(
  source: ZipSource,
): Promise<{ count: number; offset: number; size: number }> {
  if (source.size < 22) throw unreadable();
  const tailStart = Math.max(0, source.size - 22 - 0xffff);
  const tail = await source.read(tailStart, source.size - tailStart);
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    let count = tail.readUInt16LE(at + 10);
    let size = tail.readUInt32LE(at + 12);
    let offset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locator = await source.read(tailStart + at - 20, 20);
      if (locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) throw unreadable();
      const record = await source.read(u64(locator, 8), 56);
      if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw unreadable();
      count = u64(record, 32);
      size = u64(record, 40);
      offset = u64(record, 48);
    }
    if (offset + size > source.size) throw unreadable();
    return { count, offset, size };
  }
  throw unreadable();
}

async function readEntries(source: ZipSource, limits: ZipLimits): Promise<ZipEntry[]> {
  const directory = await findCentralDirectory(source);
  if (directory.count > limits.maxEntries) throw tooManyEntries(limits);
  if (directory.size > MAX_DIRECTORY_BYTES) throw tooManyEntries(limits);
  const bytes = await source.read(directory.offset, directory.size);
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = 0;
  for (let index = 0; index < directory.count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw unreadable();
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    let compressedSize = bytes.readUInt32LE(at + 20);
    let size = bytes.readUInt32LE(at + 24);
    let localHeaderOffset = bytes.readUInt32LE(at + 42);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > bytes.length) throw unreadable();
    // ZIP64 keeps the real values of the fields set to 0xffffffff in an extra field, in this order.
    for (let extra = nameEnd; extra + 4 <= nameEnd + extraLength;) {
      const id = bytes.readUInt16LE(extra);
      const length = bytes.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = () => {
          if (field + 8 > extra + 4 + length) throw unreadable();
          const value = u64(bytes, field);
          field += 8;
          return value;
        };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
      }
      extra += 4 + length;
    }
    total += size;
    if (total > limits.maxTotalBytes) throw tooLarge(limits);
    entries.push({
      name: bytes.toString('utf8', at + 46, nameEnd),
      method: bytes.readUInt16LE(at + 10),
      encrypted: (bytes.readUInt16LE(at + 8) & 0x1) !== 0,
      compressedSize,
      size,
      localHeaderOffset,
    });
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/**
 * The archive's entries as its central directory declares them, refused before anything is inflated when
 * there are too many or their declared sizes add up past the limit.
 */
export function inspectZip(bytes: Buffer, limits: ZipLimits): Promise<ZipEntry[]> {
  return readEntries(bufferSource(bytes), limits);
}

/** Where an entry's compressed bytes start, after its local header; checks what can be checked there. */
async function dataStart(source: ZipSource, entry: ZipEntry): Promise<number> {
  if (entry.encrypted) throw unreadable();
  if (entry.method !== STORED && entry.method !== DEFLATED) throw unreadable();
  if (entry.method === STORED && entry.compressedSize !== entry.size) throw unreadable();
  const header = await source.read(entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw unreadable();
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > source.size) throw unreadable();
  return start;
}

/**
 * One entry's bytes, inflated to at most its declared size: an archive that understated a size (to pass
 * the declared-size check) is refused as soon as the output passes it, so memory never grows past what
 * was declared.
 */
export async function inflateEntry(bytes: Buffer, entry: ZipEntry, limits: ZipLimits): Promise<Buffer> {
  const start = await dataStart(bufferSource(bytes), entry);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === STORED) return data;
  try {
    // zlib stops as soon as its output passes maxOutputLength (it must be at least 1).
    return await inflateRawAsync(data, { maxOutputLength: Math.max(1, entry.size) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(limits);
    throw unreadable();
  }
}

/**
 * Inflates every entry of the zip file at `path` under the limits, streaming and keeping nothing: for
 * archives handed whole to another program (LibreOffice), which then only meets sizes that were both
 * declared and true. Memory stays flat however large the file.
 */
export async function verifyZipFile(path: string, limits: ZipLimits): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const source = fileSource(handle, (await handle.stat()).size);
    for (const entry of await readEntries(source, limits)) {
      if (entry.name.endsWith('/')) continue;
      const start = await dataStart(source, entry);
      if (entry.method === STORED || entry.compressedSize === 0) continue;
      let produced = 0;
      // The first failure named is not always ours: the streams torn down after it report their own.
      let overflow = false;
      try {
        await pipeline(
          createReadStream(path, { start, end: start + entry.compressedSize - 1 }),
          createInflateRaw(),
          async (inflated: AsyncIterable<Buffer>) => {
            for await (const chunk of inflated) {
              produced += chunk.length;
              if (produced > entry.size) {
                overflow = true;
                throw tooLarge(limits);
              }
            }
          },
        );
      } catch {
        throw overflow ? tooLarge(limits) : unreadable();
      }
    }
  } finally {
    await handle.close();
  }
}

/**
 * The same archive with every entry inflated under the limits and stored uncompressed, for libraries that
 * unzip it again by themselves (JSZip, mammoth): reading stored entries inflates nothing.
 */
export async function repackZipStored(bytes: Buffer, limits: ZipLimits): Promise<Buffer> {
  const out = new JSZip();
  for (const entry of await inspectZip(bytes, limits)) {
    if (entry.name.endsWith('/')) continue;
    out.file(entry.name, await inflateEntry(bytes, entry, limits), { binary: true, createFolders: false });
  }
  return out.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}
