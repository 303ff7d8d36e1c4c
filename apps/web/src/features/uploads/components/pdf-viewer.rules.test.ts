import { describe, expect, it } from 'vitest';
import { clampPage, fitWidthScale, pageForKey, parsePageInput } from './pdf-viewer.rules.ts';

describe('PDF viewer page rules', () => {
  it('keeps the page within the document', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(3.7, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });

  it('reads the page box: digits go to a page in range, anything else is ignored', () => {
    expect(parsePageInput(' 3 ', 5)).toBe(3);
    expect(parsePageInput('9', 5)).toBe(5);
    expect(parsePageInput('0', 5)).toBe(1);
    expect(parsePageInput('', 5)).toBeNull();
    expect(parsePageInput('2a', 5)).toBeNull();
    expect(parsePageInput('-1', 5)).toBeNull();
  });

  it('moves by one page with arrows and page keys, to the ends with Home and End', () => {
    expect(pageForKey('ArrowRight', 2, 5)).toBe(3);
    expect(pageForKey('PageDown', 5, 5)).toBe(5);
    expect(pageForKey('ArrowLeft', 1, 5)).toBe(1);
    expect(pageForKey('PageUp', 4, 5)).toBe(3);
    expect(pageForKey('Home', 4, 5)).toBe(1);
    expect(pageForKey('End', 1, 5)).toBe(5);
    expect(pageForKey('a', 1, 5)).toBeNull();
  });

  it('fits the page to the width, within sane zoom limits', () => {
    expect(fitWidthScale(842, 842)).toBe(1);
    expect(fitWidthScale(421, 842)).toBe(0.5);
    expect(fitWidthScale(0, 842)).toBe(1);
    expect(fitWidthScale(10, 842)).toBe(0.25);
    expect(fitWidthScale(100_000, 842)).toBe(4);
  });
});
