import { SESSION_COOKIE } from '../modules/identity/session.hook.ts';
import type { TestApp } from './test-app.ts';

/** The address the test apps believe they are reached at (LECTERN_PUBLIC_URL); inject never resolves it. */
export const SSO_PUBLIC_URL = 'http://lectern.test';
export const SSO_FLOW_COOKIE = 'lectern_sso_flow';

type Injected = { headers: Record<string, unknown>; statusCode: number };

/** A cookie's value from a response's Set-Cookie headers; '' when it is being cleared, undefined when absent. */
export function setCookieValue(response: Injected, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const all = Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
  const found = all.find((cookie) => cookie.startsWith(`${name}=`));
  return found === undefined
    ? undefined
    : decodeURIComponent(found.slice(name.length + 1).split(';')[0] ?? '');
}

export function locationOf(response: Injected): string {
  const location = response.headers['location'];
  if (typeof location !== 'string') throw new Error(`no redirect (status ${response.statusCode})`);
  return location;
}

/** Lectern's part of a callback URL (path and query), as the browser would request it. */
export function pathOf(url: string): string {
  const parsed = new URL(url, SSO_PUBLIC_URL);
  if (parsed.origin !== SSO_PUBLIC_URL) throw new Error(`${url} is not Lectern's`);
  return `${parsed.pathname}${parsed.search}`;
}

/** Whom a session cookie signs in, through the API as the web app asks it. */
export async function currentUserWith(t: TestApp, sessionToken: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user',
    cookies: { [SESSION_COOKIE]: sessionToken },
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}
