import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppError } from '../../platform/errors.ts';
import { startLarkServer, type LarkFake } from '../../test/lark.fake.ts';
import { larkClient } from './lark-meeting.adapter.ts';

const REDIRECT = 'https://lectern.example.edu/api/lark/authorization/callback';
let lark: LarkFake;
beforeAll(async () => {
  lark = await startLarkServer(REDIRECT);
});
afterAll(async () => {
  await lark.close();
});

const client = (secret?: string) =>
  larkClient({
    appId: lark.appId,
    appSecret: secret ?? lark.appSecret,
    redirectUri: REDIRECT,
    apiUrl: lark.url,
    accountsUrl: lark.url,
  });

/** Follows the consent page as the browser would and returns the code Lark sends back. */
async function consent(url: string): Promise<{ code: string; state: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

describe('Lark client against the Open Platform double', () => {
  it('builds the consent URL from the app id, redirect, scopes and state', () => {
    const url = new URL(client().authorizationUrl('st-1'));
    expect(url.pathname).toBe('/open-apis/authen/v1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: lark.appId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'vc:reserve offline_access',
      state: 'st-1',
    });
  });

  it('exchanges the code at the v2 token endpoint, reads the open_id and reserves a meeting', async () => {
    lark.consentAs('ou_teacher');
    const { code, state } = await consent(client().authorizationUrl('st-2'));
    expect(state).toBe('st-2');
    const tokens = await client().exchangeCode(code);
    const tokenCall = lark.calls.findLast((c) => c.path === '/open-apis/authen/v2/oauth/token');
    expect(tokenCall?.body).toEqual({
      grant_type: 'authorization_code',
      client_id: lark.appId,
      client_secret: lark.appSecret,
      code,
      redirect_uri: REDIRECT,
    });
    expect(tokens.refreshToken).toMatch(/^ur-/);
    expect(tokens.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 7000 * 1000);
    expect(await client().openId(tokens.accessToken)).toBe('ou_teacher');

    const end = new Date(Date.now() + 2 * 3_600_000);
    const reserve = await client().reserve(tokens.accessToken, { topic: 'Office hours', end });
    const applyCall = lark.calls.findLast((c) => c.path === '/open-apis/vc/v1/reserves/apply');
    expect(applyCall?.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(applyCall?.body).toEqual({
      end_time: String(Math.floor(end.getTime() / 1000)),
      meeting_settings: { topic: 'Office hours' },
    });
    expect(reserve.meetingNo).toMatch(/^\d{9}$/);
    expect(reserve.url).toBe(`https://vc.feishu.cn/j/${reserve.meetingNo}`);
    expect(lark.reserves.get(reserve.reserveId)?.owner).toBe('ou_teacher');

    // The refresh token is spent by its use (rotation).
    const refreshed = await client().refresh(tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    const again = await client()
      .refresh(tokens.refreshToken ?? '')
      .catch((e: unknown) => e);
    expect((again as AppError).status).toBe(502);
  });

  it("maps Lark's refusals (a used code, a bad secret, a reserve error) to 502 with Lark's message", async () => {
    const { code } = await consent(client().authorizationUrl('s'));
    await client().exchangeCode(code);
    const reused = await client()
      .exchangeCode(code)
      .catch((e: unknown) => e);
    expect((reused as AppError).status).toBe(502);
    expect((reused as AppError).detail).toEqual({
      key: 'meetings.vendorRejected',
      params: { vendor: 'Lark', reason: 'The code is invalid. (20003)' },
    });
    const { code: second } = await consent(client().authorizationUrl('s'));
    const badSecret = await client('wrong')
      .exchangeCode(second)
      .catch((e: unknown) => e);
    expect(JSON.stringify((badSecret as AppError).detail)).toContain('The client secret is invalid.');
    const tokens = await client().exchangeCode(second);
    const far = new Date(Date.now() + 40 * 86_400_000);
    const refused = await client()
      .reserve(tokens.accessToken, { topic: 'Too far', end: far })
      .catch((e: unknown) => e);
    expect((refused as AppError).status).toBe(502);
    expect(JSON.stringify((refused as AppError).detail)).toContain(
      'reserve end time exceeds 30 days (121005)',
    );
  });
});
