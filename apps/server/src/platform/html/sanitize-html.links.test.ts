import { describe, expect, it } from 'vitest';
import { sanitizeUserHtml } from './sanitize-html.ts';

describe('links in user HTML', () => {
  it('gives every link that opens a new tab rel="noopener noreferrer"', () => {
    expect(sanitizeUserHtml('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeUserHtml('<p><a target="other" href="/api/uploads/3/blob">file</a></p>')).toBe(
      '<p><a target="other" href="/api/uploads/3/blob" rel="noopener noreferrer">file</a></p>',
    );
  });

  it('replaces a rel the user wrote, and adds none where the link stays in the tab', () => {
    expect(sanitizeUserHtml('<a href="https://example.org" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeUserHtml('<a href="https://example.org" rel="opener">x</a>')).toBe(
      '<a href="https://example.org">x</a>',
    );
  });
});
