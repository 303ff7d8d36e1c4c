import { describe, expect, it } from 'vitest';
import { pageTagCount, pageTagRowStart } from './page-tags.rules.ts';

describe('pageTagCount', () => {
  it('is (panel width - 112) / 90, rounded down', () => {
    expect(pageTagCount(112 + 90)).toBe(1);
    expect(pageTagCount(112 + 90 * 3)).toBe(3);
    expect(pageTagCount(112 + 90 * 3 + 89)).toBe(3);
    expect(pageTagCount(112 + 90 * 4)).toBe(4);
    expect(pageTagCount(400)).toBe(3);
    expect(pageTagCount(1000)).toBe(9);
  });

  it('shows at least one tag however narrow the panel is', () => {
    expect(pageTagCount(200)).toBe(1);
    expect(pageTagCount(112)).toBe(1);
    expect(pageTagCount(0)).toBe(1);
    expect(pageTagCount(Number.NaN)).toBe(1);
  });
});

describe('pageTagRowStart', () => {
  it('starts the row of tags that holds the page, rows being aligned to the count', () => {
    expect(pageTagRowStart(1, 3)).toBe(1);
    expect(pageTagRowStart(3, 3)).toBe(1);
    expect(pageTagRowStart(4, 3)).toBe(4);
    expect(pageTagRowStart(10, 4)).toBe(9);
    expect(pageTagRowStart(7, 1)).toBe(7);
  });

  it('treats nonsense as the first page and a row of at least one tag', () => {
    expect(pageTagRowStart(0, 3)).toBe(1);
    expect(pageTagRowStart(5, 0)).toBe(5);
  });
});
