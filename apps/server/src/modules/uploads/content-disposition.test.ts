import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('sends an ASCII fallback and the exact UTF-8 name (RFC 5987)', () => {
    expect(contentDisposition('课程 讲义.pdf', 'attachment')).toBe(
      `attachment; filename="__ __.pdf"; filename*=UTF-8''%E8%AF%BE%E7%A8%8B%20%E8%AE%B2%E4%B9%89.pdf`,
    );
  });

  it('keeps quotes, backslashes, percent signs and line breaks out of the header', () => {
    const value = contentDisposition('a"b\\c%d\r\ne(1).txt', 'inline');
    expect(value.startsWith('inline; filename="a_b_c_d__e(1).txt"; ')).toBe(true);
    expect(value).toContain(`filename*=UTF-8''a%22b%5Cc%25d%0D%0Ae%281%29.txt`);
    expect(value).not.toMatch(/[\r\n]/);
  });
});
