import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { mathmlToDocx } from './mathml-to-docx.ts';

/** The body of a Word file holding just the equation. */
async function documentXml(mathml: string): Promise<string> {
  const math = mathmlToDocx(mathml);
  if (!math) throw new Error('no equation');
  const docx = await Packer.toBuffer(
    new Document({ sections: [{ children: [new Paragraph({ children: [math] })] }] }),
  );
  return (await (await JSZip.loadAsync(docx)).file('word/document.xml')?.async('string')) ?? '';
}

/** The OMML Word writes for a MathML equation, run markers simplified to `r(text)`. */
async function omml(mathml: string): Promise<string> {
  const body = await documentXml(mathml);
  const found = /<m:oMath>.*<\/m:oMath>/.exec(body)?.[0] ?? '';
  return found.replace(/<m:r>(?:<m:rPr>.*?<\/m:rPr>)?<m:t(?: [^>]*)?>([^<]*)<\/m:t><\/m:r>/g, 'r($1)');
}

describe('mathmlToDocx', () => {
  it('writes identifiers, numbers and operators as math runs', async () => {
    expect(await omml('<math><mi>x</mi><mo>+</mo><mn>12</mn></math>')).toBe(
      '<m:oMath>r(x)r(+)r(12)</m:oMath>',
    );
  });

  it('writes a fraction', async () => {
    expect(
      await omml('<math><mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></mfrac></math>'),
    ).toBe('<m:oMath><m:f><m:num>r(a)r(+)r(b)</m:num><m:den>r(2)</m:den></m:f></m:oMath>');
  });

  it('writes a fraction without a bar when its line thickness is 0', async () => {
    expect(await omml('<math><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac></math>')).toContain(
      '<m:fPr><m:type m:val="noBar"/></m:fPr>',
    );
  });

  it('writes superscripts, subscripts and both', async () => {
    expect(await omml('<math><msup><mi>x</mi><mn>2</mn></msup></math>')).toBe(
      '<m:oMath><m:sSup><m:sSupPr/><m:e>r(x)</m:e><m:sup>r(2)</m:sup></m:sSup></m:oMath>',
    );
    expect(await omml('<math><msub><mi>a</mi><mi>n</mi></msub></math>')).toContain(
      '<m:sSub><m:sSubPr/><m:e>r(a)</m:e><m:sub>r(n)</m:sub></m:sSub>',
    );
    expect(await omml('<math><msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup></math>')).toContain(
      '<m:e>r(x)</m:e><m:sub>r(i)</m:sub><m:sup>r(2)</m:sup></m:sSubSup>',
    );
  });

  it('writes square roots and roots with a degree', async () => {
    expect(await omml('<math><msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt></math>')).toBe(
      '<m:oMath><m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>r(x)r(+)r(1)</m:e></m:rad></m:oMath>',
    );
    expect(await omml('<math><mroot><mi>x</mi><mn>3</mn></mroot></math>')).toContain(
      '<m:deg>r(3)</m:deg><m:e>r(x)</m:e></m:rad>',
    );
  });

  it('writes a sum with limits as an n-ary operator over the term after it', async () => {
    const out = await omml(
      '<math><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mi>x</mi><mi>i</mi></msub></math>',
    );
    expect(out).toContain('<m:chr m:val="∑"/>');
    expect(out).toContain('<m:sub>r(i)r(=)r(1)</m:sub><m:sup>r(n)</m:sup><m:e><m:sSub>');
  });

  it('writes parentheses around a row as stretching brackets', async () => {
    expect(
      await omml('<math><mrow><mo>(</mo><mfrac><mn>1</mn><mn>2</mn></mfrac><mo>)</mo></mrow></math>'),
    ).toContain('<m:d><m:dPr><m:begChr m:val="("/><m:endChr m:val=")"/></m:dPr><m:e><m:f>');
  });

  it('writes an accent over a letter', async () => {
    expect(await omml('<math><mover accent="true"><mi>v</mi><mo>→</mo></mover></math>')).toContain(
      '<m:acc><m:accPr><m:chr m:val="⃗"/></m:accPr><m:e>r(v)</m:e></m:acc>',
    );
  });

  it('writes a table as a matrix', async () => {
    const out = await omml(
      '<math><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable></math>',
    );
    expect(out.match(/<m:mr>/g)).toHaveLength(2);
    expect(out).toContain('<m:mr><m:e>r(1)</m:e><m:e>r(0)</m:e></m:mr>');
  });

  it('keeps the text of elements it has no Word form for, and drops annotations', async () => {
    expect(
      await omml(
        '<math><semantics><mrow><mmultiscripts><mi>C</mi><mn>6</mn><none/></mmultiscripts></mrow><annotation encoding="TeX">C_6</annotation></semantics></math>',
      ),
    ).toBe('<m:oMath>r(C6)</m:oMath>');
  });

  it('draws a multi-letter identifier upright, a bold variant bold and text as normal text', async () => {
    const body = await documentXml(
      '<math><mi>sin</mi><mtext>if </mtext><mi mathvariant="bold">v</mi></math>',
    );
    expect(body).toContain('<m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>sin</m:t></m:r>');
    expect(body).toContain('<m:r><m:rPr><m:nor m:val="1"/></m:rPr><m:t xml:space="preserve">if </m:t></m:r>');
    expect(body).toContain('<m:r><m:rPr><m:sty m:val="b"/></m:rPr><m:t>v</m:t></m:r>');
  });

  it('finds no equation in HTML without <math>', () => {
    expect(mathmlToDocx('<p>no math</p>')).toBeNull();
  });
});
