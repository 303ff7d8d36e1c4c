import { mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { hlsFileCache, type HlsFileBody } from './hls-file-cache.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'hls-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (name: string) => path.join(dir, name);
const bytesOf = async (body: HlsFileBody | undefined) =>
  body === undefined ? undefined : 'bytes' in body ? body.bytes : await buffer(body.stream);

describe('the HLS file cache', () => {
  it('serves what is on disk now: a replaced playlist, a segment renumbered from zero, a deleted file', async () => {
    const files = hlsFileCache({ maxBytes: 1 << 20, maxEntryBytes: 1 << 16 });
    // ffmpeg writes the playlist beside and renames it over the old one.
    writeFileSync(at('index.m3u8'), '#EXTM3U\n#1\n');
    expect((await bytesOf(await files.read(at('index.m3u8'))))?.toString()).toBe('#EXTM3U\n#1\n');
    writeFileSync(at('index.m3u8.tmp'), '#EXTM3U\n#2\n');
    renameSync(at('index.m3u8.tmp'), at('index.m3u8'));
    expect((await bytesOf(await files.read(at('index.m3u8'))))?.toString()).toBe('#EXTM3U\n#2\n');
    // A lecture that goes live again writes seg-00000.ts anew, same size and, on a coarse clock, same time.
    writeFileSync(at('seg-00000.ts'), 'first stream');
    expect((await bytesOf(await files.read(at('seg-00000.ts'))))?.toString()).toBe('first stream');
    rmSync(at('seg-00000.ts'));
    expect(await files.read(at('seg-00000.ts'))).toBeUndefined();
    writeFileSync(at('seg-00000.ts'), 'again stream');
    utimesSync(at('seg-00000.ts'), new Date(0), new Date(0));
    expect((await bytesOf(await files.read(at('seg-00000.ts'))))?.toString()).toBe('again stream');
    expect(await files.read(dir)).toBeUndefined();
  });

  it('reads a version once for requests that come together, and keeps it', async () => {
    const files = hlsFileCache({ maxBytes: 1 << 20, maxEntryBytes: 1 << 16 });
    writeFileSync(at('seg-00001.ts'), Buffer.alloc(1000, 1));
    const together = await Promise.all(Array.from({ length: 20 }, () => files.read(at('seg-00001.ts'))));
    const first = together[0] as { bytes: Buffer };
    expect(together.every((b) => b && 'bytes' in b && b.bytes === first.bytes)).toBe(true);
    const later = (await files.read(at('seg-00001.ts'))) as { bytes: Buffer };
    expect(later.bytes).toBe(first.bytes);
    expect(files.size).toBe(1000);
  });

  it('streams files over the entry limit without keeping them, and forgets the least recently used', async () => {
    const files = hlsFileCache({ maxBytes: 2500, maxEntryBytes: 1500 });
    const big = Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 256));
    writeFileSync(at('seg-00009.ts'), big);
    const streamed = await files.read(at('seg-00009.ts'));
    expect(streamed && 'stream' in streamed).toBe(true);
    expect(streamed?.size).toBe(4000);
    expect((await bytesOf(streamed))?.equals(big)).toBe(true);
    expect(files.size).toBe(0);
    for (const n of [2, 3, 4]) writeFileSync(at(`seg-0000${n}.ts`), Buffer.alloc(1000, n));
    await files.read(at('seg-00002.ts'));
    await files.read(at('seg-00003.ts'));
    // 2 was used again, so 3 is the one to go when 4 comes.
    const two = (await files.read(at('seg-00002.ts'))) as { bytes: Buffer };
    await files.read(at('seg-00004.ts'));
    expect(files.size).toBe(2000);
    expect(((await files.read(at('seg-00002.ts'))) as { bytes: Buffer }).bytes).toBe(two.bytes);
  });
});
