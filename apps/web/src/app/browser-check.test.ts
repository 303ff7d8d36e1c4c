import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import checkScript from '../../public/browser-check.js?raw';
import warningHtml from '../../public/browser-warning.html?raw';
import mainSource from '../main.tsx?raw';

// The check is a classic script index.html loads before (and without) the bundle; it is a file, not
// inline, so the CSP needs no 'unsafe-inline'. Test the shipped text itself.
const inline = checkScript;

const CHROME_120 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

type Listener = (event: object) => void;

interface FakeWindow {
  __lecternBooted?: boolean;
  addEventListener: (type: string, listener: Listener, capture?: boolean) => void;
  setTimeout: (callback: () => void, ms: number) => number;
}

/** Runs the inline script in a stand-in page; `modules: false` is a browser without module scripts. */
function openPage(userAgent: string, { modules = true } = {}) {
  const listeners = new Map<string, Listener[]>();
  const timers: { callback: () => void; ms: number }[] = [];
  const page = { redirectedTo: undefined as string | undefined };
  const window: FakeWindow = {
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
  };
  const document = { createElement: () => (modules ? { noModule: false } : {}) };
  const run = new Function('navigator', 'location', 'window', 'document', inline) as (
    navigator: { userAgent: string },
    location: { replace: (url: string) => void },
    window: FakeWindow,
    document: { createElement: (tag: string) => object },
  ) => void;
  run({ userAgent }, { replace: (url) => (page.redirectedTo = url) }, window, document);
  return {
    page,
    window,
    fire: (type: string, event: object = {}) => listeners.get(type)?.forEach((listener) => listener(event)),
    /** Lets the page's timers run, checking each waits a few seconds. */
    wait: () =>
      timers.splice(0).forEach(({ callback, ms }) => {
        expect(ms).toBeGreaterThanOrEqual(1000);
        callback();
      }),
  };
}

function redirects(userAgent: string): boolean {
  const target = openPage(userAgent).page.redirectedTo;
  if (target !== undefined) expect(target).toBe('/browser-warning');
  return target !== undefined;
}

describe('old-browser check in index.html', () => {
  it('runs before the app bundle, from a file rather than inline', () => {
    expect(inline).not.toBe('');
    const tag = '<script src="/browser-check.js"></script>';
    expect(indexHtml.indexOf(tag)).toBeGreaterThan(-1);
    expect(indexHtml.indexOf(tag)).toBeLessThan(indexHtml.indexOf('src="/src/main.tsx"'));
    // No inline script anywhere: the Content-Security-Policy would block it.
    expect(indexHtml).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it.each([
    ['IE 11', 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko'],
    ['IE 9', 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)'],
    [
      'legacy Edge 18',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
    ],
    [
      'Chrome 54',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/54.0.2840.99 Safari/537.36',
    ],
    ['Firefox 49', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:49.0) Gecko/20100101 Firefox/49.0'],
    [
      'Safari 8',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_5) AppleWebKit/600.8.9 (KHTML, like Gecko) Version/8.0.8 Safari/600.8.9',
    ],
  ])('sends %s to /browser-warning', (_name, userAgent) => {
    expect(redirects(userAgent)).toBe(true);
  });

  it.each([
    [
      'Chrome 55',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/55.0.2883.87 Safari/537.36',
    ],
    [
      'Chromium Edge 120',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
    ],
    ['Firefox 50', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:50.0) Gecko/20100101 Firefox/50.0'],
    [
      'Safari 9',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_6) AppleWebKit/601.7.7 (KHTML, like Gecko) Version/9.1.2 Safari/601.7.7',
    ],
    [
      'Safari 17 on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ],
    [
      'WeChat on Android',
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.40',
    ],
  ])('lets %s through', (_name, userAgent) => {
    expect(redirects(userAgent)).toBe(false);
  });
});

describe('blank-page fallback in index.html', () => {
  const syntaxError = {
    message: "Uncaught SyntaxError: Unexpected token '#'",
    error: { name: 'SyntaxError' },
  };

  it('sends a browser that could not parse the bundle to /browser-warning a little after load', () => {
    const { page, fire, wait } = openPage(CHROME_120);

    fire('error', syntaxError);
    fire('load');
    expect(page.redirectedTo).toBeUndefined();
    wait();

    expect(page.redirectedTo).toBe('/browser-warning');
  });

  it('knows the SyntaxError by its message when the browser gives no error object', () => {
    const { page, fire, wait } = openPage(CHROME_120);

    fire('error', { message: 'SyntaxError: private fields are not currently supported', error: null });
    fire('load');
    wait();

    expect(page.redirectedTo).toBe('/browser-warning');
  });

  it('sends a browser that runs no module scripts, which reports no error at all', () => {
    const { page, fire, wait } = openPage(CHROME_120, { modules: false });

    fire('load');
    wait();

    expect(page.redirectedTo).toBe('/browser-warning');
  });

  it('leaves the app alone once it has booted', () => {
    const { page, window, fire, wait } = openPage(CHROME_120);

    fire('error', syntaxError);
    window.__lecternBooted = true;
    fire('load');
    wait();

    expect(page.redirectedTo).toBeUndefined();
  });

  it('does not blame the browser for a script that failed to download, or for later errors', () => {
    const { page, window, fire, wait } = openPage(CHROME_120);

    fire('error', {}); // a resource error: no message, no error object
    fire('load');
    wait();
    expect(page.redirectedTo).toBeUndefined();

    window.__lecternBooted = true;
    fire('error', syntaxError);
    window.__lecternBooted = false;
    fire('load');
    wait();
    expect(page.redirectedTo).toBeUndefined();
  });

  it('is told by main.tsx that the app booted, before it renders', () => {
    const flag = mainSource.indexOf('window.__lecternBooted = true');
    expect(flag).toBeGreaterThan(-1);
    expect(flag).toBeLessThan(mainSource.indexOf('createRoot('));
    expect(inline).toContain('window.__lecternBooted');
  });

  it('stays in syntax old browsers parse', () => {
    // Prettier puts a trailing comma after a multi-line argument list; ES3 engines cannot parse that.
    expect(inline).not.toMatch(/,\s*\)/);
    expect(inline).not.toMatch(/=>|`|\b(?:let|const|class)\s/);
  });
});

describe('browser-warning.html', () => {
  it('names the same supported versions in every language', () => {
    const sections = [...warningHtml.matchAll(/<section lang="([^"]+)">([\s\S]*?)<\/section>/g)];
    expect(sections.map(([, lang]) => lang)).toEqual(['zh-CN', 'zh-TW', 'en-US']);
    for (const [, , text = ''] of sections) {
      // Vite 8's default build target (docs/decisions/0005-browser-support.md).
      const list = /<ul>([\s\S]*?)<\/ul>/.exec(text)?.[1] ?? '';
      expect(list.match(/\d+(?:\.\d+)?/g)).toEqual(['111', '111', '114', '16.4', '16.4']);
      expect(text).toContain('href="/"');
    }
  });
});
