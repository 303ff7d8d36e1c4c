import { describe, expect, it } from 'vitest';
import { treeFromOutline, treeSize } from './knowledge-import.contract.ts';
import { masteryLevel, masteryRate } from './knowledge-statistics.contract.ts';

describe('treeFromOutline', () => {
  it('nests lines by level, merges a repeated path and hangs a skipped level under the line before', () => {
    const tree = treeFromOutline([
      { level: 1, name: 'A' },
      { level: 2, name: 'A1' },
      { level: 1, name: 'A' },
      { level: 2, name: 'A2' },
      // Level 4 right after level 2: one below A2, not lost.
      { level: 4, name: 'A2x' },
      { level: 1, name: '  B   b  ' },
      { level: 2, name: '' },
    ]);
    expect(tree).toEqual([
      { name: 'A', children: [{ name: 'A1' }, { name: 'A2', children: [{ name: 'A2x' }] }] },
      { name: 'B b' },
    ]);
    expect(treeSize(tree)).toEqual({ count: 5, depth: 3 });
  });
});

describe('mastery levels', () => {
  it('is weak below 0.6, mastered from 0.8, unanswered without a rate', () => {
    expect(masteryLevel(null)).toBe('unanswered');
    expect(masteryLevel(0.59)).toBe('weak');
    expect(masteryLevel(0.6)).toBe('fair');
    expect(masteryLevel(0.8)).toBe('mastered');
    // Answers without points give no rate.
    expect(masteryRate([{ score: 0, max: 0, answeredAt: new Date() }])).toBeNull();
  });
});
