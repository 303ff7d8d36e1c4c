import { AppError } from '../../platform/errors.ts';
import type { MeetingAdapter } from './meeting-adapter.ts';

export type LarkOptions = Readonly<{
  appId: string;
  appSecret: string;
  /** Lectern's callback (`…/api/lark/authorization/callback`) as registered in the Lark app. */
  redirectUri: string;
  /** https://open.feishu.cn (or https://open.larksuite.com): token, user and VC APIs. */
  apiUrl: string;
  /** https://accounts.feishu.cn: the consent page. */
  accountsUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}>;

/** What Lark's OAuth token endpoint hands back, as Lectern keeps it. */
export type LarkTokens = Readonly<{
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
}>;

export type LarkReserve = Readonly<{
  reserveId: string;
  meetingNo: string | null;
  url: string | null;
}>;

/** Scopes asked for: reserving meetings, and a refresh token so the instructor is not asked again daily. */
export const LARK_SCOPES = ['vc:reserve', 'offline_access'] as const;

type LarkBody = Record<string, unknown> & {
  code?: number;
  msg?: string;
  error?: string;
  error_description?: string;
};

/**
 * Lark / Feishu Open Platform: OAuth 2.0 user authorisation (consent page, then the v2 token endpoint
 * for the code and refreshes) and VC meeting reservations (`/open-apis/vc/v1/reserves/apply`) under the
 * user's access token. Lark answers `code: 0` on success; any other code is the vendor's refusal.
 */
export function larkClient(options: LarkOptions) {
  const api = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(
    path: string,
    init: { body?: unknown; token?: string; method?: 'POST' | 'PUT' | 'DELETE' },
  ): Promise<LarkBody> {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let response: Response;
    let body: LarkBody;
    try {
      response = await doFetch(`${api}${path}`, {
        method: init.method ?? 'POST',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = (await response.json()) as LarkBody;
    } catch {
      throw new AppError('service_unavailable', 'meetings.vendorUnreachable');
    }
    if (!response.ok || (body.code !== undefined && body.code !== 0)) {
      const reason = body.error_description ?? body.msg ?? body.error ?? `HTTP ${response.status}`;
      throw new AppError('bad_gateway', {
        key: 'meetings.vendorRejected',
        params: { vendor: 'Lark', reason: body.code ? `${reason} (${body.code})` : reason },
      });
    }
    return body;
  }

  function tokensOf(body: LarkBody, now: number): LarkTokens {
    if (typeof body.access_token !== 'string') {
      throw new AppError('bad_gateway', {
        key: 'meetings.vendorRejected',
        params: { vendor: 'Lark', reason: 'no access_token' },
      });
    }
    const expiresIn = Number(body.expires_in ?? 7200);
    const refreshIn = Number(body.refresh_token_expires_in ?? 0);
    return {
      accessToken: body.access_token,
      accessTokenExpiresAt: new Date(now + expiresIn * 1000),
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      refreshTokenExpiresAt:
        typeof body.refresh_token === 'string' && refreshIn > 0 ? new Date(now + refreshIn * 1000) : null,
    };
  }

  return {
    /** The consent page the browser is sent to; `state` comes back unchanged to the callback. */
    authorizationUrl(state: string): string {
      const url = new URL('/open-apis/authen/v1/authorize', options.accountsUrl);
      url.searchParams.set('client_id', options.appId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', options.redirectUri);
      url.searchParams.set('scope', LARK_SCOPES.join(' '));
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** The authorisation code for the user's tokens (`grant_type=authorization_code`). */
    async exchangeCode(code: string): Promise<LarkTokens> {
      const now = Date.now();
      const body = await call('/open-apis/authen/v2/oauth/token', {
        body: {
          grant_type: 'authorization_code',
          client_id: options.appId,
          client_secret: options.appSecret,
          code,
          redirect_uri: options.redirectUri,
        },
      });
      return tokensOf(body, now);
    },

    /** A new access token from the refresh token (which Lark rotates: the old one is spent). */
    async refresh(refreshToken: string): Promise<LarkTokens> {
      const now = Date.now();
      const body = await call('/open-apis/authen/v2/oauth/token', {
        body: {
          grant_type: 'refresh_token',
          client_id: options.appId,
          client_secret: options.appSecret,
          refresh_token: refreshToken,
        },
      });
      return tokensOf(body, now);
    },

    /** `GET /open-apis/authen/v1/user_info`: the user's open_id, recorded with the tokens. */
    async openId(accessToken: string): Promise<string> {
      let body: LarkBody;
      let ok: boolean;
      try {
        const response = await doFetch(`${api}/open-apis/authen/v1/user_info`, {
          headers: { authorization: `Bearer ${accessToken}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        ok = response.ok;
        body = (await response.json()) as LarkBody;
      } catch {
        throw new AppError('service_unavailable', 'meetings.vendorUnreachable');
      }
      const data = body.data as { open_id?: unknown } | undefined;
      if (!ok || body.code !== 0 || typeof data?.open_id !== 'string') {
        throw new AppError('bad_gateway', {
          key: 'meetings.vendorRejected',
          params: { vendor: 'Lark', reason: body.msg ?? 'no open_id' },
        });
      }
      return data.open_id;
    },

    /** Reserves a meeting until `end` with `topic`, owned by the token's user. */
    async reserve(accessToken: string, input: { topic: string; end: Date }): Promise<LarkReserve> {
      const body = await call('/open-apis/vc/v1/reserves/apply', {
        token: accessToken,
        body: {
          end_time: String(Math.floor(input.end.getTime() / 1000)),
          meeting_settings: { topic: input.topic.slice(0, 255) },
        },
      });
      const reserve = (body.data as { reserve?: Record<string, unknown> } | undefined)?.reserve;
      if (!reserve || typeof reserve.id !== 'string') {
        throw new AppError('bad_gateway', {
          key: 'meetings.vendorRejected',
          params: { vendor: 'Lark', reason: 'no reserve' },
        });
      }
      return {
        reserveId: reserve.id,
        meetingNo: typeof reserve.meeting_no === 'string' ? reserve.meeting_no : null,
        url: typeof reserve.url === 'string' ? reserve.url : null,
      };
    },

    /** `PUT /open-apis/vc/v1/reserves/{id}`: the reservation's topic and end, as the activity now has them. */
    async updateReserve(
      accessToken: string,
      reserveId: string,
      input: { topic: string; end: Date },
    ): Promise<void> {
      await call(`/open-apis/vc/v1/reserves/${encodeURIComponent(reserveId)}`, {
        method: 'PUT',
        token: accessToken,
        body: {
          end_time: String(Math.floor(input.end.getTime() / 1000)),
          meeting_settings: { topic: input.topic.slice(0, 255) },
        },
      });
    },

    /** `DELETE /open-apis/vc/v1/reserves/{id}`: the reservation is withdrawn. */
    async deleteReserve(accessToken: string, reserveId: string): Promise<void> {
      await call(`/open-apis/vc/v1/reserves/${encodeURIComponent(reserveId)}`, {
        method: 'DELETE',
        token: accessToken,
      });
    },
  };
}

export type LarkClient = ReturnType<typeof larkClient>;

/**
 * Lark meetings reserved through Lectern (`data.meeting_vendor = 'lark'`): joined by the reservation's
 * link. Attendance and recordings of Lark meetings need tenant-wide permissions this integration does
 * not ask for, so they are Lectern's own join records and the replay links the instructor adds.
 */
export function larkMeetingAdapter(): MeetingAdapter {
  return {
    name: 'lark',
    ensure(meeting) {
      return Promise.resolve({ meetingId: meeting.data.meeting_id ?? null });
    },
    joinUrl(meeting) {
      return Promise.resolve(meeting.data.join_url ?? null);
    },
    attendees() {
      return Promise.resolve([]);
    },
    replays(meeting) {
      return Promise.resolve(
        (meeting.data.replay_address ?? []).map((url) => ({ url, startTime: null, endTime: null })),
      );
    },
  };
}
