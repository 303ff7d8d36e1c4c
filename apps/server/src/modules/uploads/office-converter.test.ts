import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countPdfPages, samplePdf } from '../../seed/sample-pdf.ts';
import { installedSoffice, sofficeOpensPresentations, sofficeStandIn } from '../../test/soffice-stand-in.ts';
import { docxBytes, pptxBytes } from '../../test/uploads-fixtures.ts';
import { OfficeConversionError, officeConverter } from './office-converter.ts';

const work = mkdtempSync(path.join(tmpdir(), 'lectern-converter-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function inputFile(name: string, bytes: Buffer): string {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  return file;
}

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OfficeConversionError);
  return (error as OfficeConversionError).reason;
};

describe('office converter', () => {
  it('reports LibreOffice missing when the configured command does not exist', async () => {
    const converter = officeConverter({ command: path.join(work, 'no-such-soffice'), timeoutMs: 5_000 });
    expect(await converter.executable()).toBeNull();
    const input = inputFile('missing.docx', docxBytes(['Hello']));
    expect(await failureOf(converter.convertToPdf(input, path.join(work, 'out-missing')))).toBe(
      'unavailable',
    );
    const byName = officeConverter({ command: 'lectern-no-such-command', timeoutMs: 5_000 });
    expect(await byName.executable()).toBeNull();
  });

  it('runs one conversion at a time, however many are asked for at once', async () => {
    const standIn = sofficeStandIn({
      delaySeconds: 0.3,
      pdf: samplePdf({ title: 'x', pages: [{ heading: 'x' }] }),
    });
    try {
      const converter = officeConverter({ command: standIn.command, timeoutMs: 10_000 });
      const outputs = await Promise.all(
        [1, 2, 3].map((n) =>
          converter.convertToPdf(
            inputFile(`queued-${n}.docx`, docxBytes([`Doc ${n}`])),
            path.join(work, `q${n}`),
          ),
        ),
      );
      expect(outputs.map((file) => path.basename(file))).toEqual([
        'queued-1.pdf',
        'queued-2.pdf',
        'queued-3.pdf',
      ]);
      expect(standIn.runs()).toBe(3);
      expect(standIn.overlapped()).toBe(false);
    } finally {
      standIn.remove();
    }
  });

  it('gives up on a conversion that runs past the timeout, and the queue moves on', async () => {
    const slow = sofficeStandIn({ delaySeconds: 30 });
    const quick = sofficeStandIn({ pdf: samplePdf({ title: 'x', pages: [{ heading: 'x' }] }) });
    try {
      const stuck = officeConverter({ command: slow.command, timeoutMs: 300 });
      const started = Date.now();
      const input = inputFile('slow.docx', docxBytes(['Slow']));
      expect(await failureOf(stuck.convertToPdf(input, path.join(work, 'out-slow')))).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(5_000);
      const next = officeConverter({ command: quick.command, timeoutMs: 5_000 });
      const pdf = await next.convertToPdf(
        inputFile('after.docx', docxBytes(['After'])),
        path.join(work, 'out-after'),
      );
      expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      slow.remove();
      quick.remove();
    }
  });

  it('treats an exit without a PDF as a failed conversion', async () => {
    const standIn = sofficeStandIn();
    try {
      const converter = officeConverter({ command: standIn.command, timeoutMs: 5_000 });
      const input = inputFile('nothing.docx', docxBytes(['Nothing']));
      expect(await failureOf(converter.convertToPdf(input, path.join(work, 'out-nothing')))).toBe('failed');
    } finally {
      standIn.remove();
    }
  });
});

describe.skipIf(!installedSoffice())('office converter with LibreOffice installed', () => {
  const converter = officeConverter({ command: 'soffice', timeoutMs: 120_000 });

  it('renders a Word document to PDF, page for page', async () => {
    const docx = await converter.convertToPdf(
      inputFile('real.docx', docxBytes(['First page', 'Second page', 'Third page'])),
      path.join(work, 'real-docx'),
    );
    expect(countPdfPages(readFileSync(docx))).toBe(3);
  }, 120_000);

  it.skipIf(!sofficeOpensPresentations())(
    'renders a PowerPoint deck to PDF, slide for slide',
    async () => {
      const pptx = await converter.convertToPdf(
        inputFile('real.pptx', pptxBytes(['Slide one', 'Slide two'])),
        path.join(work, 'real-pptx'),
      );
      expect(countPdfPages(readFileSync(pptx))).toBe(2);
    },
    120_000,
  );

  it('fails on a file LibreOffice cannot read', async () => {
    const input = inputFile('broken.docx', Buffer.from('PK\u0003\u0004 not really a document'));
    expect(await failureOf(converter.convertToPdf(input, path.join(work, 'broken')))).toBe('failed');
  }, 120_000);
});
