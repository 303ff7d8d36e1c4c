/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab / carriage return) as a formula;
 * such cells are prefixed with an apostrophe. Every cell is quoted.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return cells.map(csvCell).join(',');
}
