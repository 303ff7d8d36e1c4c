import type { AppContext } from '../../platform/app-context.ts';
import type { IndexHtmlTransform } from '../../platform/http/web.plugin.ts';
import { publicListingsService } from './public-listings.service.ts';

export type PageMeta = { title: string; description: string; image: string | null };

const PUBLIC_PAGE = /^\/(?:portal\/)?(course|curriculum)\/(\d{1,9})(?:\/[^/]*)*$/;
const DESCRIPTION_MAX = 300;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Names come from users: every character that could end an attribute or a tag is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** The index page with the course's title and meta tags, for search engines and link previews. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description.slice(0, DESCRIPTION_MAX));
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    ...(meta.image && /^https?:\/\//i.test(meta.image)
      ? [`<meta property="og:image" content="${escapeHtml(meta.image)}">`]
      : []),
  ].join('\n    ');
  // Functions as replacements so `$&` and the like in a name are not read as patterns.
  const titled = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    : html.replace('</head>', () => `<title>${title}</title></head>`);
  return titled.replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * The web app's index.html with per-page meta tags for a course or curriculum anyone may read; other
 * addresses, and courses that are not public, get the page unchanged so nothing private is named.
 */
export function publicPageMeta(ctx: AppContext): IndexHtmlTransform {
  const listings = publicListingsService(ctx);
  return async (url, html) => {
    const match = PUBLIC_PAGE.exec(url);
    if (!match) return null;
    const meta = await listings.seoMeta(match[1] as 'course' | 'curriculum', Number(match[2]));
    return meta ? withPageMeta(html, meta) : null;
  };
}
