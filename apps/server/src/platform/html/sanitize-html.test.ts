import { describe, expect, it } from 'vitest';
import { sanitizeUserHtml } from './sanitize-html.ts';

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
      '<a href="https://lectern.edu" target="_blank" name="n">x</a>',
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
});
