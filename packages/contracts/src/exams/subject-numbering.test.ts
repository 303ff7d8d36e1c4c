import { describe, expect, it } from 'vitest';
import { subjectNumberLabel, subjectNumbers } from './subject-numbering.ts';

describe('subjectNumbers', () => {
  const paper = [
    { id: 10, type: 'paragraph_desc' as const },
    { id: 11, type: 'single_selection' as const },
    { id: 12, type: 'paragraph_desc' as const },
    { id: 13, type: 'analysis' as const, sub_subjects: [{ id: 131 }, { id: 132 }] },
    { id: 14, type: 'short_answer' as const, sub_subjects: [] },
  ];

  it('numbers questions in paper order and gives text blocks no number', () => {
    const numbers = subjectNumbers(paper);
    expect(numbers.top.get(10)).toBeUndefined();
    expect(numbers.top.get(12)).toBeUndefined();
    expect([...numbers.top.entries()]).toEqual([
      [11, 1],
      [13, 2],
      [14, 3],
    ]);
  });

  it('numbers sub-questions under their stem', () => {
    const numbers = subjectNumbers(paper);
    expect(subjectNumberLabel(numbers, 132)).toBe('2.2');
    expect(subjectNumberLabel(numbers, 14)).toBe('3');
    expect(subjectNumberLabel(numbers, 10)).toBeNull();
    expect(subjectNumberLabel(numbers, 999)).toBeNull();
  });
});
