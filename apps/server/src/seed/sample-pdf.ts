/**
 * Writes a real, multi-page PDF from plain text, with no library: the demo courseware and the tests of
 * the PDF viewer and previews need genuine documents, and committing binary fixtures would hide what
 * they contain. Pages are landscape (like slides), set in the PDF standard fonts, so only Latin-1 text
 * can be shown.
 */
export type SamplePage = { heading: string; lines?: readonly string[] };

const WIDTH = 842;
const HEIGHT = 595;

/** A string literal in PDF syntax: backslash and parentheses escaped, anything outside Latin-1 as '?'. */
function literal(text: string): string {
  const latin1 = [...text].map((c) => (c.charCodeAt(0) <= 0xff ? c : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function pageContent(page: SamplePage, number: number, count: number, title: string): string {
  const body = (page.lines ?? [])
    .map((line, i) => `BT /F1 20 Tf 72 ${HEIGHT - 190 - i * 34} Td ${literal(line)} Tj ET`)
    .join('\n');
  return [
    // A coloured band across the top and a page number at the bottom, so pages tell apart at a glance.
    '0.16 0.38 0.71 rg',
    `0 ${HEIGHT - 96} ${WIDTH} 96 re f`,
    '1 1 1 rg',
    `BT /F2 30 Tf 72 ${HEIGHT - 62} Td ${literal(page.heading)} Tj ET`,
    '0.2 0.2 0.2 rg',
    body,
    '0.45 0.45 0.45 rg',
    `BT /F1 12 Tf 72 40 Td ${literal(title)} Tj ET`,
    `BT /F1 12 Tf ${WIDTH - 140} 40 Td ${literal(`Page ${number} / ${count}`)} Tj ET`,
  ].join('\n');
}

/** The bytes of a PDF with one page per entry of `pages`. */
export function samplePdf(options: { title: string; pages: readonly SamplePage[] }): Buffer {
  const { title, pages } = options;
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  // Objects: 1 catalog, 2 page tree, 3-4 fonts, 5 info, then a page and its content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${literal(title)} /Producer (Lectern) >>`;
  pages.forEach((page, i) => {
    const pageId = 6 + i * 2;
    const content = Buffer.from(pageContent(page, i + 1, pages.length, title), 'latin1');
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${WIDTH} ${HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`;
  });

  const header = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const chunks: Buffer[] = [header];
  let offset = header.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = offset;
    const chunk = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    offset += chunk.length;
  }
  // Each cross-reference entry is exactly 20 bytes, as readers expect.
  const xref = [
    'xref',
    `0 ${objects.length}`,
    '0000000000 65535 f ',
    ...offsets.slice(1).map((at) => `${String(at).padStart(10, '0')} 00000 n `),
  ].join('\n');
  chunks.push(
    Buffer.from(
      `${xref}\ntrailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}

/** How many pages a PDF made by samplePdf (or any PDF with plain page objects) has. */
export function countPdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}
