import { parseDocument } from 'htmlparser2';
import { findAll } from 'domutils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { injectWithDeadline } from './inject-with-deadline.ts';
import { createSecurityWorld, type SecurityWorld } from './security-world.ts';
import { XSS_URL_VECTORS, XSS_VECTORS } from './xss-vectors.fixture.ts';

/**
 * Every stored HTML field and every stored URL field, written with each classic evasion vector and read
 * back through the API: nothing that a browser would run may come back (decision: user HTML is sanitised
 * on the server, platform/html/sanitize-html.ts, so every client receives safe markup).
 */
let t: TestApp;
let w: SecurityWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createSecurityWorld(t);
}, 60_000);
afterAll(async () => t?.close());

/** Elements that run or load active content, or change where the page's links and forms go. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'svg',
  'maction',
  'annotation-xml',
  'template',
  'noscript',
  'xmp',
  'source',
  'video',
  'audio',
  'body',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'dynsrc',
  'lowsrc',
  'xlink:href',
  'data',
  'poster',
]);

/** What in this HTML a browser would execute; empty when it is safe. */
export function executableParts(html: string): string[] {
  const found: string[] = [];
  if (/<\s*script/i.test(html)) found.push('a <script> tag');
  const doc = parseDocument(html, { recognizeSelfClosing: true });
  for (const element of findAll(() => true, doc.children)) {
    const tag = element.name.toLowerCase();
    if (ACTIVE_ELEMENTS.has(tag)) found.push(`<${tag}>`);
    for (const [name, value] of Object.entries(element.attribs)) {
      const attribute = name.toLowerCase();
      if (attribute.startsWith('on')) found.push(`${tag} ${attribute}=`);
      if (attribute === 'style') found.push(`${tag} style=`);
      if (URL_ATTRIBUTES.has(attribute) && unsafeUrl(value, tag === 'img' && attribute === 'src')) {
        found.push(`${tag} ${attribute}="${value.slice(0, 40)}"`);
      }
      if (attribute === 'srcset') {
        for (const candidate of value.split(',')) {
          if (unsafeUrl(candidate.trim().split(/\s+/)[0] ?? '', true)) found.push(`${tag} srcset`);
        }
      }
    }
  }
  return found;
}

/**
 * A URL that runs script when followed or loaded. Browsers ignore whitespace and control characters
 * inside a scheme, so they are removed before looking. Pictures may be data: images (the allowlist keeps
 * pasted screenshots); an image cannot run script, even an SVG one.
 */
function unsafeUrl(raw: string, isImageSource: boolean): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what browsers skip
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (url.startsWith('javascript:') || url.startsWith('vbscript:')) return true;
  if (url.startsWith('data:')) return !(isImageSource && url.startsWith('data:image/'));
  return false;
}

/**
 * A stored single address (cover, link) that would run script when followed or loaded. Quotes and angle
 * brackets inside an http(s) address are not executable: the web app sets addresses as attributes, escaped.
 */
function unsafeStoredUrl(value: string): boolean {
  return unsafeUrl(value, false);
}

/** Fields whose value the API returns as HTML. */
const HTML_KEYS = new Set([
  'description',
  'content',
  'answer_explanation',
  'answer',
  'comment',
  'reference_answer',
  'instructor_comment',
]);

function htmlValues(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return HTML_KEYS.has(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => htmlValues(item, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => htmlValues(v, k));
  }
  return [];
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: object };
type HtmlTarget = {
  name: string;
  as: () => Session;
  write: (vector: string) => Call;
  /** Where the field reads back after each write (a field each write replaces); default: the write's answer. */
  read?: Call;
  /** Where every write reads back together, once all are made (a list each write adds to). */
  readOnce?: Call;
};

async function send(session: Session, call: Call) {
  return injectWithDeadline(t.app, { ...call, headers: session.headers });
}

function htmlTargets(): HtmlTarget[] {
  const ids = w.ids;
  const owner = () => w.sessions.owner!;
  const student = () => w.sessions.student!;
  const admin = () => w.sessions.orgAdmin!;
  return [
    {
      name: 'exam question stem, options and explanation',
      as: owner,
      write: (v) => ({
        method: 'POST',
        url: `/api/exams/${ids.openExam}/subjects`,
        payload: {
          subjects: [
            {
              type: 'single_selection',
              description: v,
              point: 1,
              answer_explanation: v,
              options: [
                { content: v, is_answer: true },
                { content: 'no', is_answer: false },
              ],
            },
          ],
        },
      }),
      readOnce: { method: 'GET', url: `/api/exams/${ids.openExam}/subjects` },
    },
    {
      name: 'library question stem, options and explanation',
      as: owner,
      write: (v) => ({
        method: 'POST',
        url: `/api/subject-libs/${ids.subjectLib}/subjects`,
        payload: {
          subjects: [
            {
              type: 'short_answer',
              description: v,
              point: 1,
              answer_explanation: v,
            },
          ],
        },
      }),
    },
    {
      name: 'material description',
      as: owner,
      write: (v) => ({
        method: 'POST',
        url: `/api/courses/${ids.course}/activities`,
        payload: { type: 'material', module_id: ids.module, title: 'XSS', data: { description: v } },
      }),
    },
    {
      name: 'page content',
      as: owner,
      write: (v) => ({
        method: 'POST',
        url: `/api/courses/${ids.course}/activities`,
        payload: { type: 'page', module_id: ids.module, title: 'XSS', data: { content: v } },
      }),
    },
    {
      name: 'homework description',
      as: owner,
      write: (v) => ({
        method: 'PATCH',
        url: `/api/homeworks/${ids.homework}/description`,
        payload: { description: v },
      }),
      read: { method: 'GET', url: `/api/homework/${ids.homework}` },
    },
    {
      name: 'homework reference answer',
      as: owner,
      write: (v) => ({
        method: 'PATCH',
        url: `/api/homeworks/${ids.homework}/reference-answer`,
        payload: { reference_answer: v },
      }),
      read: { method: 'GET', url: `/api/homeworks/${ids.homework}/reference-answer` },
    },
    {
      name: 'homework hand-in (draft)',
      as: student,
      write: (v) => ({
        method: 'POST',
        url: `/api/course/activities/${ids.homework}/submissions`,
        payload: { comment: v, is_draft: true },
      }),
      read: {
        method: 'GET',
        url: `/api/course/activities/${ids.homework}/students/${ids.student}/submission`,
      },
    },
    {
      name: 'forum topic',
      as: student,
      write: (v) => ({
        method: 'POST',
        url: `/api/activities/${ids.forum}/comments`,
        payload: { content: v, title: 'Topic' },
      }),
    },
    {
      name: 'comment reply',
      as: student,
      write: (v) => ({
        method: 'POST',
        url: `/api/comments/${ids.comment}/replies`,
        payload: { content: v },
      }),
    },
    {
      name: 'course announcement',
      as: owner,
      write: (v) => ({
        method: 'POST',
        url: `/api/courses/${ids.course}/announcements`,
        payload: { title: 'XSS', content: v },
      }),
    },
    {
      name: 'organisation announcement',
      as: admin,
      write: (v) => ({
        method: 'POST',
        url: '/api/org-announcements',
        payload: { title: 'XSS', content: v },
      }),
    },
    {
      name: 'organisation alert pop-up',
      as: admin,
      write: (v) => ({
        method: 'PUT',
        url: `/api/orgs/${ids.org}/alert-popup`,
        payload: { enabled: true, title: 'XSS', content: v },
      }),
      read: { method: 'GET', url: `/api/orgs/${ids.org}/alert-popup` },
    },
  ];
}

type UrlTarget = {
  name: string;
  write: (url: string) => Call;
  read: (answer: unknown) => string | undefined;
};

function urlTargets(): UrlTarget[] {
  const ids = w.ids;
  return [
    {
      name: 'course cover',
      write: (v) => ({ method: 'PUT', url: `/api/courses/${ids.course}`, payload: { cover: v } }),
      read: (answer) => (answer as { cover?: string }).cover,
    },
    {
      name: 'web link',
      write: (v) => ({
        method: 'POST',
        url: `/api/courses/${ids.course}/activities`,
        payload: { type: 'web_link', module_id: ids.module, title: 'Link', data: { url: v } },
      }),
      read: (answer) => (answer as { data?: { url?: string } }).data?.url,
    },
  ];
}

describe('stored XSS: OWASP filter-evasion vectors through every stored HTML and URL field', () => {
  it('keeps nothing executable in rich text', async () => {
    const started = Date.now();
    const holes: string[] = [];
    const refusedEverything: string[] = [];
    let checks = 0;
    const firstRefusal = new Map<string, string>();
    const inspect = (target: HtmlTarget, vector: string, answer: unknown) => {
      for (const html of htmlValues(answer)) {
        checks += 1;
        const parts = executableParts(html);
        if (parts.length > 0) {
          holes.push(
            `${target.name}: ${parts.join(', ')} survived ${JSON.stringify(vector)} as ${JSON.stringify(html.slice(0, 200))}`,
          );
        }
      }
    };
    // Targets touch different objects, so they run side by side; each one's vectors go in order.
    await Promise.all(
      htmlTargets().map(async (target) => {
        let stored = 0;
        for (const vector of XSS_VECTORS) {
          const res = await send(target.as(), target.write(vector));
          if (res.statusCode >= 300 && stored === 0)
            firstRefusal.set(target.name, `${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 500) holes.push(`${target.name}: ${res.statusCode} for ${vector}`);
          if (res.statusCode >= 300) continue;
          stored += 1;
          if (target.readOnce) continue;
          const answer = target.read ? await send(target.as(), target.read) : res;
          expect(answer.statusCode, `${target.name} read back`).toBeLessThan(300);
          inspect(target, vector, answer.json());
        }
        if (target.readOnce) {
          const answer = await send(target.as(), target.readOnce);
          expect(answer.statusCode, `${target.name} read back`).toBeLessThan(300);
          inspect(target, 'any of the vectors', answer.json());
        }
        // A field that refuses every vector would prove nothing about its sanitising.
        if (stored === 0) refusedEverything.push(`${target.name} (${firstRefusal.get(target.name)})`);
      }),
    );
    console.info(
      `stored XSS (HTML): ${XSS_VECTORS.length} vectors × ${htmlTargets().length} fields, ` +
        `${checks} stored values checked in ${Date.now() - started} ms`,
    );
    expect(holes).toEqual([]);
    expect(refusedEverything).toEqual([]);
  }, 120_000);

  it('refuses or neutralises script URLs in address fields', async () => {
    const holes: string[] = [];
    let checks = 0;
    for (const target of urlTargets()) {
      for (const vector of XSS_URL_VECTORS) {
        const write = target.write(vector);
        const res = await send(w.sessions.owner!, write);
        checks += 1;
        if (res.statusCode >= 500) holes.push(`${target.name}: ${res.statusCode} for ${vector}`);
        if (res.statusCode >= 300) continue;
        const answer =
          write.method === 'PUT'
            ? (await send(w.sessions.owner!, { method: 'GET', url: write.url })).json()
            : res.json();
        const value = target.read(answer);
        if (value !== undefined && unsafeStoredUrl(value)) {
          holes.push(`${target.name}: stored ${JSON.stringify(value)} for ${JSON.stringify(vector)}`);
        }
      }
    }
    console.info(`stored XSS (URL): ${checks} address writes checked`);
    expect(holes).toEqual([]);
  });

  it('recognises executable markup (the checker itself)', () => {
    expect(executableParts('<p>plain <b>bold</b> <a href="https://ok.example">ok</a></p>')).toEqual([]);
    expect(executableParts('<img src="data:image/png;base64,AAAA">')).toEqual([]);
    expect(executableParts('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(executableParts('<a href="java&#x09;script:alert(1)">x</a>')).not.toEqual([]);
    expect(executableParts('<a href="data:text/html,<script>">x</a>')).not.toEqual([]);
    expect(executableParts('&lt;script&gt;alert(1)&lt;/script&gt;')).toEqual([]);
  });
});
