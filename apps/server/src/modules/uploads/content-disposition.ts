/**
 * A Content-Disposition value for a stored file name: an ASCII `filename` for old clients and the exact
 * name as RFC 5987 `filename*` (UTF-8, percent-encoded). Nothing of the name can break out of the header:
 * the fallback keeps printable ASCII minus quotes, backslashes and percent signs; the encoded form is
 * pure ASCII by construction.
 */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
