import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlToText, textToHtml } from './content-text.ts';

describe('textToHtml', () => {
  it('turns paragraphs into <p> and single line breaks into <br>', () => {
    expect(textToHtml('First line\nsecond line\n\nNew paragraph')).toBe(
      '<p>First line<br>second line</p><p>New paragraph</p>',
    );
  });

  it('escapes what the user typed, so markup stays text', () => {
    expect(textToHtml('<script>alert("x")</script> & more')).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</p>',
    );
  });

  it('gives nothing for blank input', () => {
    expect(textToHtml('  \n\n ')).toBe('');
  });
});

describe('htmlToText', () => {
  it('reads stored HTML back as the typed text', () => {
    expect(htmlToText(textToHtml('a < b\nc\n\nd & e'))).toBe('a < b\nc\n\nd & e');
    expect(htmlToText('<p>Rich <strong>text</strong></p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Rich text\n\none\n\ntwo',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes markup characters and keeps line breaks as typed', () => {
    expect(escapeHtml('Is a<b & c>d?\nSecond line')).toBe('Is a&lt;b &amp; c&gt;d?\nSecond line');
    expect(htmlToText(escapeHtml('x < y'))).toBe('x < y');
  });
});
