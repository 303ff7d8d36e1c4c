import { describe, expect, it } from 'vitest';
import {
  canProceedToCombine,
  canSaveMerge,
  isCoverFileName,
  subCourseLabel,
} from './course-combining.rules.ts';

describe('sub-course label', () => {
  it('shows at most two codes and counts the rest', () => {
    expect(subCourseLabel(['A1', 'B2', 'C3', 'D4'])).toEqual({ codes: ['A1', 'B2'], more: 2 });
    expect(subCourseLabel(['A1'])).toEqual({ codes: ['A1'], more: 0 });
    expect(subCourseLabel([])).toEqual({ codes: [], more: 0 });
  });

  it('abbreviates codes over 8 characters and keeps those of 8', () => {
    expect(subCourseLabel(['ABCDEFGH', 'ABCDEFGHI'])).toEqual({ codes: ['ABCDEFGH', 'ABCDEFGH…'], more: 0 });
  });
});

describe('wizard rules', () => {
  it('needs two courses to proceed', () => {
    expect(canProceedToCombine(0)).toBe(false);
    expect(canProceedToCombine(1)).toBe(false);
    expect(canProceedToCombine(2)).toBe(true);
  });

  it('saves the merge only when no activity waits for a required module', () => {
    expect(canSaveMerge(true, 1)).toBe(false);
    expect(canSaveMerge(true, 0)).toBe(true);
    expect(canSaveMerge(false, 3)).toBe(true);
  });

  it('accepts jpg, jpeg, png and webp covers only', () => {
    expect(isCoverFileName('a.JPG')).toBe(true);
    expect(isCoverFileName('a.webp')).toBe(true);
    expect(isCoverFileName('a.gif')).toBe(false);
    expect(isCoverFileName('png')).toBe(false);
  });
});
