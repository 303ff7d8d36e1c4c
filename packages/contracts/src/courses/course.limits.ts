/**
 * Lengths the course contracts enforce, kept apart from the schemas so a page (the course outline's
 * rename forms) can read them without zod (decision 0014).
 */
export const COURSE_LIMITS = {
  nameMax: 200,
  codeMax: 64,
  moduleNameMax: 200,
  syllabusSummaryMax: 500,
  groupNameMax: 100,
} as const;
