import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { errorResponse, jsonResponse, mockApi } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { decodeCsv } from '../api/import-users.ts';
import { csvLine } from './csv-download.ts';
import { ImportUsersModal, splitImportErrors } from './import-users-modal.tsx';

function renderModal() {
  return renderRoutes(
    [
      {
        path: '/',
        element: <ImportUsersModal open onClose={() => undefined} afterClose={() => undefined} />,
      },
    ],
    '/',
  );
}

async function chooseAndImport(csv: string) {
  const user = userEvent.setup();
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await user.upload(input, new File([csv], 'users.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Import' }));
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('ImportUsersModal', () => {
  it('sends the file as CSV text and lists row errors by line', async () => {
    const fetchMock = mockApi({
      'POST /api/org/users/import': () =>
        errorResponse(400, 'validation_failed', '2 rows have errors; no users were imported.', {
          'rows.5.email': ['This is not a valid e-mail address.'],
          'rows.3.name': ['Enter a name.'],
        }),
    });
    renderModal();

    await chooseAndImport('user_no,name\nS1,\n');

    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Line 3 · name: Enter a name.',
      'Line 5 · email: This is not a valid e-mail address.',
    ]);
    expect(screen.getByText('2 rows have errors; no users were imported.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/org/users/import');
    expect(JSON.parse(String(init?.body))).toEqual({ csv: 'user_no,name\nS1,\n' });
  });

  it('shows the counts and the initial passwords after a successful import', async () => {
    mockApi({
      'POST /api/org/users/import': () =>
        jsonResponse({
          created: 2,
          updated: 1,
          initial_passwords: [{ user_no: 'S9', password: 'pw-S9-secret' }],
        }),
    });
    renderModal();

    await chooseAndImport('user_no,name\nS9,Nine\n');

    expect(await screen.findByText('Import finished: 2 created, 1 updated.')).toBeTruthy();
    expect(screen.getByText('pw-S9-secret')).toBeTruthy();
  });
});

describe('splitImportErrors', () => {
  it('orders row errors by line number and keeps file-level messages apart', () => {
    const result = splitImportErrors({
      'rows.12.email': ['邮箱格式不正确'],
      'rows.3.user_no': ['与第 2 行重复'],
      'rows.3.email': ['邮箱“a@b.c”已被使用'],
      csv: ['CSV 第一行必须是表头'],
    });

    expect(result.file).toEqual(['CSV 第一行必须是表头']);
    expect(result.rows).toEqual([
      { line: 3, field: 'email', message: '邮箱“a@b.c”已被使用' },
      { line: 3, field: 'user_no', message: '与第 2 行重复' },
      { line: 12, field: 'email', message: '邮箱格式不正确' },
    ]);
  });
});

describe('csvLine', () => {
  it('quotes only the cells that need it', () => {
    expect(csvLine(['user_no', 'name'])).toBe('user_no,name');
    expect(csvLine(['a,b', 'say "hi"'])).toBe('"a,b","say ""hi"""');
  });
});

describe('decodeCsv', () => {
  it('reads UTF-8, and falls back to GB18030 for files saved by Chinese Excel', () => {
    expect(decodeCsv(new TextEncoder().encode('张三').buffer)).toBe('张三');
    expect(decodeCsv(new Uint8Array([0xd5, 0xc5, 0xc8, 0xfd]).buffer)).toBe('张三');
  });
});
