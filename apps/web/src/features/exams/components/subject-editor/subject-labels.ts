/** Spec 000 section 3: difficulty none=0, hard=1, medium=2, easy=3; the index is the stored level. */
export const DIFFICULTY_NAMES = ['none', 'hard', 'medium', 'easy'] as const;

export function difficultyName(level: number): (typeof DIFFICULTY_NAMES)[number] {
  return DIFFICULTY_NAMES[level] ?? 'none';
}

/** Text of stored (sanitised) HTML for one-line previews and search results. */
export function plainText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Points shown to one decimal at most (2, 2.5), as they are stored. */
export function formatPoints(points: number): string {
  return String(Math.round(points * 10) / 10);
}
