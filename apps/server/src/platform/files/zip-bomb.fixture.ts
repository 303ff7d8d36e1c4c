import { createDeflateRaw } from 'node:zlib';

/**
 * Zip archives written in code for the zip-bomb tests: entries deflated, with sizes that may lie. No
 * binary fixture is committed, and 100 MB of zeros is deflated a megabyte at a time, never held whole.
 */
export type BombEntry = {
  name: string;
  /** The bytes, or how many zero bytes to deflate. */
  data: Buffer | { zeros: number };
  /** The uncompressed size the archive claims; the true one by default. */
  declaredSize?: number;
};

const MB = 1024 * 1024;

async function deflate(data: BombEntry['data']): Promise<{ deflated: Buffer; size: number }> {
  const stream = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
  let size: number;
  if (Buffer.isBuffer(data)) {
    stream.end(data);
    size = data.length;
  } else {
    const zero = Buffer.alloc(Math.min(MB, data.zeros));
    for (let left = data.zeros; left > 0; left -= zero.length) {
      const piece = left >= zero.length ? zero : zero.subarray(0, left);
      if (!stream.write(piece)) await new Promise((resolve) => stream.once('drain', resolve));
    }
    stream.end();
    size = data.zeros;
  }
  await done;
  return { deflated: Buffer.concat(chunks), size };
}

export async function deflatedZip(entries: readonly BombEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { deflated, size } = await deflate(entry.data);
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/></Types>';

/**
 * A .docx-shaped archive whose document part is `zeros` zero bytes: about 100 KB on disk for 100 MB.
 * With `lie`, the archive claims the part is 1 KB, so only inflating reveals it; `declaredSize` makes it
 * claim any other size.
 */
export function zeroBombDocx(
  zeros = 100 * MB,
  options: { lie?: boolean; declaredSize?: number } = {},
): Promise<Buffer> {
  const declaredSize = options.lie ? 1024 : options.declaredSize;
  return deflatedZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: 'word/document.xml', data: { zeros }, ...(declaredSize ? { declaredSize } : {}) },
  ]);
}
