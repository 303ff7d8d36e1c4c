import { describe, expect, it } from 'vitest';
import { ommlToMathml } from './omml-to-mathml.ts';

/** A math run as Word writes it: Cambria Math run formatting, optional math style. */
function r(text: string, style = ''): string {
  return `<m:r>${style ? `<m:rPr>${style}</m:rPr>` : ''}<w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/></w:rPr><m:t>${text}</m:t></m:r>`;
}

const ctrl =
  '<m:ctrlPr><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/><w:i/></w:rPr></m:ctrlPr>';

function math(content: string): string {
  return ommlToMathml(`<m:oMath>${content}</m:oMath>`);
}

describe('ommlToMathml', () => {
  it('sets letters as identifiers, digits as numbers and the rest as operators', () => {
    expect(math(r('2x+y≤10.5'))).toBe(
      '<math><mn>2</mn><mi>x</mi><mo>+</mo><mi>y</mi><mo>≤</mo><mn>10.5</mn></math>',
    );
  });

  it('escapes text and keeps Chinese words as text', () => {
    expect(math(r('a&lt;b&amp;c 解得'))).toBe(
      '<math><mi>a</mi><mo>&lt;</mo><mi>b</mi><mo>&amp;</mo><mi>c</mi><mtext>解得</mtext></math>',
    );
  });

  it('follows the run style: plain, bold, script, double-struck and ordinary text', () => {
    expect(math(r('max', '<m:sty m:val="p"/>'))).toBe('<math><mi>max</mi></math>');
    expect(math(r('d', '<m:sty m:val="p"/>'))).toBe('<math><mi mathvariant="normal">d</mi></math>');
    expect(math(r('v1', '<m:sty m:val="b"/>'))).toBe(
      '<math><mi mathvariant="bold">v</mi><mn mathvariant="bold">1</mn></math>',
    );
    expect(math(r('L', '<m:scr m:val="script"/>'))).toBe('<math><mi mathvariant="script">L</mi></math>');
    expect(math(r('R', '<m:scr m:val="double-struck"/><m:sty m:val="p"/>'))).toBe(
      '<math><mi mathvariant="double-struck">R</mi></math>',
    );
    expect(math(r('if x > 0', '<m:nor/>'))).toBe('<math><mtext>if x &gt; 0</mtext></math>');
  });

  it('converts fractions, with and without a bar, stacked or linear', () => {
    const fraction = (type: string) =>
      math(`<m:f><m:fPr>${type}${ctrl}</m:fPr><m:num>${r('a+1')}</m:num><m:den>${r('2')}</m:den></m:f>`);
    expect(fraction('')).toBe(
      '<math><mfrac><mrow><mi>a</mi><mo>+</mo><mn>1</mn></mrow><mn>2</mn></mfrac></math>',
    );
    expect(fraction('<m:type m:val="noBar"/>')).toBe(
      '<math><mfrac linethickness="0"><mrow><mi>a</mi><mo>+</mo><mn>1</mn></mrow><mn>2</mn></mfrac></math>',
    );
    expect(fraction('<m:type m:val="lin"/>')).toBe(
      '<math><mrow><mrow><mi>a</mi><mo>+</mo><mn>1</mn></mrow><mo>/</mo><mn>2</mn></mrow></math>',
    );
  });

  it('converts superscripts, subscripts and both, after and before the base', () => {
    expect(
      math(`<m:sSup><m:sSupPr>${ctrl}</m:sSupPr><m:e>${r('x')}</m:e><m:sup>${r('2')}</m:sup></m:sSup>`),
    ).toBe('<math><msup><mi>x</mi><mn>2</mn></msup></math>');
    expect(math(`<m:sSub><m:e>${r('a')}</m:e><m:sub>${r('n-1')}</m:sub></m:sSub>`)).toBe(
      '<math><msub><mi>a</mi><mrow><mi>n</mi><mo>-</mo><mn>1</mn></mrow></msub></math>',
    );
    expect(
      math(`<m:sSubSup><m:e>${r('x')}</m:e><m:sub>${r('i')}</m:sub><m:sup>${r('2')}</m:sup></m:sSubSup>`),
    ).toBe('<math><msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup></math>');
    expect(math(`<m:sPre><m:sub>${r('6')}</m:sub><m:sup/><m:e>${r('C')}</m:e></m:sPre>`)).toBe(
      '<math><mmultiscripts><mi>C</mi><mprescripts></mprescripts><mn>6</mn><none></none></mmultiscripts></math>',
    );
  });

  it('converts square roots and roots with a degree', () => {
    expect(
      math(`<m:rad><m:radPr><m:degHide m:val="1"/>${ctrl}</m:radPr><m:deg/><m:e>${r('b')}</m:e></m:rad>`),
    ).toBe('<math><msqrt><mi>b</mi></msqrt></math>');
    expect(math(`<m:rad><m:deg>${r('3')}</m:deg><m:e>${r('x+1')}</m:e></m:rad>`)).toBe(
      '<math><mroot><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow><mn>3</mn></mroot></math>',
    );
  });

  it('converts n-ary operators with their limits', () => {
    const sum = `<m:nary><m:naryPr><m:chr m:val="∑"/><m:limLoc m:val="undOvr"/>${ctrl}</m:naryPr><m:sub>${r('i=1')}</m:sub><m:sup>${r('n')}</m:sup><m:e>${r('i')}</m:e></m:nary>`;
    expect(math(sum)).toBe(
      '<math><mrow><munderover><mo movablelimits="false">∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>i</mi></mrow></math>',
    );
    // No chr is an integral, with limits beside it by default.
    const integral = `<m:nary><m:naryPr>${ctrl}</m:naryPr><m:sub>${r('0')}</m:sub><m:sup>${r('1')}</m:sup><m:e>${r('x')}${r('dx', '<m:sty m:val="p"/>')}</m:e></m:nary>`;
    expect(math(integral)).toBe(
      '<math><mrow><msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup><mrow><mi>x</mi><mi>dx</mi></mrow></mrow></math>',
    );
    const hidden = `<m:nary><m:naryPr><m:chr m:val="∏"/><m:supHide m:val="1"/></m:naryPr><m:sub>${r('k')}</m:sub><m:sup/><m:e>${r('a')}</m:e></m:nary>`;
    expect(math(hidden)).toBe(
      '<math><mrow><munder><mo movablelimits="false">∏</mo><mi>k</mi></munder><mi>a</mi></mrow></math>',
    );
  });

  it('converts delimiters: parentheses by default, any characters, separators, one side only', () => {
    expect(math(`<m:d><m:dPr>${ctrl}</m:dPr><m:e>${r('a+b')}</m:e></m:d>`)).toBe(
      '<math><mrow><mo>(</mo><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mo>)</mo></mrow></math>',
    );
    expect(
      math(
        `<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val="}"/><m:sepChr m:val=","/></m:dPr><m:e>${r('1')}</m:e><m:e>${r('2')}</m:e></m:d>`,
      ),
    ).toBe('<math><mrow><mo>{</mo><mn>1</mn><mo>,</mo><mn>2</mn><mo>}</mo></mrow></math>');
    expect(
      math(`<m:d><m:dPr><m:begChr m:val="|"/><m:endChr m:val="|"/></m:dPr><m:e>${r('x')}</m:e></m:d>`),
    ).toBe('<math><mrow><mo>|</mo><mi>x</mi><mo>|</mo></mrow></math>');
    expect(
      math(`<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr><m:e>${r('x')}</m:e></m:d>`),
    ).toBe('<math><mrow><mo>{</mo><mi>x</mi></mrow></math>');
  });

  it('converts functions, limits and accents', () => {
    expect(
      math(`<m:func><m:funcPr>${ctrl}</m:funcPr><m:fName>${r('sin')}</m:fName><m:e>${r('θ')}</m:e></m:func>`),
    ).toBe('<math><mrow><mi>sin</mi><mo>\u2061</mo><mi>θ</mi></mrow></math>');
    const limit = `<m:func><m:fName><m:limLow><m:e>${r('lim', '<m:sty m:val="p"/>')}</m:e><m:lim>${r('x→0')}</m:lim></m:limLow></m:fName><m:e>${r('f')}</m:e></m:func>`;
    expect(math(limit)).toBe(
      '<math><mrow><munder><mi>lim</mi><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></munder><mo>\u2061</mo><mi>f</mi></mrow></math>',
    );
    expect(math(`<m:limUpp><m:e>${r('x')}</m:e><m:lim>${r('n')}</m:lim></m:limUpp>`)).toBe(
      '<math><mover><mi>x</mi><mi>n</mi></mover></math>',
    );
    expect(math(`<m:acc><m:accPr><m:chr m:val="\u20D7"/></m:accPr><m:e>${r('a')}</m:e></m:acc>`)).toBe(
      '<math><mover accent="true"><mi>a</mi><mo>→</mo></mover></math>',
    );
    expect(math(`<m:acc><m:e>${r('x')}</m:e></m:acc>`)).toBe(
      '<math><mover accent="true"><mi>x</mi><mo>^</mo></mover></math>',
    );
  });

  it('converts bars and grouping characters above or below', () => {
    expect(math(`<m:bar><m:barPr><m:pos m:val="top"/></m:barPr><m:e>${r('AB')}</m:e></m:bar>`)).toBe(
      '<math><mover accent="true"><mrow><mi>A</mi><mi>B</mi></mrow><mo>¯</mo></mover></math>',
    );
    expect(math(`<m:bar><m:e>${r('x')}</m:e></m:bar>`)).toBe(
      '<math><munder accentunder="true"><mi>x</mi><mo>_</mo></munder></math>',
    );
    expect(math(`<m:groupChr><m:e>${r('a+b')}</m:e></m:groupChr>`)).toBe(
      '<math><munder><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mo>⏟</mo></munder></math>',
    );
    expect(
      math(
        `<m:groupChr><m:groupChrPr><m:chr m:val="⏞"/><m:pos m:val="top"/></m:groupChrPr><m:e>${r('n')}</m:e></m:groupChr>`,
      ),
    ).toBe('<math><mover><mi>n</mi><mo>⏞</mo></mover></math>');
  });

  it('converts matrices and equation arrays into tables', () => {
    const matrix = `<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr><m:e><m:m><m:mPr><m:mcs><m:mc><m:mcPr><m:count m:val="2"/></m:mcPr></m:mc></m:mcs></m:mPr><m:mr><m:e>${r('1')}</m:e><m:e>${r('0')}</m:e></m:mr><m:mr><m:e>${r('0')}</m:e><m:e>${r('1')}</m:e></m:mr></m:m></m:e></m:d>`;
    expect(math(matrix)).toBe(
      '<math><mrow><mo>[</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable><mo>]</mo></mrow></math>',
    );
    // "&" marks Word's alignment point in an equation array; it is not shown.
    const system = `<m:eqArr><m:e>${r('x&amp;=1')}</m:e><m:e>${r('y&amp;=2')}</m:e></m:eqArr>`;
    expect(math(system)).toBe(
      '<math><mtable><mtr><mtd><mi>x</mi><mo>=</mo><mn>1</mn></mtd></mtr><mtr><mtd><mi>y</mi><mo>=</mo><mn>2</mn></mtd></mtr></mtable></math>',
    );
  });

  it('converts boxes: a plain box groups, a border box draws its borders and strikes', () => {
    expect(math(`<m:box><m:e>${r('x')}</m:e></m:box>`)).toBe('<math><mi>x</mi></math>');
    expect(math(`<m:borderBox><m:e>${r('E')}</m:e></m:borderBox>`)).toBe(
      '<math><menclose notation="box"><mi>E</mi></menclose></math>',
    );
    expect(
      math(
        `<m:borderBox><m:borderBoxPr><m:hideTop m:val="1"/><m:hideLeft m:val="1"/><m:hideRight m:val="1"/><m:strikeH m:val="1"/></m:borderBoxPr><m:e>${r('x')}</m:e></m:borderBox>`,
      ),
    ).toBe('<math><menclose notation="bottom horizontalstrike"><mi>x</mi></menclose></math>');
  });

  it('keeps the content of constructs it does not know instead of dropping it', () => {
    expect(math(`<m:futureThing><m:futureThingPr/><m:e>${r('x')}</m:e>${r('+1')}</m:futureThing>`)).toBe(
      '<math><mi>x</mi><mo>+</mo><mn>1</mn></math>',
    );
  });

  it('keeps inserted and drops deleted revisions', () => {
    expect(math(`${r('a')}<w:ins w:id="1">${r('+b')}</w:ins><w:del w:id="2">${r('+c')}</w:del>`)).toBe(
      '<math><mi>a</mi><mo>+</mo><mi>b</mi></math>',
    );
  });

  it('makes each equation of a display paragraph a block equation', () => {
    expect(
      ommlToMathml(
        `<m:oMathPara><m:oMathParaPr><m:jc m:val="center"/></m:oMathParaPr><m:oMath>${r('a')}</m:oMath><m:oMath>${r('b')}</m:oMath></m:oMathPara>`,
      ),
    ).toBe('<math display="block"><mi>a</mi></math><math display="block"><mi>b</mi></math>');
  });

  it('reads a document whose math namespace has another prefix', () => {
    expect(
      ommlToMathml(
        '<om:oMath><om:sSup><om:e><om:r><om:t>e</om:t></om:r></om:e><om:sup><om:r><om:t>x</om:t></om:r></om:sup></om:sSup></om:oMath>',
      ),
    ).toBe('<math><msup><mi>e</mi><mi>x</mi></msup></math>');
  });
});
