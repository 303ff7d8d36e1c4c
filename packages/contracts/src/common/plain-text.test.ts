import { describe, expect, it } from 'vitest';
import { plainText, stripMarkup } from './plain-text.ts';

describe('stripMarkup', () => {
  it.each([
    ['<script>alert(1)</script>Title', 'Title'],
    ['<style>p{}</style><b>Bold</b> and <i>italic</i>', 'Bold and italic'],
    ['A <!-- hidden --> B', 'A  B'],
    ['<scr<b>ipt>alert(1)</script>', ''],
    ['Trailing <img src=x onerror=alert(1)', 'Trailing < img src=x onerror=alert(1)'],
    ['Is 3 < 5 & 5 > 3?', 'Is 3 < 5 & 5 > 3?'],
    ['&lt;kept&gt; as typed', '&lt;kept&gt; as typed'],
    ['  <p> spaced </p>  ', 'spaced'],
  ])('turns %j into %j', (input, output) => {
    expect(stripMarkup(input)).toBe(output);
  });

  it('never leaves anything a browser would read as a tag', () => {
    for (const input of ['<<script>script>x', '<a<b>>', '</</x>>', '<!<!-- -->--x>', '<?php x ?>']) {
      expect(stripMarkup(input)).not.toMatch(/<[a-z/!?]/i);
    }
  });

  it('runs before the length checks of a plain-text schema', () => {
    const schema = plainText().min(1, 'required');
    expect(schema.safeParse('<b></b>').success).toBe(false);
    expect(schema.parse(' <b>x</b> ')).toBe('x');
  });
});
