import { describe, expect, it } from 'vitest';
import { semesterLabel } from './course-format.ts';

describe('semesterLabel', () => {
  const year = { name: '2026-2027 学年', code: '2026-2027' };

  it('names the year and the semester', () => {
    expect(semesterLabel(year, { name: '第一学期', code: 's1' })).toBe('2026-2027 学年 第一学期');
  });

  it('does not repeat a year the semester name already carries', () => {
    expect(semesterLabel(year, { name: '2026-2027 第一学期', code: '2026-2027-1' })).toBe(
      '2026-2027 第一学期',
    );
  });

  it('is empty without a semester', () => {
    expect(semesterLabel(year, null)).toBe('');
  });
});
