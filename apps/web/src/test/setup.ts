import { cleanup, configure } from '@testing-library/react';
import { LOCALES } from '@lectern/contracts/common/locale';
import { afterAll, afterEach } from 'vitest';

// antd renders slowly in jsdom, and `npm test` runs the server and web projects side by side on two
// cores: findBy/waitFor get 10 s instead of 1 s so a busy machine does not fail a correct component.
configure({ asyncUtilTimeout: 10_000 });

// The product's default language must not depend on the machine running the tests.
Object.defineProperty(window.navigator, 'language', { value: 'zh-CN', configurable: true });
Object.defineProperty(window.navigator, 'languages', { value: ['zh-CN'], configurable: true });

// The app fetches one language's messages at start; tests switch languages freely, so all are loaded.
// Imported only now: i18n picks its first language from the navigator set just above.
const { i18n, loadLocaleMessages } = await import('../shared/i18n/i18n.ts');
await Promise.all(LOCALES.map((locale) => loadLocaleMessages(locale)));
// Test files share one module graph per worker (vitest.config.ts: isolate off), so a language that an
// earlier file switched to would otherwise carry over: every file starts in the default language.
await i18n.changeLanguage('zh-CN');

// jsdom has no layout engine; antd's responsive helpers and virtual lists need these to exist.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
}

// jsdom has no layout: ProseMirror (the rich-text editor) measures ranges to scroll the cursor into view.
for (const proto of [Range.prototype, Element.prototype]) {
  if (!('getClientRects' in proto)) {
    Object.defineProperty(proto, 'getClientRects', { configurable: true, value: () => [] });
  }
}
if (!('getBoundingClientRect' in Range.prototype)) {
  Object.defineProperty(Range.prototype, 'getBoundingClientRect', {
    configurable: true,
    value: () => new DOMRect(0, 0, 0, 0),
  });
}
if (!document.elementFromPoint) {
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => null });
}

// jsdom throws "Not implemented" for pseudo-element styles, which antd's scrollbar measuring asks for.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// The test files of a worker share one document (isolate off). antd's styles, once written into it, stay
// for every later file, and jsdom matches each of their rules on every getComputedStyle, which each role
// query calls: the marking dialog's tests took 71 s in the whole run against 9 s alone, behind another
// file's 1,100 rules. So a file that renders antd outside WithoutAntdStyles (test/render-app.tsx) fails.
afterAll(() => {
  const written = document.querySelectorAll('style[data-css-hash]');
  if (written.length === 0) return;
  written.forEach((style) => style.remove());
  throw new Error(
    `antd wrote ${written.length} style elements into the shared test document: render inside WithoutAntdStyles (src/test/render-app.tsx)`,
  );
});
