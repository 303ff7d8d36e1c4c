import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/http-client.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { FakeXhr } from '../test/fake-xhr.ts';
import { makeUpload } from '../test/fixtures.ts';
import { createUpload } from './create-upload.ts';

beforeEach(async () => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  await i18n.changeLanguage('en-US');
});

describe('createUpload', () => {
  it('posts the fields before the file with the language header, reporting progress', async () => {
    const progress = vi.fn();
    const file = new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' });

    const pending = createUpload(file, {
      parentType: 'learning_activity',
      parentId: 101,
      onProgress: progress,
    });
    const xhr = FakeXhr.last();
    xhr.progress(512, 2048);
    xhr.respond(201, makeUpload({ id: 9, name: 'notes.pdf' }));

    await expect(pending).resolves.toMatchObject({ id: 9, name: 'notes.pdf' });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.headers['accept-language']).toBe('en-US');
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['parent_type', 'parent_id', 'file']);
    expect(form.get('parent_id')).toBe('101');
    expect((form.get('file') as File).name).toBe('notes.pdf');
    expect(progress).toHaveBeenCalledWith(25);
  });

  it('turns an error envelope into an ApiError with the server message', async () => {
    const pending = createUpload(new File(['x'], 'big.mp4'));
    FakeXhr.last().respond(413, {
      code: 'payload_too_large',
      message: 'The file can be at most 500 MB.',
      errors: {},
      request_id: 'r9',
    });

    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      message: 'The file can be at most 500 MB.',
    });
  });

  it('gives a readable message for a proxy page or a broken connection', async () => {
    const proxied = createUpload(new File(['x'], 'big.mp4'));
    FakeXhr.last().respond(413, '<html>Request Entity Too Large</html>');
    await expect(proxied).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });

    const offline = createUpload(new File(['x'], 'a.txt'));
    FakeXhr.last().fail();
    await expect(offline).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('can be cancelled', async () => {
    const controller = new AbortController();
    const pending = createUpload(new File(['x'], 'a.txt'), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
