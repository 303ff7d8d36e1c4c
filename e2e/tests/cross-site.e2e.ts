import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { useJourneyServer } from '../support/journey.ts';
import { freePort } from '../support/server.ts';

// Decision 0012: browsers are held to Fetch Metadata, Origin and SameSite; scripts need only the cookie.
const journey = useJourneyServer();

/** Another origin's page: it posts a form to Lectern's logout as soon as it loads, the classic CSRF. */
function attackPage(target: string): string {
  return `<!doctype html><html><body>
<form id="attack" method="POST" action="${target}" enctype="multipart/form-data">
  <input type="hidden" name="ignored" value="1">
</form>
<script>document.getElementById('attack').submit();</script>
</body></html>`;
}

let attacker: Server;
let attackerPort: number;

beforeAll(async () => {
  attackerPort = await freePort();
  attacker = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://attacker').searchParams.get('target') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackPage(target));
  });
  await new Promise<void>((resolve) => attacker.listen(attackerPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
});

const signedIn = async (page: Page) => (await page.request.get('/api/user')).status() === 200;

/** Opens the attacker's page on `host` and answers what Lectern said to the form it posted. */
async function submitFromAttacker(page: Page, host: string): Promise<{ status: number; code?: string }> {
  const target = `${journey.server.baseUrl}/api/logout`;
  const answered = page.waitForResponse((response) => response.url() === target);
  await page.goto(`http://${host}:${attackerPort}/?target=${encodeURIComponent(target)}`);
  const response = await answered;
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { status: response.status(), ...(body.code ? { code: body.code } : {}) };
}

describe('cross-site request forgery', () => {
  test('a form another origin posts with the user’s cookie is refused, and the user stays signed in', async () => {
    const page = await journey.browser.newPage();
    await login(page, 's20240001');
    expect(await signedIn(page)).toBe(true);

    // Same host, another port: another origin but the same site, so SameSite=Lax still sends the cookie.
    // Only the server's Fetch Metadata check (Sec-Fetch-Site: same-site) stands in the way.
    const sameSite = await submitFromAttacker(page, '127.0.0.1');
    expect(sameSite).toEqual({ status: 403, code: 'csrf_failed' });
    expect(await signedIn(page)).toBe(true);

    // Another site altogether: SameSite=Lax keeps the cookie home, so the post arrives anonymous.
    const crossSite = await submitFromAttacker(page, 'localhost');
    expect(crossSite).toEqual({ status: 401, code: 'unauthenticated' });
    expect(await signedIn(page)).toBe(true);

    // The very same form from Lectern's own origin goes through, so the refusals above are the check's.
    await page.goto('/user/courses');
    const target = `${journey.server.baseUrl}/api/logout`;
    const answered = page.waitForResponse((response) => response.url() === target);
    await page.evaluate(
      (html) => {
        const holder = document.createElement('div');
        holder.innerHTML = html;
        document.body.append(holder);
        holder.querySelector('form')?.submit();
      },
      attackPage(target).replace(/<script>[\s\S]*<\/script>/, ''),
    );
    expect((await answered).status()).toBe(200);
    expect(await signedIn(page)).toBe(false);
  });

  test('a script with only the `session` cookie, no CSRF header, reads and writes', async () => {
    const page = await journey.browser.newPage();
    await login(page, 's20240002');
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).toEqual(['session']);
    const session = cookies[0]!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // Plain Node fetch: no Origin, no Sec-Fetch-*, nothing but the cookie, as the original clients send.
    const headers = { cookie: `session=${session.value}` };
    const base = journey.server.baseUrl;
    const me = await fetch(`${base}/api/user`, { headers });
    expect(me.status).toBe(200);
    const saved = await fetch(`${base}/api/user/settings`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ mobile_phone: '13800138002' }),
    });
    expect(saved.status).toBe(200);
    const settings = (await (await fetch(`${base}/api/user`, { headers })).json()) as {
      mobile_phone: string;
    };
    expect(settings.mobile_phone).toBe('13800138002');
  });
});
