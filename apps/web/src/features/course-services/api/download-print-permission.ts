import {
  DownloadPrintPermissionSchema,
  type DownloadPrintPermission,
  type DownloadPrintType,
} from '@lectern/contracts/course-services/download-print-permissions.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { downloadPrintKey } from './course-services-keys.ts';

/** `GET /api/courses/{id}/download-print-permissions?type=`. */
export function getDownloadPrintPermission(
  courseId: number,
  type: DownloadPrintType,
  signal?: AbortSignal,
): Promise<DownloadPrintPermission> {
  return request(`/api/courses/${courseId}/download-print-permissions`, {
    query: { type },
    schema: DownloadPrintPermissionSchema,
    signal,
  });
}

export function useDownloadPrintPermission(courseId: number, type: DownloadPrintType) {
  return useQuery({
    queryKey: downloadPrintKey(courseId, type),
    queryFn: ({ signal }) => getDownloadPrintPermission(courseId, type, signal),
  });
}
