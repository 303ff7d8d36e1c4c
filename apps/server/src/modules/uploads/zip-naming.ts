import { extensionOf, sanitizeUploadName } from '@lectern/contracts/uploads/upload-rules';

/** One file of a zip: the folder it belongs in (a submitter's), or none, and its own name. */
export type ZipItem = { folder: string | null; name: string };

/** A folder name for a submitter: `<user_no>_<name>`, safe as one path segment. */
export function submitterFolder(userNo: string, name: string): string {
  return sanitizeUploadName(`${userNo}_${name}`.replace(/[/\\]/g, '_'));
}

/**
 * The path of each item inside the zip, in order: `<folder>/<name>` or `<name>`, made unique by
 * numbering repeats before the extension (`report.docx`, `report (2).docx`), compared without case as
 * Windows and macOS would.
 */
export function zipEntryNames(items: readonly ZipItem[]): string[] {
  const taken = new Set<string>();
  return items.map((item) => {
    const folder = item.folder ? `${sanitizeUploadName(item.folder.replace(/[/\\]/g, '_'))}/` : '';
    const name = sanitizeUploadName(item.name);
    const extension = extensionOf(name);
    const stem = extension ? name.slice(0, -(extension.length + 1)) : name;
    const suffix = extension ? `.${extension}` : '';
    let candidate = `${folder}${name}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
      candidate = `${folder}${stem} (${n})${suffix}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClockParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/**
 * A Date whose local-time fields (what the zip writer encodes as the DOS time of an entry, which has no
 * zone) read as `instant` on a clock in `timeZone`, whatever the server's own zone.
 */
export function zipLocalTime(instant: Date, timeZone: string): Date {
  const p = wallClockParts(instant, timeZone);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** `files_20260301_143000.zip`, the moment of download on the caller's clock. */
export function zipFileName(now: Date, timeZone: string): string {
  const p = wallClockParts(now, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `files_${p.year}${two(p.month)}${two(p.day)}_${two(p.hour)}${two(p.minute)}${two(p.second)}.zip`;
}
