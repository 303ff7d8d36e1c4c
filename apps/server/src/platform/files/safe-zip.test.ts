import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from '../../modules/homework/duplicate-text.ts';
import { AppError } from '../errors.ts';
import {
  DOCUMENT_ZIP_LIMITS,
  inspectZip,
  repackZipStored,
  verifyZipFile,
  type ZipLimits,
} from './safe-zip.ts';
import { deflatedZip, zeroBombDocx } from './zip-bomb.fixture.ts';

const MB = 1024 * 1024;
let honestBomb: Buffer;
let lyingBomb: Buffer;
const dir = mkdtempSync(path.join(tmpdir(), 'lectern-safe-zip-'));

beforeAll(async () => {
  honestBomb = await zeroBombDocx(100 * MB);
  lyingBomb = await zeroBombDocx(100 * MB, { lie: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How much memory outside the JS heap (where inflated buffers live) grows while `run` runs. */
async function externalGrowth(run: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().arrayBuffers;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 1);
  try {
    await run().catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().arrayBuffers) - before;
}

const refusal = (key: string) => ({ code: 'payload_too_large', detail: expect.objectContaining({ key }) });

describe('safe zip reading', () => {
  it('refuses 100 MB of declared content before inflating anything', async () => {
    expect(honestBomb.length).toBeLessThan(MB);
    // Memory, not a clock, tells whether anything was inflated (a clock fails under load).
    const outcomes: unknown[] = [];
    const grew = await externalGrowth(async () => {
      outcomes.push(await inspectZip(honestBomb, DOCUMENT_ZIP_LIMITS).catch((error: unknown) => error));
      outcomes.push(await repackZipStored(honestBomb, DOCUMENT_ZIP_LIMITS).catch((error: unknown) => error));
    });
    expect(outcomes[0]).toMatchObject(refusal('zip.tooLarge'));
    expect(outcomes[1]).toBeInstanceOf(AppError);
    expect(grew).toBeLessThan(8 * MB);
  });

  it('stops inflating an entry that lied about its size as soon as it passes the claim', async () => {
    // The declared sizes pass the check; only inflating shows 100 MB.
    await expect(inspectZip(lyingBomb, DOCUMENT_ZIP_LIMITS)).resolves.toHaveLength(2);
    await expect(repackZipStored(lyingBomb, DOCUMENT_ZIP_LIMITS)).rejects.toMatchObject(
      refusal('zip.tooLarge'),
    );
    expect(await externalGrowth(() => repackZipStored(lyingBomb, DOCUMENT_ZIP_LIMITS))).toBeLessThan(8 * MB);
  });

  it('refuses too many entries', async () => {
    const limits: ZipLimits = { maxEntries: 3, maxTotalBytes: MB };
    const many = await deflatedZip(['a', 'b', 'c', 'd'].map((name) => ({ name, data: Buffer.from(name) })));
    await expect(inspectZip(many, limits)).rejects.toMatchObject(refusal('zip.tooManyEntries'));
  });

  it('repacks an honest archive with the same contents, stored', async () => {
    const text = 'Lectern '.repeat(10_000);
    const archive = await deflatedZip([
      { name: 'word/document.xml', data: Buffer.from(text) },
      { name: 'media/图.png', data: Buffer.from([1, 2, 3]) },
    ]);
    const packed = await repackZipStored(archive, DOCUMENT_ZIP_LIMITS);
    const zip = await JSZip.loadAsync(packed);
    expect(await zip.file('word/document.xml')?.async('string')).toBe(text);
    expect([...((await zip.file('media/图.png')?.async('uint8array')) ?? [])]).toEqual([1, 2, 3]);
    expect(packed.length).toBeGreaterThan(text.length);
  });

  it('reports an archive that is not one as unreadable', async () => {
    await expect(
      repackZipStored(Buffer.from('PK\u0003\u0004 not really'), DOCUMENT_ZIP_LIMITS),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      detail: 'zip.unreadable',
    });
  });

  it('verifies a file on disk by streaming, refusing both kinds of bomb', async () => {
    const honest = path.join(dir, 'honest.docx');
    const lying = path.join(dir, 'lying.docx');
    const fine = path.join(dir, 'fine.docx');
    writeFileSync(honest, honestBomb);
    writeFileSync(lying, lyingBomb);
    writeFileSync(fine, await deflatedZip([{ name: 'a.xml', data: Buffer.from('<a/>'.repeat(1000)) }]));
    await expect(verifyZipFile(honest, DOCUMENT_ZIP_LIMITS)).rejects.toMatchObject(refusal('zip.tooLarge'));
    expect(await externalGrowth(() => verifyZipFile(lying, DOCUMENT_ZIP_LIMITS))).toBeLessThan(8 * MB);
    await expect(verifyZipFile(lying, DOCUMENT_ZIP_LIMITS)).rejects.toMatchObject(refusal('zip.tooLarge'));
    await expect(verifyZipFile(fine, DOCUMENT_ZIP_LIMITS)).resolves.toBeUndefined();
  });
});

describe('the duplicate check reading a student’s .docx', () => {
  it('gives up on a bomb quickly instead of inflating it', async () => {
    for (const bomb of [honestBomb, lyingBomb]) {
      let result: Awaited<ReturnType<typeof extractText>> | undefined;
      const grew = await externalGrowth(async () => (result = await extractText('essay.docx', bomb)));
      expect(result).toMatchObject({ kind: 'failed', error: 'zip.tooLarge' });
      expect(grew).toBeLessThan(8 * MB);
    }
  });
});
