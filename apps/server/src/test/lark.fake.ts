import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LarkCall = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  authorization: string | undefined;
};

export type LarkFake = {
  /** Both the open API (LARK_API_URL) and the accounts site (LARK_ACCOUNTS_URL) of this double. */
  url: string;
  appId: string;
  appSecret: string;
  redirectUri: string;
  calls: LarkCall[];
  /** Reservations made, by id. */
  reserves: Map<string, { topic: string; end_time: string; owner: string }>;
  /** The open_id that consents on the next visit of the consent page. */
  consentAs(openId: string): void;
  /** Makes the user's current access token expired, as after two hours. */
  expireAccessTokens(): void;
  /** The next call of this path answers Lark's error: HTTP status, code, msg. */
  failNext(path: string, status: number, code: number, msg: string): void;
  close(): Promise<void>;
};

/**
 * Lark / Feishu Open Platform on a random local port: the OAuth consent page
 * (`/open-apis/authen/v1/authorize`, which "consents" at once and redirects to the redirect_uri with a
 * code and the state), the v2 token endpoint (authorization_code and refresh_token grants; client id,
 * secret and redirect_uri checked; codes single-use; refresh tokens rotated), `authen/v1/user_info` and
 * `vc/v1/reserves/apply` (and `PUT`/`DELETE vc/v1/reserves/{id}` by its owner) under a user access token. Answers are Lark's `{code, msg, data}` envelopes.
 */
export async function startLarkServer(redirectUri: string): Promise<LarkFake> {
  const appId = 'cli_fakeapp0001';
  const appSecret = 'fake-lark-app-secret';
  const calls: LarkCall[] = [];
  const codes = new Map<string, string>();
  const accessTokens = new Map<string, { openId: string; expired: boolean }>();
  const refreshTokens = new Map<string, string>();
  const reserves: LarkFake['reserves'] = new Map();
  const failures: { path: string; status: number; code: number; msg: string }[] = [];
  let consenting = 'ou_fake_user';
  let next = 1;
  const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

  const issue = (openId: string) => {
    const access = token('u');
    const refresh = token('ur');
    accessTokens.set(access, { openId, expired: false });
    refreshTokens.set(refresh, openId);
    return {
      code: 0,
      access_token: access,
      expires_in: 7200,
      refresh_token: refresh,
      refresh_token_expires_in: 604800,
      token_type: 'Bearer',
      scope: 'vc:reserve offline_access',
    };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const authorization = req.headers.authorization;
      calls.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        authorization,
      });
      const send = (status: number, payload: unknown) =>
        res
          .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
          .end(JSON.stringify(payload));
      const failure = failures.findIndex((f) => f.path === url.pathname);
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        if (f)
          return send(f.status, {
            code: f.code,
            msg: f.msg,
            error: 'invalid_request',
            error_description: f.msg,
          });
      }
      const bearer = () => {
        const value = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
        const held = accessTokens.get(value);
        return held && !held.expired ? held.openId : null;
      };

      if (req.method === 'GET' && url.pathname === '/open-apis/authen/v1/authorize') {
        if (
          url.searchParams.get('client_id') !== appId ||
          url.searchParams.get('redirect_uri') !== redirectUri
        ) {
          return send(400, { code: 20029, msg: 'redirect_uri or client_id invalid' });
        }
        const code = token('code');
        codes.set(code, consenting);
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() }).end();
        return undefined;
      }
      if (req.method === 'POST' && url.pathname === '/open-apis/authen/v2/oauth/token') {
        const b = body ?? {};
        if (b.client_id !== appId || b.client_secret !== appSecret) {
          return send(400, {
            code: 20002,
            error: 'invalid_client',
            error_description: 'The client secret is invalid.',
          });
        }
        if (b.grant_type === 'authorization_code') {
          const openId = typeof b.code === 'string' ? codes.get(b.code) : undefined;
          if (!openId || b.redirect_uri !== redirectUri) {
            return send(400, {
              code: 20003,
              error: 'invalid_grant',
              error_description: 'The code is invalid.',
            });
          }
          codes.delete(b.code as string);
          return send(200, issue(openId));
        }
        if (b.grant_type === 'refresh_token') {
          const openId = typeof b.refresh_token === 'string' ? refreshTokens.get(b.refresh_token) : undefined;
          if (!openId) {
            return send(400, {
              code: 20064,
              error: 'invalid_grant',
              error_description: 'The refresh token has been revoked.',
            });
          }
          refreshTokens.delete(b.refresh_token as string);
          return send(200, issue(openId));
        }
        return send(400, { code: 20001, error: 'unsupported_grant_type', error_description: 'grant_type' });
      }
      if (req.method === 'GET' && url.pathname === '/open-apis/authen/v1/user_info') {
        const openId = bearer();
        if (!openId) return send(401, { code: 99991668, msg: 'Invalid access token for authorization.' });
        return send(200, { code: 0, msg: 'success', data: { open_id: openId, name: openId } });
      }
      if (req.method === 'POST' && url.pathname === '/open-apis/vc/v1/reserves/apply') {
        const openId = bearer();
        if (!openId) return send(401, { code: 99991668, msg: 'Invalid access token for authorization.' });
        const b = body ?? {};
        const settings = b.meeting_settings as { topic?: unknown } | undefined;
        if (typeof b.end_time !== 'string' || !/^\d+$/.test(b.end_time)) {
          return send(400, { code: 99992402, msg: 'field validation failed: end_time' });
        }
        if (Number(b.end_time) * 1000 > Date.now() + 30 * 86_400_000) {
          return send(400, { code: 121005, msg: 'reserve end time exceeds 30 days' });
        }
        const id = `69111884119320${String(next).padStart(5, '0')}`;
        const meetingNo = String(112000000 + next);
        next += 1;
        reserves.set(id, { topic: String(settings?.topic ?? ''), end_time: b.end_time, owner: openId });
        return send(200, {
          code: 0,
          msg: 'success',
          data: {
            reserve: {
              id,
              meeting_no: meetingNo,
              url: `https://vc.feishu.cn/j/${meetingNo}`,
              app_link: `https://applink.feishu.cn/client/videochat/open?source=openplatform&action=join&idtype=reservationid&id=${id}`,
              live_link: `https://meetings.feishu.cn/s/fake${id}`,
              end_time: b.end_time,
              expire_status: 1,
            },
          },
        });
      }
      const reserveMatch = /^\/open-apis\/vc\/v1\/reserves\/(\d+)$/.exec(url.pathname);
      if (reserveMatch && (req.method === 'PUT' || req.method === 'DELETE')) {
        const openId = bearer();
        if (!openId) return send(401, { code: 99991668, msg: 'Invalid access token for authorization.' });
        const reserve = reserves.get(reserveMatch[1] ?? '');
        if (!reserve) return send(404, { code: 121001, msg: 'reserve not found' });
        if (reserve.owner !== openId) return send(403, { code: 121004, msg: 'no permission' });
        if (req.method === 'DELETE') {
          reserves.delete(reserveMatch[1] ?? '');
          return send(200, { code: 0, msg: 'success', data: {} });
        }
        const b = body ?? {};
        const settings = b.meeting_settings as { topic?: unknown } | undefined;
        if (typeof b.end_time === 'string') reserve.end_time = b.end_time;
        if (settings?.topic !== undefined) reserve.topic = String(settings.topic);
        return send(200, { code: 0, msg: 'success', data: { reserve: { id: reserveMatch[1] } } });
      }
      return send(404, { code: 404, msg: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    redirectUri,
    calls,
    reserves,
    consentAs(openId) {
      consenting = openId;
    },
    expireAccessTokens() {
      for (const held of accessTokens.values()) held.expired = true;
    },
    failNext(path, status, code, msg) {
      failures.push({ path, status, code, msg });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
