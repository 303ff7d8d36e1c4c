import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd renders slowly in jsdom, and `npm test` runs the server and web projects side by side on two
// cores: findBy/waitFor get 5 s instead of 1 s so a busy machine does not fail a correct component.
configure({ asyncUtilTimeout: 5_000 });

// The product's default language must not depend on the machine running the tests.
Object.defineProperty(window.navigator, 'language', { value: 'zh-CN', configurable: true });
Object.defineProperty(window.navigator, 'languages', { value: ['zh-CN'], configurable: true });

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
