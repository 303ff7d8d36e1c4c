/** Quotes a cell only when CSV requires it, so the template stays readable in a text editor. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * Saves CSV text as a file. The byte-order mark makes Excel read it as UTF-8 instead of the system
 * code page, which would garble Chinese names; the server strips it on import.
 */
export function downloadCsv(fileName: string, lines: readonly string[]): void {
  const blob = new Blob(['\uFEFF', lines.join('\r\n'), '\r\n'], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking synchronously can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
