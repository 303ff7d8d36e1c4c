import { currentLocale } from '../../../shared/i18n/i18n.ts';

/**
 * Sends a visit report without holding up the page: `navigator.sendBeacon` where the browser has it (the
 * request outlives the page being left), else `fetch` with `keepalive`. Nothing waits for or reads the answer:
 * a lost visit costs a count, never the learner's navigation.
 */
export function sendKnowledgeBeacon(path: string, body: object): void {
  const json = JSON.stringify(body);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(path, new Blob([json], { type: 'application/json' }))) return;
    }
  } catch {
    // A browser that refuses the beacon (too large, not allowed) falls back to fetch below.
  }
  void fetch(path, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLocale() },
    body: json,
  }).catch(() => undefined);
}
