import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { htmlToDocx, type DocxImage } from './html-to-docx.writer.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const noImages = async (): Promise<DocxImage | null> => null;

async function unzip(docx: Buffer): Promise<{ zip: JSZip; body: string }> {
  const zip = await JSZip.loadAsync(docx);
  const body = (await zip.file('word/document.xml')?.async('string')) ?? '';
  return { zip, body };
}

/** The text of each paragraph of the body, in order (tables' paragraphs included). */
function paragraphs(body: string): string[] {
  return [...body.matchAll(/<w:p>(.*?)<\/w:p>|<w:p [^>]*>(.*?)<\/w:p>/g)].map((m) =>
    [...(m[1] ?? m[2] ?? '').matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
  );
}

describe('htmlToDocx', () => {
  it('writes a Word file with one paragraph per line and the text intact', async () => {
    const { zip, body } = await unzip(
      await htmlToDocx(
        '<p>1. [单选题] 中国的首都是？</p><p>A. 上海</p><p>B. 北京</p><p>  </p><p>答案：B</p>',
        {
          title: 'Paper',
          loadImage: noImages,
        },
      ),
    );
    expect(paragraphs(body)).toEqual(['1. [单选题] 中国的首都是？', 'A. 上海', 'B. 北京', '答案：B']);
    expect(await zip.file('docProps/core.xml')?.async('string')).toContain('<dc:title>Paper</dc:title>');
  });

  it('keeps bold, italic, underline, strike, sub and superscript as run properties, and <br> as a break', async () => {
    const { body } = await unzip(
      await htmlToDocx(
        '<p><strong>bold</strong> <em>it</em> <u>under</u> <s>gone</s> H<sub>2</sub>O x<sup>2</sup><br>next</p>',
        { loadImage: noImages },
      ),
    );
    expect(body).toMatch(/<w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t[^>]*>bold<\/w:t><\/w:r>/);
    expect(body).toMatch(/<w:i\/><w:iCs\/><\/w:rPr><w:t[^>]*>it</);
    expect(body).toMatch(/<w:u w:val="single"\/><\/w:rPr><w:t[^>]*>under</);
    expect(body).toMatch(/<w:strike\/><\/w:rPr><w:t[^>]*>gone</);
    expect(body).toMatch(/<w:vertAlign w:val="subscript"\/><\/w:rPr><w:t[^>]*>2</);
    expect(body).toMatch(/<w:vertAlign w:val="superscript"\/><\/w:rPr><w:t[^>]*>2</);
    expect(body).toMatch(/<w:br\/><\/w:r><w:r><w:t[^>]*>next</);
    expect(paragraphs(body)).toHaveLength(1);
  });

  it('writes tables as bordered Word tables whose cells hold paragraphs', async () => {
    const { body } = await unzip(
      await htmlToDocx(
        '<p>Before</p><table><tr><th>Month</th><th>°C</th></tr><tr><td>January</td><td><p>-4</p><p>cold</p></td></tr><tr><td colspan="2">all year</td></tr></table><p>After</p>',
        { loadImage: noImages },
      ),
    );
    expect(body.match(/<w:tbl>/g)).toHaveLength(1);
    expect(body).toMatch(/<w:tblBorders><w:top w:val="single"/);
    expect(body).toMatch(/<w:gridSpan w:val="2"\/>/);
    expect(body.match(/<w:tr>/g)).toHaveLength(3);
    expect(paragraphs(body)).toEqual(['Before', 'Month', '°C', 'January', '-4', 'cold', 'all year', 'After']);
    // A header row is marked as one (Word repeats it on each page) and its text is bold.
    expect(body.match(/<w:tblHeader\/>/g)).toHaveLength(1);
    expect(body).toMatch(/<w:b\/><w:bCs\/><\/w:rPr><w:t[^>]*>Month</);
  });

  it('embeds a picture loadImage gives, scaled to at most 15 cm wide', async () => {
    const requested: string[] = [];
    const { zip, body } = await unzip(
      await htmlToDocx(
        '<p>See <img src="/api/uploads/7/blob" alt="graph"> and <img src="/api/uploads/7/blob"></p>',
        {
          loadImage: async (src) => {
            requested.push(src);
            return { data: PNG, type: 'png', width: 2000, height: 1000 };
          },
        },
      ),
    );
    expect(requested).toEqual(['/api/uploads/7/blob']);
    const media = Object.keys(zip.files).filter((name) => name.startsWith('word/media/'));
    expect(media.length).toBeGreaterThan(0);
    expect(await zip.file(media[0] as string)?.async('nodebuffer')).toEqual(PNG);
    // 15 cm = 5,400,000 EMU (give or take a pixel's rounding), half as tall.
    const extent = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(body);
    expect(Number(extent?.[1])).toBeGreaterThan(5_390_000);
    expect(Number(extent?.[1])).toBeLessThanOrEqual(5_410_000);
    expect(Number(extent?.[2]) * 2).toBeCloseTo(Number(extent?.[1]), -5);
    expect(body).toContain('descr="graph"');
  });

  it('keeps a small picture at its own size', async () => {
    const { body } = await unzip(
      await htmlToDocx('<p><img src="a.png"></p>', {
        loadImage: async () => ({ data: PNG, type: 'png', width: 96, height: 48 }),
      }),
    );
    // 96 px = 1 inch = 914,400 EMU.
    expect(body).toContain('<wp:extent cx="914400" cy="457200"/>');
  });

  it('says "[image]" where a picture cannot be loaded', async () => {
    const { zip, body } = await unzip(
      await htmlToDocx('<p>See <img src="/gone.png"></p>', { loadImage: noImages }),
    );
    expect(paragraphs(body)).toEqual(['See [image]']);
    expect(Object.keys(zip.files).some((name) => name.startsWith('word/media/'))).toBe(false);
  });

  it('writes MathML as a Word equation', async () => {
    const { body } = await unzip(
      await htmlToDocx('<p>Solve <math><mfrac><mn>1</mn><mi>x</mi></mfrac><mo>=</mo><mn>2</mn></math></p>', {
        loadImage: noImages,
      }),
    );
    expect(body).toMatch(
      /<m:oMath><m:f><m:num><m:r><m:t>1<\/m:t><\/m:r><\/m:num><m:den><m:r><m:t>x<\/m:t><\/m:r><\/m:den><\/m:f>/,
    );
  });

  it('writes lists as Word lists, ordered ones numbered and each list counting from 1', async () => {
    const { zip, body } = await unzip(
      await htmlToDocx('<ol><li>one</li><li>two</li></ol><ul><li>dot</li></ul><ol><li>again</li></ol>', {
        loadImage: noImages,
      }),
    );
    const numIds = [...body.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);
    expect(numIds).toHaveLength(4);
    expect(numIds[0]).toBe(numIds[1]);
    expect(new Set(numIds).size).toBe(3);
    const numbering = (await zip.file('word/numbering.xml')?.async('string')) ?? '';
    expect(numbering).toContain('<w:numFmt w:val="decimal"/>');
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
  });

  it('writes links as hyperlinks', async () => {
    const { zip, body } = await unzip(
      await htmlToDocx('<p>Read <a href="https://example.org/a">this</a>.</p>', { loadImage: noImages }),
    );
    expect(body).toMatch(
      /<w:hyperlink [^>]*><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t[^>]*>this</,
    );
    expect(await zip.file('word/_rels/document.xml.rels')?.async('string')).toContain(
      'https://example.org/a',
    );
  });

  it('writes an empty document that Word can still open', async () => {
    const { body } = await unzip(await htmlToDocx('', { loadImage: noImages }));
    expect(body).toContain('<w:body><w:p/>');
  });
});
