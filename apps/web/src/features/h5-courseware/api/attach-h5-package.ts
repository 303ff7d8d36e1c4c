import { H5PackageSchema, type H5Package } from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { uploadFile } from '../../uploads/public/upload-file.ts';
import { h5QueryKey } from './h5-keys.ts';

/** Activity queries (the detail page lists attachments): refreshed once a package is attached. */
const ACTIVITIES_QUERY_KEY = ['activities'] as const;

/** `POST /api/h5-courseware/{activityId}/packages` {upload_id}: unpacks and attaches an uploaded zip. */
export function attachH5Package(activityId: number, uploadId: number): Promise<H5Package> {
  return request(`/api/h5-courseware/${activityId}/packages`, {
    method: 'POST',
    body: { upload_id: uploadId },
    schema: H5PackageSchema,
  });
}

/** Uploads the zip, then has the server unpack and attach it. */
export function useUploadH5Package(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => attachH5Package(activityId, (await uploadFile(file)).id),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: h5QueryKey }),
        queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
      ]);
    },
  });
}
