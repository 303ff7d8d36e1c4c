import {
  ExternalResourcePreviewUrlSchema,
  type ExternalResourcePreviewUrl,
} from '@lectern/contracts/course-services/extension-apps.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `GET /api/external-resource/{rid}/preview-url`: where to open extension app `rid`, checked by the server. */
export function getExternalResourcePreviewUrl(
  resourceId: number,
  signal?: AbortSignal,
): Promise<ExternalResourcePreviewUrl> {
  return request(`/api/external-resource/${resourceId}/preview-url`, {
    schema: ExternalResourcePreviewUrlSchema,
    signal,
  });
}

/** Asked when a preview opens (null: none open); never cached, the server re-checks every time. */
export function useExternalResourcePreviewUrl(resourceId: number | null) {
  return useQuery({
    queryKey: ['course-services', 'external-resource-preview', resourceId],
    queryFn: ({ signal }) => getExternalResourcePreviewUrl(resourceId ?? 0, signal),
    enabled: resourceId !== null,
    gcTime: 0,
    staleTime: 0,
  });
}
