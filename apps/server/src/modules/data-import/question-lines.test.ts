import { describe, expect, it } from 'vitest';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import { contentToLines, normalizeWidth, type ContentLine } from './question-lines.ts';

function view(lines: ContentLine[]): (string | [string, string])[] {
  return lines.map((line) => (line.kind === 'table' ? ['table', line.html] : line.html()));
}

describe('contentToLines', () => {
  it('makes one line per paragraph, list item, heading and <br>-separated run', () => {
    const lines = contentToLines(
      '<h2>Title</h2><p>1. a<br>b</p><ul><li>A. x</li><li>B. y</li></ul><div>c</div>',
    );
    expect(view(lines)).toEqual(['Title', '1. a', 'b', 'A. x', 'B. y', 'c']);
  });

  it('counts empty paragraphs and <br> lines as lines, but not the whitespace between blocks', () => {
    const lines = contentToLines('<p>a</p>\n  <p></p>\n<div><br></div><p>b<br></p><p>c<br><br>d</p>');
    expect(view(lines)).toEqual(['a', '', '', 'b', 'c', '', 'd']);
  });

  it('keeps formatting across a <br> on both lines and never leaves an empty tag', () => {
    const [first, second] = contentToLines('<p><strong>1. bold<br>still bold</strong> plain</p>');
    expect(first?.kind === 'text' && first.html()).toBe('<strong>1. bold</strong>');
    expect(second?.kind === 'text' && second.html()).toBe('<strong>still bold</strong> plain');
  });

  it('cuts a line by plain-text offsets, dropping formatting that wrapped only the cut-off marker', () => {
    const [line] = contentToLines('<p><strong>1.</strong> <em>What is</em> x<sub>2</sub> &amp; y?</p>');
    if (line?.kind !== 'text') throw new Error('expected a text line');
    expect(line.text).toBe('1. What is x2 & y?');
    expect(line.html(2)).toBe('<em>What is</em> x<sub>2</sub> &amp; y?');
    expect(line.html(3, 7)).toBe('<em>What</em>');
  });

  it('keeps pictures and equations whole and inline; an equation reads as its text', () => {
    const [line] = contentToLines(
      '<p>A. <img src="/api/uploads/7/blob" alt="map"> and <math><mi>x</mi><mo>=</mo><mn>2</mn></math></p>',
    );
    if (line?.kind !== 'text') throw new Error('expected a text line');
    expect(line.text).toBe('A. \uFFFC and x=2');
    expect(line.html(3)).toBe(
      '<img src="/api/uploads/7/blob" alt="map" /> and <math><mi>x</mi><mo>=</mo><mn>2</mn></math>',
    );
  });

  it('keeps a table whole as one line, written as the sanitiser writes it', () => {
    const lines = contentToLines(
      '<p>stem</p><table><tbody><tr><td>a &lt; b</td><td><b>c</b></td></tr></tbody></table><p>next</p>',
    );
    expect(view(lines)).toEqual([
      'stem',
      ['table', '<table><tbody><tr><td>a &lt; b</td><td><b>c</b></td></tr></tbody></table>'],
      'next',
    ]);
  });

  it('reads browser contentEditable markup: a bare first line, <div> lines, empty <span>s', () => {
    const lines = contentToLines('1. <span>foo</span><div>A. <b>x</b></div><div><br></div><div>B. y</div>');
    expect(view(lines)).toEqual(['1. foo', 'A. <b>x</b>', '', 'B. y']);
  });

  it('treats content without tags as plain text: one line per newline, escaped', () => {
    const lines = contentToLines('1. a < b & c\r\nA. <x\n\nB. y');
    expect(view(lines)).toEqual(['1. a &lt; b &amp; c', 'A. &lt;x', '', 'B. y']);
  });

  it('reads plain text the sanitiser has already escaped the same as the raw text', () => {
    const lines = contentToLines('1. a &lt; b &amp; c\nA. &lt;x');
    expect(view(lines)).toEqual(['1. a &lt; b &amp; c', 'A. &lt;x']);
  });

  it('normalises blank marks to ____ only when asked', () => {
    const [line] = contentToLines('<p>Paris is the capital of ______ and ＿＿＿.</p>');
    if (line?.kind !== 'text') throw new Error('expected a text line');
    expect(line.html(0, undefined, { blanks: true })).toBe('Paris is the capital of ____ and ____.');
    expect(line.html()).toBe('Paris is the capital of ______ and ＿＿＿.');
  });

  it('writes HTML the server sanitiser leaves unchanged', () => {
    const lines = contentToLines(
      '<p><a href="https://example.com/?a=1&amp;b=2">link</a> <u>u</u> "q" <img src="/api/uploads/1/blob" alt="a&quot;b"></p>',
    );
    const html = lines[0]?.kind === 'text' ? lines[0].html() : '';
    expect(html).toBe(
      '<a href="https://example.com/?a=1&amp;b=2">link</a> <u>u</u> "q" <img src="/api/uploads/1/blob" alt="a&quot;b" />',
    );
    expect(sanitizeUserHtml(html)).toBe(html);
  });
});

describe('normalizeWidth', () => {
  it('folds full-width digits, letters, punctuation and spaces one for one', () => {
    const text = '１．Ａ：（单选）\u3000ｂ；｜＿\u00a0';
    expect(normalizeWidth(text)).toBe('1.A:(单选) b;|_ ');
    expect(normalizeWidth(text)).toHaveLength(text.length);
  });
});
