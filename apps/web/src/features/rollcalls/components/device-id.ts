const DEVICE_KEY = 'lectern.rollcall.device';

/**
 * This browser's id for roll calls, kept across visits: the server lets one device check in one student
 * per roll call. Without storage (private mode) it lasts for the page.
 */
let fallback: string | undefined;
export function deviceId(): string {
  try {
    const stored = window.localStorage.getItem(DEVICE_KEY);
    if (stored) return stored;
    const created = crypto.randomUUID();
    window.localStorage.setItem(DEVICE_KEY, created);
    return created;
  } catch {
    fallback ??= crypto.randomUUID();
    return fallback;
  }
}
