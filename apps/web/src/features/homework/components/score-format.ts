/** Scores show with one decimal place (addendum section 9), e.g. 85 as "85.0". */
export function formatScore(score: number): string {
  return (Math.round(score * 10) / 10).toFixed(1);
}
