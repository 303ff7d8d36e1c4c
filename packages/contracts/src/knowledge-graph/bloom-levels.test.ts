import { describe, expect, it } from 'vitest';
import { BLOOM_LEVEL_COLORS, BLOOM_LEVELS } from './bloom-levels.ts';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('Bloom levels', () => {
  it('has six levels, each with its own colour', () => {
    expect(BLOOM_LEVELS).toHaveLength(6);
    expect(new Set(BLOOM_LEVELS.map((level) => BLOOM_LEVEL_COLORS[level])).size).toBe(6);
  });

  it('keeps white labels readable on every colour (WCAG AA, 4.5:1)', () => {
    for (const level of BLOOM_LEVELS) {
      const contrast = 1.05 / (luminance(BLOOM_LEVEL_COLORS[level]) + 0.05);
      expect(contrast, level).toBeGreaterThanOrEqual(4.5);
    }
  });
});
