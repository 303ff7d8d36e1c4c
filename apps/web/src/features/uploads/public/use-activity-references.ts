import { useUploadReferences } from '../api/list-upload-references.ts';

/** The files attached to an activity, as its readers may see them (for courseware and video pages). */
export function useActivityReferences(activityId: number) {
  return useUploadReferences(activityId);
}
