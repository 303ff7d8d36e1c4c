/**
 * Enums and limits of course combining (spec 001 sections 3, 5 and 9), kept apart from the zod schemas so
 * the wizard can read them without loading zod (decision 0014).
 */

/** The wizard's steps: selection mode select = 0, combine = 1. */
export const COMBINE_STEP = { select: 0, combine: 1 } as const;
export type CombineStep = (typeof COMBINE_STEP)[keyof typeof COMBINE_STEP];

/** The course type of a combined (parent) course: the spec's "combine value 10". */
export const COMBINED_COURSE_TYPE = 10;

/** A combined course is created private (the spec's visibility value). */
export const COMBINED_COURSE_VISIBILITY = 'private';

/** Where the cover comes from: a preset picture (courseCoverKey) or an uploaded one (courseCoverId). */
export const COVER_SOURCE = { preset: 0, upload: 1 } as const;
export type CoverSource = (typeof COVER_SOURCE)[keyof typeof COVER_SOURCE];

/** Preset covers a combined course may take; the key is kept in course_attributes.cover_key. */
export const COURSE_COVER_PRESETS = ['blue', 'green', 'orange', 'purple', 'teal', 'red'] as const;
export type CourseCoverPreset = (typeof COURSE_COVER_PRESETS)[number];

/** File types an uploaded cover may have (spec 001 section 9). */
export const COVER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

export const COMBINE_LIMITS = {
  /** "Combine needs at least 2 courses" (spec 001 section 9). */
  minCourses: 2,
  maxCourses: 20,
  titleMax: 200,
} as const;

export function isCoverFileName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return false;
  return (COVER_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

/** Next is enabled on the select step only with at least two courses chosen. */
export function canProceedToCombine(selectedCount: number): boolean {
  return selectedCount >= COMBINE_LIMITS.minCourses;
}

/** Codes longer than this are abbreviated in the sub-course label. */
export const SUB_COURSE_CODE_MAX = 8;
/** The label names at most this many codes; the rest are counted as +N. */
export const SUB_COURSE_LABEL_CODES = 2;

/**
 * The assign-to-sub-course label of an activity (spec 001 section 9): at most 2 codes, each over 8
 * characters cut to 8 with an ellipsis, and the others as "+N".
 */
export function subCourseLabel(codes: readonly string[]): { codes: string[]; more: number } {
  const shown = codes
    .slice(0, SUB_COURSE_LABEL_CODES)
    .map((code) => (code.length > SUB_COURSE_CODE_MAX ? `${code.slice(0, SUB_COURSE_CODE_MAX)}…` : code));
  return { codes: shown, more: Math.max(0, codes.length - SUB_COURSE_LABEL_CODES) };
}

/**
 * Whether the merge modal's second step may be saved: when every activity must sit in a module, none may
 * remain unassigned on the right.
 */
export function canSaveMerge(moduleRequired: boolean, remainingActivities: number): boolean {
  return !moduleRequired || remainingActivities === 0;
}
