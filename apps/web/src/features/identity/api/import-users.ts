import {
  ImportUsersResponseSchema,
  type ImportUsersResponse,
} from '@lectern/contracts/identity/identity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { usersQueryKey } from './list-users.ts';

/**
 * Excel on Chinese Windows saves "CSV" in the system code page rather than UTF-8. Bytes that are not
 * valid UTF-8 are read as GB18030, or Big5 for Traditional Chinese users, instead of turning into U+FFFD.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder(currentLocale() === 'zh-TW' ? 'big5' : 'gb18030').decode(bytes);
  }
}

/** FileReader rather than Blob.arrayBuffer(), which Safari only gained in version 14. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The file is read in the browser and sent as JSON text; the server parses the CSV itself. */
export async function importUsers(file: Blob): Promise<ImportUsersResponse> {
  const csv = decodeCsv(await readBytes(file));
  return request('/api/org/users/import', {
    method: 'POST',
    body: { csv },
    schema: ImportUsersResponseSchema,
  });
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
