/**
 * A course cover is shown as a picture in every course list, so its address may only name a picture:
 * an absolute http(s) address, or one of Lectern's own uploads (`/api/uploads/...`). Never `javascript:`,
 * `data:` or any other scheme, and no protocol-relative `//host` that escapes the path rule. Empty clears.
 */
const OWN_UPLOAD = /^\/api\/uploads\/[A-Za-z0-9_\-./%?=&]*$/;
/** A scheme of http or https, a host, then an optional path, query or fragment; no spaces or backslashes. */
const ABSOLUTE_HTTP = /^https?:\/\/[^\s/?#\\@]+(?:[/?#][^\s\\]*)?$/i;

export function isCourseCoverUrl(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return OWN_UPLOAD.test(value) && !value.includes('..') && !value.includes('//');
  return ABSOLUTE_HTTP.test(value);
}
