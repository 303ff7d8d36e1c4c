import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitizeUserHtml, sanitizeUserHtmlByParser } from './sanitize-html.ts';

describe('sanitizeUserHtml', () => {
  it('removes script and style elements with their content', () => {
    expect(sanitizeUserHtml('<p>hi</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>hi</p>');
  });

  it('removes event handlers and attributes outside the allowlist', () => {
    expect(sanitizeUserHtml('<p onclick="x()" style="color:red" class="c">a</p>')).toBe('<p>a</p>');
    expect(sanitizeUserHtml('<img src="https://x/a.png" onerror="x()" alt="a" width="10">')).toBe(
      '<img src="https://x/a.png" alt="a" width="10" />',
    );
  });

  it('removes javascript: links but keeps http links with the allowed attributes', () => {
    expect(sanitizeUserHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeUserHtml('<a href="https://lectern.edu" target="_blank" name="n" rel="x">x</a>')).toBe(
      '<a href="https://lectern.edu" target="_blank" name="n" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps common block, inline and table markup', () => {
    const html =
      '<h2>T</h2><ul><li><strong>b</strong> <em>i</em> <u>u</u></li></ul><table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>';
    expect(sanitizeUserHtml(html)).toBe(html);
  });

  it('drops iframes, forms and objects', () => {
    expect(sanitizeUserHtml('<iframe src="https://x"></iframe><form><input></form><object></object>ok')).toBe(
      'ok',
    );
  });

  it('keeps MathML equations with their layout attributes', () => {
    const html =
      '<p>x = <math display="block"><mfrac linethickness="0"><mrow><mi mathvariant="normal">d</mi><mi>y</mi></mrow><msqrt><mn>2</mn></msqrt></mfrac><munderover><mo movablelimits="false">∑</mo><mi>i</mi><mi>n</mi></munderover><mtable columnalign="left"><mtr><mtd><menclose notation="box"><mi>a</mi></menclose></mtd></mtr></mtable></math></p>';
    expect(sanitizeUserHtml(html)).toBe(html);
  });

  it('closes empty MathML elements written as self-closing instead of nesting the rest inside them', () => {
    expect(
      sanitizeUserHtml(
        '<math><mmultiscripts><mi>C</mi><mprescripts/><mn>6</mn><none/></mmultiscripts></math>',
      ),
    ).toBe(
      '<math><mmultiscripts><mi>C</mi><mprescripts></mprescripts><mn>6</mn><none></none></mmultiscripts></math>',
    );
  });

  it('removes MathML links, styles, handlers and actions', () => {
    expect(
      sanitizeUserHtml(
        '<math href="javascript:alert(1)" xlink:href="javascript:alert(1)" style="x" onclick="x()"><mi href="https://x" onmouseover="x()">a</mi></math>',
      ),
    ).toBe('<math><mi>a</mi></math>');
    expect(sanitizeUserHtml('<math><maction actiontype="toggle"><mi>a</mi><mi>b</mi></maction></math>')).toBe(
      '<math><mi>a</mi><mi>b</mi></math>',
    );
  });

  it('drops annotation-xml with everything inside it, keeping plain annotations', () => {
    expect(
      sanitizeUserHtml(
        '<math><semantics><mi>x</mi><annotation-xml encoding="text/html"><img src="https://x/a.png" onerror="alert(1)"><p>html</p></annotation-xml><annotation encoding="application/x-tex">x</annotation></semantics></math>',
      ),
    ).toBe(
      '<math><semantics><mi>x</mi><annotation encoding="application/x-tex">x</annotation></semantics></math>',
    );
  });
});

describe('sanitizeUserHtml and the rich-text editor (decision 0011)', () => {
  it('keeps a formula written in the editor: MathML with its LaTeX source annotation', () => {
    const html =
      '<p>Area <math><semantics><mrow><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">\\pi r^2</annotation></semantics></math></p>';
    expect(sanitizeUserHtml(html)).toBe(html);
  });

  it('keeps a vocabulary term and the editor formats, but no attributes on them', () => {
    expect(sanitizeUserHtml('<p><dfn title="x" onclick="x()">osmosis</dfn> <code>a</code></p>')).toBe(
      '<p><dfn>osmosis</dfn> <code>a</code></p>',
    );
  });

  it('allows encoding only on annotation, and still drops annotation-xml whatever its encoding', () => {
    expect(
      sanitizeUserHtml(
        '<math encoding="x"><semantics><mi encoding="x">a</mi><annotation-xml encoding="text/html"><p>h</p></annotation-xml></semantics></math>',
      ),
    ).toBe('<math><semantics><mi>a</mi></semantics></math>');
  });

  it('keeps only the LaTeX encoding on an annotation', () => {
    expect(
      sanitizeUserHtml(
        '<math><semantics><mi>a</mi><annotation encoding="text/html">a</annotation><annotation encoding="StarMath 5.0">a</annotation></semantics></math>',
      ),
    ).toBe(
      // sanitize-html empties a refused value rather than removing the attribute: equally inert.
      '<math><semantics><mi>a</mi><annotation encoding>a</annotation><annotation encoding>a</annotation></semantics></math>',
    );
  });
});

describe('plain markup is returned as sanitize-html would return it', () => {
  // sanitizeUserHtml skips the parser for text in attribute-free paragraphs and inline tags; whatever it
  // accepts must come out exactly as sanitize-html itself writes it.
  const word = fc.stringMatching(/^[a-zA-Z0-9 "'.,!?\n\u00a0\u4e00-\u4e10-]{0,12}$/);
  const tag = fc.constantFrom('p', 'strong', 'em', 'b', 'i', 'u', 's', 'sub', 'sup', 'code', 'span', 'div');
  const piece = fc.oneof(
    word,
    tag.map((name) => `<${name}>`),
    tag.map((name) => `</${name}>`),
    fc.constantFrom('<br>', '<br />', '&amp;', '&nbsp;', '<', '>', '<p class="x">', '<P>', '\u0000'),
  );
  const balanced: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      word,
      fc
        .tuple(tag, fc.array(tie('node'), { maxLength: 3 }))
        .map(([name, children]) => `<${name}>${children.join('')}</${name}>`),
    ),
  })).node;

  it('for balanced and for arbitrary sequences of tags, text and specials', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          balanced,
          fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
        ),
        (html) => {
          expect(sanitizeUserHtml(html)).toBe(sanitizeUserHtmlByParser(html));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('an editor’s answer comes back unchanged, and the unsafe kinds still go through the sanitizer', () => {
    const answer = '<p>An answer with <strong>bold</strong> and <em>emphasis</em>.</p><p>"Second" line</p>';
    expect(sanitizeUserHtml(answer)).toBe(answer);
    expect(sanitizeUserHtml('<p>x</p><script>alert(1)</script>')).toBe('<p>x</p>');
    expect(sanitizeUserHtml('<p>a &amp; b</p>')).toBe('<p>a &amp; b</p>');
    expect(sanitizeUserHtml('<p>unclosed')).toBe('<p>unclosed</p>');
  });
});
