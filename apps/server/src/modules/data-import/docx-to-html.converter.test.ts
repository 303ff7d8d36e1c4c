import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { installedSoffice, sofficeSaveAsDocx } from '../../test/soffice-stand-in.ts';
import { IMPORTED_SUBJECT_TYPES } from '@lectern/contracts/data-import/data-import.schemas';
import { convertDocxToHtml, type DocxConversionOptions } from './docx-to-html.converter.ts';
import { parseQuestionText } from './question-text.parser.ts';
import { buildDocx, paragraph, picture, tinyPng, type DocxParts } from './fixtures/docx-builder.fixture.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');

function recordingStore(): DocxConversionOptions & { stored: { bytes: Buffer; contentType: string }[] } {
  const stored: { bytes: Buffer; contentType: string }[] = [];
  return {
    stored,
    storeImage: async (image) => {
      stored.push(image);
      return `/api/uploads/${stored.length}/blob`;
    },
  };
}

async function convert(body: string, extra: Partial<DocxParts> = {}) {
  return convertDocxToHtml(await buildDocx({ body, ...extra }), recordingStore());
}

const run = (text: string, properties: string) =>
  `<w:r><w:rPr>${properties}</w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;

describe('convertDocxToHtml', () => {
  it('keeps bold, italic, underline, strike and sub/superscript, and makes headings plain lines', async () => {
    const body =
      `<w:p>${run('H', '')}${run('2', '<w:vertAlign w:val="subscript"/>')}${run('O ', '')}${run('x', '<w:i/>')}${run('2', '<w:vertAlign w:val="superscript"/>')}</w:p>` +
      `<w:p>${run('bold', '<w:b/>')} ${run('under', '<w:u w:val="single"/>')}${run('gone', '<w:strike/>')}</w:p>` +
      paragraph('1. [单选题] 题干', '<w:pStyle w:val="Heading1"/>') +
      paragraph('Paper title', '<w:pStyle w:val="Title"/>');
    const { html, warnings } = await convert(body, {
      styles:
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>',
    });
    expect(html).toBe(
      '<p>H<sub>2</sub>O <em>x</em><sup>2</sup></p><p><strong>bold</strong><u>under</u><s>gone</s></p><p>1. [单选题] 题干</p><p>Paper title</p>',
    );
    expect(warnings).toEqual([]);
  });

  it('keeps tables whole', async () => {
    const cell = (text: string) =>
      `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${paragraph(text)}</w:tc>`;
    const { html } = await convert(
      `<w:tbl><w:tblPr/><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid><w:tr>${cell('城市')}${cell('人口')}</w:tr><w:tr>${cell('上海')}${cell('2487')}</w:tr></w:tbl>`,
    );
    expect(html).toBe(
      '<table><tr><td><p>城市</p></td><td><p>人口</p></td></tr><tr><td><p>上海</p></td><td><p>2487</p></td></tr></table>',
    );
  });

  it('stores each distinct picture once through storeImage and points img at the returned URL', async () => {
    const store = recordingStore();
    const bytes = await buildDocx({
      body: `<w:p>${picture('rCat', 'a cat')}</w:p><w:p>${picture('rDog', 'a dog')}${picture('rCat', 'the cat again')}</w:p>`,
      images: {
        rCat: { bytes: tinyPng(1), extension: 'png' },
        rDog: { bytes: tinyPng(2), extension: 'png' },
      },
    });
    const { html } = await convertDocxToHtml(bytes, store);
    expect(store.stored).toEqual([
      { bytes: tinyPng(1), contentType: 'image/png' },
      { bytes: tinyPng(2), contentType: 'image/png' },
    ]);
    expect(html).toBe(
      '<p><img alt="a cat" src="/api/uploads/1/blob" /></p><p><img alt="a dog" src="/api/uploads/2/blob" /><img alt="the cat again" src="/api/uploads/1/blob" /></p>',
    );
  });

  it('stores a webp picture as PNG, so every browser shows it, without a warning', async () => {
    const store = recordingStore();
    const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    const bytes = await buildDocx({
      body: `<w:p>${picture('rFig', 'figure')}</w:p>`,
      images: { rFig: { bytes: webp, extension: 'webp' } },
    });
    const { html, warnings } = await convertDocxToHtml(bytes, store);
    expect(store.stored.map((image) => image.contentType)).toEqual(['image/png']);
    expect(store.stored[0]!.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(html).toBe('<p><img alt="figure" src="/api/uploads/1/blob" /></p>');
    expect(warnings).toEqual([]);
  });

  it('fails when a picture cannot be stored, rather than importing without it', async () => {
    const bytes = await buildDocx({
      body: `<w:p>${picture('rCat', 'a cat')}</w:p>`,
      images: { rCat: { bytes: tinyPng(), extension: 'png' } },
    });
    const failure = new Error('disk full');
    await expect(convertDocxToHtml(bytes, { storeImage: () => Promise.reject(failure) })).rejects.toBe(
      failure,
    );
  });

  it('leaves out a linked picture it cannot read, with a warning', async () => {
    const zip = await JSZip.loadAsync(
      await buildDocx({ body: `<w:p>${picture('rLinked', 'linked').replace('r:embed', 'r:link')}</w:p>` }),
    );
    zip.file(
      'word/_rels/document.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rLinked" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///nonexistent/picture.png" TargetMode="External"/></Relationships>',
    );
    const store = recordingStore();
    const { html, warnings } = await convertDocxToHtml(
      await zip.generateAsync({ type: 'nodebuffer' }),
      store,
    );
    expect(store.stored).toEqual([]);
    expect(html).toBe('');
    expect(warnings).toEqual(['A picture could not be read and was left out.']);
  });

  it('notes a picture a browser cannot show on the question it is in, naming its whole type', async () => {
    const docx = async (body: string) => {
      const zip = await JSZip.loadAsync(
        await buildDocx({ body, images: { rPic: { bytes: tinyPng(), extension: 'png' } } }),
      );
      const types = await zip.file('[Content_Types].xml')!.async('string');
      zip.file('[Content_Types].xml', types.replace('ContentType="image/png"', 'ContentType="image/x-wmf"'));
      return zip.generateAsync({ type: 'nodebuffer' });
    };
    const bytes = await docx(
      [
        paragraph('1. [单选题] 下式的值是多少？'),
        `<w:p>${picture('rPic', 'an equation')}</w:p>`,
        paragraph('A. 1'),
        paragraph('B. 2'),
        paragraph('答案：B'),
      ].join(''),
    );
    const { html, warnings } = await convertDocxToHtml(bytes, { ...recordingStore(), locale: 'zh-CN' });
    expect(warnings).toEqual([]);
    const note =
      '导入提示：有一张 image/x-wmf 格式的图片（常见于旧版 MathType 或公式编辑器的公式）无法在网页中显示；请重新插入为图片或 Word 公式';
    expect(html).toContain(
      `<img alt="an equation" src="/api/uploads/1/blob" /></p><p>${note}</p><p>A. 1</p>`,
    );
    // The parser reads it as that question's warning; the options after it are still its options.
    const { subjects } = parseQuestionText(html, { locale: 'zh-CN', allowedTypes: IMPORTED_SUBJECT_TYPES });
    expect(subjects.map((s) => [s.warnings, s.errors, s.options.length])).toEqual([
      [[note.slice('导入提示：'.length)], [], 2],
    ]);
    // In a table, the note follows the table, so it never becomes part of the question's table.
    const inTable = await docx(
      `${paragraph('1. [简答题] 看表。')}<w:tbl><w:tr><w:tc>${`<w:p>${picture('rPic', 'x')}</w:p>`}</w:tc></w:tr></w:tbl>${paragraph('答案：略')}`,
    );
    const table = await convertDocxToHtml(inTable, recordingStore());
    expect(table.html).toMatch(/<\/table><p>Import note: A picture in image\/x-wmf format/);
  });

  it('puts equations back where they stood as MathML, display equations as blocks', async () => {
    const r = (text: string) => `<m:r><m:t>${text}</m:t></m:r>`;
    const body =
      `<w:p>${run('解方程 ', '')}<m:oMath><m:f><m:num>${r('1')}</m:num><m:den>${r('x')}</m:den></m:f>${r('=')}<m:sSup><m:e>${r('x')}</m:e><m:sup>${r('2')}</m:sup></m:sSup></m:oMath>${run(' 的根', '')}</w:p>` +
      `<w:p><m:oMathPara><m:oMath><m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r('k=1')}</m:sub><m:sup>${r('n')}</m:sup><m:e><m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${r('k')}</m:e></m:rad></m:e></m:nary></m:oMath></m:oMathPara></w:p>`;
    const { html } = await convert(body);
    expect(html).toBe(
      '<p>解方程 <math><mfrac><mn>1</mn><mi>x</mi></mfrac><mo>=</mo><msup><mi>x</mi><mn>2</mn></msup></math> 的根</p>' +
        '<p><math display="block"><mrow><munderover><mo movablelimits="false">∑</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msqrt><mi>k</mi></msqrt></mrow></math></p>',
    );
  });

  it('reads documents whose namespaces use other prefixes', async () => {
    const body = `<x:p><x:r><x:t>x = </x:t></x:r><om:oMath><om:sSub><om:e><om:r><om:t>a</om:t></om:r></om:e><om:sub><om:r><om:t>1</om:t></om:r></om:sub></om:sSub></om:oMath></x:p>`;
    const { html } = await convert(body, { prefixes: { w: 'x', m: 'om' } });
    expect(html).toBe('<p>x = <math><msub><mi>a</mi><mn>1</mn></msub></math></p>');
  });

  it('keeps the shown result of simple fields', async () => {
    const { html } = await convert(
      `<w:p><w:r><w:t xml:space="preserve">Question </w:t></w:r><w:fldSimple w:instr=" SEQ Question \\* ARABIC "><w:r><w:t>3</w:t></w:r></w:fldSimple></w:p>`,
    );
    expect(html).toBe('<p>Question 3</p>');
  });

  it('warns once, in words, about content it could not read, and not about styles', async () => {
    const ruby =
      '<w:r><w:ruby><w:rt><w:r><w:t>hàn</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>汉</w:t></w:r></w:rubyBase></w:ruby></w:r>';
    const { html, warnings } = await convert(
      `<w:p>${ruby}</w:p><w:p><w:pPr><w:pStyle w:val="Custom"/></w:pPr><w:permStart w:id="1"/>${ruby}<w:permEnd w:id="1"/></w:p>`,
      { styles: '<w:style w:type="paragraph" w:styleId="Custom"><w:name w:val="My own style"/></w:style>' },
    );
    expect(html).toBe('');
    expect(warnings).toEqual(['Some content of the document (w:ruby) could not be read and was left out.']);
  });

  it('refuses files that are not Word documents', async () => {
    const notDocx = { code: 'unsupported_media_type', detail: 'dataImport.notDocx' };
    const store = recordingStore();
    await expect(convertDocxToHtml(Buffer.from('1. 题干\nA. 选项'), store)).rejects.toMatchObject(notDocx);
    // A Word 97-2003 .doc is an OLE compound file.
    const doc = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(convertDocxToHtml(doc, store)).rejects.toMatchObject(notDocx);
    const workbook = new JSZip();
    workbook.file(
      '_rels/.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    );
    workbook.file(
      'xl/workbook.xml',
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
    );
    const xlsx = await workbook.generateAsync({ type: 'nodebuffer' });
    await expect(convertDocxToHtml(xlsx, store)).rejects.toMatchObject(notDocx);
  });

  it('reports a damaged Word document as unreadable', async () => {
    const unreadable = { code: 'validation_failed', detail: 'dataImport.docxUnreadable' };
    const store = recordingStore();
    const truncated = (await buildDocx({ body: paragraph('text') })).subarray(0, 200);
    await expect(convertDocxToHtml(truncated, store)).rejects.toMatchObject(unreadable);
    const broken = await buildDocx({ body: '<w:p><w:r><w:t>unclosed</w:p>' });
    await expect(convertDocxToHtml(broken, store)).rejects.toMatchObject(unreadable);
  });
});

/** What any LibreOffice writes for fixtures/libreoffice-questions.html, whatever its version. */
function expectLibreOfficeQuestions(html: string) {
  expect(html).toContain(
    '<p>1. [单选题] 中国的首都是哪座城市？</p><p>A. 上海</p><p>B. <strong>北京</strong></p><p>C. 广州</p>',
  );
  expect(html).toContain('<p>2. [单选题] 下表中人口最多的城市是？</p><table>');
  expect(html).toContain('<td><p>上海</p></td><td><p>2487</p></td>');
  expect(html).toContain(
    '</table><p>A. 上海</p><p>B. 北京</p><p>答案：A</p><p>解析：上海人口<strong>最多</strong>。</p>',
  );
}

describe('documents written by LibreOffice', () => {
  it('converts the committed LibreOffice file with its list numbers, table and bold text', async () => {
    const { html, warnings } = await convertDocxToHtml(
      readFileSync(path.join(fixtures, 'libreoffice-questions.docx')),
      recordingStore(),
    );
    expect(html).toBe(
      '<p>一、单选题（每题 2 分）</p><p>1. [单选题] 中国的首都是哪座城市？</p><p>A. 上海</p><p>B. <strong>北京</strong></p><p>C. 广州</p><p>答案：B</p><p>分值：2</p><p>2. [单选题] 下表中人口最多的城市是？</p><table><tr><td><p>城市</p></td><td><p>人口（万）</p></td></tr><tr><td><p>上海</p></td><td><p>2487</p></td></tr><tr><td><p>北京</p></td><td><p>2189</p></td></tr></table><p>A. 上海</p><p>B. 北京</p><p>答案：A</p><p>解析：上海人口<strong>最多</strong>。</p>',
    );
    expectLibreOfficeQuestions(html);
    expect(warnings).toEqual([]);
  });

  const soffice = installedSoffice();
  it.skipIf(!soffice)(
    'converts a file LibreOffice writes now',
    async () => {
      const work = mkdtempSync(path.join(tmpdir(), 'lectern-docx-'));
      try {
        const written = sofficeSaveAsDocx(soffice!, path.join(fixtures, 'libreoffice-questions.html'), work);
        const { html } = await convertDocxToHtml(readFileSync(written), recordingStore());
        expectLibreOfficeQuestions(html);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
