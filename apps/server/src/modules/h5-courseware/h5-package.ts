import path from 'node:path/posix';
import type { H5PackageKind } from '@lectern/contracts/h5-courseware/h5-cmi';
import { AppError } from '../../platform/errors.ts';
import { inflateEntry, inspectZip, type ZipLimits } from '../../platform/files/safe-zip.ts';
import { parseScormManifest } from './scorm-manifest.ts';

const MB = 1024 * 1024;

/**
 * What an H5 package may unpack to (issue 12: every zip Lectern opens is checked before inflating).
 * SCORM packages carry many small files and some media, never near these.
 */
export const H5_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 512 * MB };
/** The zip itself is read into memory to unpack it: refused above this before it is read. */
export const H5_ZIP_MAX_BYTES = 256 * MB;

export type UnpackedPackage = {
  kind: H5PackageKind;
  /** The launch path inside the package, with any query the manifest gives it. */
  entry: string;
  files: Map<string, Buffer>;
  totalBytes: number;
};

const unsafe = (name: string) =>
  new AppError('validation_failed', { key: 'h5Courseware.unsafePath', params: { path: name.slice(0, 200) } });

/**
 * The path an entry is stored and served under, or null for what is not content (folders, macOS
 * resource forks). Absolute names, drive letters, backslashes, `..` and NUL are refused outright: a
 * package that tries to climb out of itself is not repaired, it is rejected.
 */
export function safeEntryPath(name: string): string | null {
  if (name.endsWith('/')) return null;
  if (
    name.includes('\0') ||
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..')
  ) {
    throw unsafe(name);
  }
  const normal = path.normalize(name);
  if (normal.startsWith('../') || normal === '..' || normal.startsWith('/')) throw unsafe(name);
  if (normal.startsWith('__MACOSX/') || normal.split('/').pop() === '.DS_Store') return null;
  return normal;
}

const depth = (p: string) => p.split('/').length;

/**
 * Unpacks an H5 or SCORM package: the central directory is checked against the limits before anything
 * is inflated, every name before its bytes, and each entry inflates to at most its declared size.
 */
export async function unpackH5Package(zip: Buffer): Promise<UnpackedPackage> {
  const entries = await inspectZip(zip, H5_ZIP_LIMITS);
  const kept: { path: string; entry: (typeof entries)[number] }[] = [];
  for (const entry of entries) {
    const stored = safeEntryPath(entry.name);
    if (stored) kept.push({ path: stored, entry });
  }
  const files = new Map<string, Buffer>();
  let totalBytes = 0;
  for (const { path: filePath, entry } of kept) {
    const bytes = await inflateEntry(zip, entry, H5_ZIP_LIMITS);
    totalBytes += bytes.length;
    files.set(filePath, bytes);
  }
  const paths = [...files.keys()];
  const shallowest = (candidates: string[]) =>
    candidates.sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))[0];

  const manifest = shallowest(paths.filter((p) => p.split('/').pop()?.toLowerCase() === 'imsmanifest.xml'));
  if (manifest) {
    const launch = parseScormManifest((files.get(manifest) as Buffer).toString('utf8'));
    const base = path.dirname(manifest);
    const [href = '', query = ''] = launch.href.split(/(?=\?)/);
    const entry = safeEntryPath(base === '.' ? href : `${base}/${href}`);
    if (!entry || !files.has(entry)) throw new AppError('validation_failed', 'h5Courseware.manifestInvalid');
    return { kind: launch.kind, entry: entry + query, files, totalBytes };
  }
  const index = shallowest(paths.filter((p) => /^index\.html?$/i.test(p.split('/').pop() ?? '')));
  if (!index) throw new AppError('validation_failed', 'h5Courseware.noEntry');
  return { kind: 'html', entry: index, files, totalBytes };
}
