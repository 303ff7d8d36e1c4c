import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { FakeXhr } from '../test/fake-xhr.ts';
import { makeUpload } from '../test/fixtures.ts';
import { UploadField, type UploadedFile } from './upload-field.tsx';

const changes: UploadedFile[][] = [];

function Harness({ initial = [] }: { initial?: UploadedFile[] }) {
  const [value, setValue] = useState(initial);
  return (
    <UploadField
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function renderField(initial?: UploadedFile[]) {
  return renderRoutes([{ path: '*', element: <Harness initial={initial} /> }], '/');
}

const uploaded = (id: number, name: string) => makeUpload({ id, name });

async function choose(name: string) {
  const user = userEvent.setup({ delay: null });
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await user.upload(input, new File(['%PDF-1.7'], name, { type: 'application/pdf' }));
}

beforeEach(async () => {
  changes.length = 0;
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  await i18n.changeLanguage('en-US');
});

describe('UploadField', () => {
  it('uploads a chosen file and adds it to the value once the server has it', async () => {
    renderField();

    await choose('notes.pdf');
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().progress(1024, 2048));
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    act(() => FakeXhr.last().respond(201, uploaded(9, 'notes.pdf')));

    await waitFor(() => expect(changes.at(-1)).toEqual([{ upload_id: 9, name: 'notes.pdf', size: 2048 }]));
    expect(screen.getByText('notes.pdf')).toBeTruthy();
  });

  it("shows the server's reason under a refused file and keeps it out of the value", async () => {
    renderField();

    await choose('setup.pdf');
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(415, {
        code: 'unsupported_media_type',
        message: 'The file content does not match its ".pdf" extension.',
        errors: {},
      }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file content does not match its ".pdf" extension.',
    );
    expect(changes).toEqual([]);
  });

  it('deletes a file uploaded here when it is removed, but only detaches one that was attached before', async () => {
    const fetchMock = mockApi({
      'DELETE /api/uploads/9': () => jsonResponse({ message: 'The file has been deleted.' }),
    });
    const user = userEvent.setup({ delay: null });
    renderField([{ upload_id: 3, name: 'old.pdf', size: 10 }]);

    await choose('new.pdf');
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().respond(201, uploaded(9, 'new.pdf')));
    // Finished, not only listed: the name shows while the upload is still on its way too.
    await waitFor(() => expect(changes.at(-1)).toHaveLength(2));

    const removeButtons = screen.getAllByRole('button', { name: 'Remove file' });
    await user.click(removeButtons[1]!);
    await waitFor(() => expect(changes.at(-1)).toEqual([{ upload_id: 3, name: 'old.pdf', size: 10 }]));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/uploads/9');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');

    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    await waitFor(() => expect(changes.at(-1)).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
