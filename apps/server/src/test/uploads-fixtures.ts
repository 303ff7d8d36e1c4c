/**
 * Real Office documents written in code for the preview tests: a .docx and a .pptx are zip packages of a
 * few XML parts, which a stored (uncompressed) zip holds byte for byte. No binary fixture is committed.
 */

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A zip archive of these entries, stored without compression. */
export function zipStored(entries: readonly { name: string; data: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time and date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

function contentTypes(overrides: readonly [part: string, type: string][]): string {
  return (
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
    '</Types>'
  );
}

const rootRels = (target: string) =>
  `${XML}<Relationships xmlns="${RELS}">` +
  `<Relationship Id="rId1" Type="${DOC_REL}/officeDocument" Target="${target}"/></Relationships>`;

/** A Word document with one page per entry (page breaks between them). */
export function docxBytes(pages: readonly string[]): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const body = pages
    .map(
      (text, i) =>
        `<w:p><w:r>${i > 0 ? '<w:br w:type="page"/>' : ''}<w:t>${escapeXml(text)}</w:t></w:r></w:p>`,
    )
    .join('');
  return zipStored([
    {
      name: '[Content_Types].xml',
      data: contentTypes([
        [
          '/word/document.xml',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        ],
      ]),
    },
    { name: '_rels/.rels', data: rootRels('word/document.xml') },
    {
      name: 'word/document.xml',
      data: `${XML}<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

/** A PowerPoint deck with one slide per entry, each a single text box. */
export function pptxBytes(slides: readonly string[]): Buffer {
  const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const slideType = 'application/vnd.openxmlformats-officedocument.presentationml.slide+xml';
  const slideXml = (text: string) =>
    `${XML}<p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${DOC_REL}"><p:cSld><p:spTree>` +
    '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>' +
    '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Text"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>' +
    '<p:spPr><a:xfrm><a:off x="914400" y="914400"/><a:ext cx="6000000" cy="1000000"/></a:xfrm>' +
    '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>' +
    `<p:txBody><a:bodyPr/><a:p><a:r><a:t>${escapeXml(text)}</a:t></a:r></a:p></p:txBody></p:sp>` +
    '</p:spTree></p:cSld></p:sld>';
  return zipStored([
    {
      name: '[Content_Types].xml',
      data: contentTypes([
        [
          '/ppt/presentation.xml',
          'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
        ],
        ...slides.map((_, i) => [`/ppt/slides/slide${i + 1}.xml`, slideType] as [string, string]),
      ]),
    },
    { name: '_rels/.rels', data: rootRels('ppt/presentation.xml') },
    {
      name: 'ppt/presentation.xml',
      data:
        `${XML}<p:presentation xmlns:p="${P}" xmlns:r="${DOC_REL}"><p:sldIdLst>` +
        slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('') +
        '</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/>' +
        '</p:presentation>',
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data:
        `${XML}<Relationships xmlns="${RELS}">` +
        slides
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="${DOC_REL}/slide" Target="slides/slide${i + 1}.xml"/>`,
          )
          .join('') +
        '</Relationships>',
    },
    ...slides.map((text, i) => ({ name: `ppt/slides/slide${i + 1}.xml`, data: slideXml(text) })),
  ]);
}

/** A multipart form with one file part, as a browser sends it. */
export function multipartFile(
  file: { filename: string; data: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----lectern${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
