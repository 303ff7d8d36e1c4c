import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';

// The check is an inline script so it runs before (and without) the bundle; test the shipped text itself.
const inline = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

function redirects(userAgent: string): boolean {
  let target: string | undefined;
  const run = new Function('navigator', 'location', inline) as (
    navigator: { userAgent: string },
    location: { replace: (url: string) => void },
  ) => void;
  run({ userAgent }, { replace: (url) => (target = url) });
  if (target !== undefined) expect(target).toBe('/browser-warning');
  return target !== undefined;
}

describe('old-browser check in index.html', () => {
  it('runs before the app bundle', () => {
    expect(inline).not.toBe('');
    expect(indexHtml.indexOf(inline)).toBeLessThan(indexHtml.indexOf('src="/src/main.tsx"'));
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
