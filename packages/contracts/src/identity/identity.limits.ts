/** Lengths and counts the identity contracts enforce, kept apart from the schemas so a page can read them without zod. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  userNoMax: 64,
  nameMax: 100,
  csvMaxRows: 5000,
} as const;
