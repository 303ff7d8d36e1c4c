import { ErrorResponseSchema } from '@lectern/contracts/common/errors.schemas';
import { UserSchema } from '@lectern/contracts/identity/identity.schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError, buildUrl, isErrorEnvelope, request, requestTyped } from './http-client.ts';

const fetchMock = vi.fn<typeof fetch>();

function sentHeaders(call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('zh-CN');
});

describe('request', () => {
  it('sends a POST as JSON with the session cookie and no CSRF token (decision 0012)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await request('/api/logout', { method: 'POST', body: { a: 1 } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/logout');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    expect(sentHeaders().has('x-csrf-token')).toBe(false);
    expect(sentHeaders().get('content-type')).toBe('application/json');
    expect(sentHeaders().get('accept-language')).toBe('zh-CN');
  });

  it('sends the current language', async () => {
    await i18n.changeLanguage('en-US');
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await request('/api/user');

    expect(sentHeaders().get('accept-language')).toBe('en-US');
  });

  it('leaves FormData bodies to the browser', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));

    await request('/api/uploads', { method: 'POST', body: form });

    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(sentHeaders().has('content-type')).toBe(false);
  });

  it('turns the error envelope into an ApiError with field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 'validation_failed',
          message: '提交的内容有误',
          errors: { email: ['邮箱格式不正确'], 'rows.3.name': ['请输入姓名'] },
          request_id: 'req-1',
        },
        400,
      ),
    );

    const error = await request('/api/org/users', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.message).toBe('提交的内容有误');
    expect(apiError.errors).toEqual({ email: ['邮箱格式不正确'], 'rows.3.name': ['请输入姓名'] });
    expect(apiError.requestId).toBe('req-1');
  });

  it('takes as an error envelope exactly what the contract schema accepts', () => {
    const envelope = { code: 'forbidden', message: '无权操作', errors: {} };
    const bodies: unknown[] = [
      envelope,
      { ...envelope, request_id: 'req-2', errors: { title: ['太长'] } },
      { ...envelope, code: 'no_such_code' },
      { ...envelope, errors: undefined },
      { ...envelope, errors: { title: '太长' } },
      { ...envelope, errors: { title: [3] } },
      { ...envelope, errors: [] },
      { ...envelope, message: 3 },
      { ...envelope, request_id: 7 },
      [envelope],
      '<html>Bad Gateway</html>',
      null,
    ];
    for (const body of bodies) {
      expect(isErrorEnvelope(body), JSON.stringify(body)).toBe(ErrorResponseSchema.safeParse(body).success);
    }
  });

  it('gives a generic ApiError for JSON that is not the envelope', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Forbidden', message: 'nope' }, 403));

    const error = (await request('/api/user').catch((e: unknown) => e)) as ApiError;

    expect(error.code).toBe('forbidden');
    expect(error.message).toBe(i18n.t('shared:errors.unexpected'));
  });

  it('gives a localised generic ApiError for a non-JSON 502', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );

    const error = (await request('/api/user').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBe('internal');
    expect(error.errors).toEqual({});
    expect(error.message).toBe(i18n.t('shared:errors.server'));
    expect(error.message).not.toBe('');
  });

  it('gives a network ApiError when fetch itself fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = (await request('/api/user').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.message).toBe(i18n.t('shared:errors.network'));
  });

  it('parses the response with the given schema', async () => {
    const user = makeUser({ id: 1, user_no: 'T001', name: '王老师', created_at: '2025-01-01T00:00:00.000Z' });
    fetchMock.mockResolvedValueOnce(jsonResponse(user));
    await expect(request('/api/x', { schema: UserSchema })).resolves.toEqual(user);

    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 'nope' }));
    await expect(request('/api/x', { schema: UserSchema })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});

describe('requestTyped', () => {
  it('returns the body as sent, and fails like request', async () => {
    const user = makeUser({ id: 1 });
    fetchMock.mockResolvedValueOnce(jsonResponse(user));
    await expect(requestTyped('/api/user')).resolves.toEqual(user);

    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'unauthenticated', message: '请先登录', errors: {} }, 401),
    );
    await expect(requestTyped('/api/user')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
  });
});

describe('buildUrl', () => {
  it('skips undefined and JSON-encodes arrays and objects', () => {
    expect(
      buildUrl('/api/items', {
        page: 2,
        keyword: undefined,
        active: true,
        ids: [1, 2],
        conditions: { type: 'forum' },
      }),
    ).toBe('/api/items?page=2&active=true&ids=%5B1%2C2%5D&conditions=%7B%22type%22%3A%22forum%22%7D');
    expect(buildUrl('/api/items', { keyword: undefined })).toBe('/api/items');
  });
});
