import {
  DownloadPrintPermissionSchema,
  type SaveDownloadPrintRequest,
} from '@lectern/contracts/course-services/download-print-permissions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { downloadPrintKey, sharedFilesKey } from './course-services-keys.ts';

/** `PUT /api/courses/{id}/download-print-permissions`: the teaching team sets one type. */
export function useSaveDownloadPrintPermission(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDownloadPrintRequest) =>
      request(`/api/courses/${courseId}/download-print-permissions`, {
        method: 'PUT',
        body,
        schema: DownloadPrintPermissionSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(downloadPrintKey(courseId, saved.type), saved);
      // What each shared file offers (download, inline view) follows the course's download rule.
      void queryClient.invalidateQueries({ queryKey: sharedFilesKey(courseId) });
    },
  });
}
