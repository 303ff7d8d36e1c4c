/** Namespaces of the WordprocessingML parts the Word import reads, transitional and strict. */
export const WORD_NAMESPACES = [
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
];
export const MATH_NAMESPACES = [
  'http://schemas.openxmlformats.org/officeDocument/2006/math',
  'http://purl.oclc.org/ooxml/officeDocument/math',
];
export const MARKUP_COMPATIBILITY_NAMESPACES = [
  'http://schemas.openxmlformats.org/markup-compatibility/2006',
];

/**
 * The prefix a part binds to a namespace on its root element (Word writes `w:`, `m:`, `mc:`, but the
 * prefix is the writer's choice). Parts are edited as text, so the prefix must be the document's own.
 */
export function namespacePrefix(xml: string, namespaces: string[], fallback: string): string {
  const rootStart = xml.search(/<[A-Za-z_]/);
  if (rootStart === -1) return fallback;
  const rootEnd = xml.indexOf('>', rootStart);
  const rootTag = xml.slice(rootStart, rootEnd === -1 ? undefined : rootEnd);
  for (const [, prefix, namespace] of rootTag.matchAll(/xmlns:([\w.-]+)\s*=\s*["']([^"']*)["']/g)) {
    if (prefix && namespace && namespaces.includes(namespace)) return prefix;
  }
  return fallback;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The value of attribute `name` in one start tag, or undefined. */
export function attributeValue(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${escapeRegExp(name)}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}
