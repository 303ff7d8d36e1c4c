import { vi, type Mock } from 'vitest';

export type FetchMock = Mock<typeof fetch>;

/** Answers one request; `body` is the parsed JSON body, if any. */
export type RouteHandler = (body: unknown, url: URL) => Response | Promise<Response>;

/** Handlers keyed by "METHOD /path" (the path without its query string), e.g. "GET /api/user". */
export type ApiRoutes = Record<string, RouteHandler>;

export interface SentRequest {
  method: string;
  /** As the app passed it: path and query string. */
  url: string;
  /** The JSON body parsed, or the raw body (FormData) when it is not JSON text. */
  body: unknown;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's error envelope. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  errors: Record<string, string[]> = {},
): Response {
  return jsonResponse({ code, message, errors, request_id: 'req-test' }, status);
}

function toSentRequest([input, init]: Parameters<typeof fetch>): SentRequest {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const raw = init?.body;
  return {
    method: init?.method ?? 'GET',
    url,
    body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? undefined),
  };
}

function routeKey(request: SentRequest): string {
  return `${request.method} ${new URL(request.url, 'http://localhost').pathname}`;
}

/**
 * Puts a fake API in place of `fetch` for the current test (vitest restores the real one: unstubGlobals).
 * A request no route answers rejects, which the http client shows as a network error, so a test fails
 * on screen rather than hanging. Returns the mock; read what was sent with `sentRequests`/`sentBodies`.
 */
export function mockApi(routes: ApiRoutes = {}): FetchMock {
  const fetchMock = vi.fn<typeof fetch>(async (...args) => {
    const request = toSentRequest(args);
    const handler = routes[routeKey(request)];
    if (!handler) throw new Error(`Unexpected request: ${routeKey(request)}`);
    return handler(request.body, new URL(request.url, 'http://localhost'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Every request made so far, in order. */
export function sentRequests(fetchMock: FetchMock): SentRequest[] {
  return fetchMock.mock.calls.map(toSentRequest);
}

/** The bodies sent to "METHOD /path", in order. */
export function sentBodies(fetchMock: FetchMock, key: string): unknown[] {
  return sentRequests(fetchMock)
    .filter((request) => routeKey(request) === key)
    .map((request) => request.body);
}
