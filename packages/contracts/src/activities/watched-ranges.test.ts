import { describe, expect, it } from 'vitest';
import { mergeRanges, videoReadCompleteness, watchedCompleteness } from './watched-ranges.ts';

describe('watched ranges', () => {
  it('joins overlapping and touching ranges and drops empty ones', () => {
    expect(
      mergeRanges([
        [90, 177],
        [0, 60],
        [30, 90],
        [200, 200],
        [300, 310],
      ]),
    ).toEqual([
      [0, 177],
      [300, 310],
    ]);
  });

  it('counts a re-watched part once', () => {
    expect(
      watchedCompleteness(
        [
          [0, 50],
          [0, 50],
          [25, 50],
        ],
        200,
      ),
    ).toBe(25);
    expect(watchedCompleteness([[0, 10]], 0)).toBe(0);
  });

  it('is full once the criterion percentage is reached', () => {
    expect(videoReadCompleteness(0, 80)).toBe('none');
    expect(videoReadCompleteness(79.99, 80)).toBe('part');
    expect(videoReadCompleteness(80, 80)).toBe('full');
    expect(videoReadCompleteness(99, null)).toBe('part');
  });
});
