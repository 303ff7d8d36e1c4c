import {
  AssignActivityToModuleResponseSchema,
  CombineContentsResponseSchema,
  InspectResponseSchema,
  type AssignActivityToModuleRequest,
  type CombineContentsRequest,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { coursesToMergeKey } from './course-combining-keys.ts';

/** `POST /api/combine-courses/{id}/combine-contents`: one sub-course's chosen sections. */
export function combineContents(courseId: number, body: CombineContentsRequest) {
  return request(`/api/combine-courses/${courseId}/combine-contents`, {
    method: 'POST',
    body,
    schema: CombineContentsResponseSchema,
  });
}

/** `POST /api/courses/{id}/assign-activity-to-module`. */
export function assignActivitiesToModule(courseId: number, body: AssignActivityToModuleRequest) {
  return request(`/api/courses/${courseId}/assign-activity-to-module`, {
    method: 'POST',
    body,
    schema: AssignActivityToModuleResponseSchema,
  });
}

/** `PUT /api/courses/inspect-child/{id}`: what is left of a sub-course was reviewed. */
export function inspectChild(subCourseId: number) {
  return request(`/api/courses/inspect-child/${subCourseId}`, {
    method: 'PUT',
    schema: InspectResponseSchema,
  });
}

/** `PUT /api/courses/{id}/inspect`: the merge is confirmed. */
export function inspectCourse(courseId: number) {
  return request(`/api/courses/${courseId}/inspect`, { method: 'PUT', schema: InspectResponseSchema });
}

/** Step 1 of the merge modal: each sub-course's chosen sections, one call per course. */
export function useCombineContents(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choices: readonly { courseId: number; moduleIds: number[] }[]) => {
      for (const choice of choices) {
        if (choice.moduleIds.length === 0) continue;
        await combineContents(courseId, { course_id: choice.courseId, module_ids: choice.moduleIds });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesToMergeKey(courseId) }),
  });
}

/** Step 2: activities still in sub-courses into one section of the combined course. */
export function useAssignToModule(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { moduleId: number; activityIds: number[] }) =>
      assignActivitiesToModule(courseId, { module_id: input.moduleId, activity_ids: input.activityIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesToMergeKey(courseId) }),
  });
}

/** Saving step 2: each sub-course's leftovers marked reviewed, then the merge confirmed. */
export function useFinishMerge(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subCourseIds: readonly number[]) => {
      for (const id of subCourseIds) await inspectChild(id);
      await inspectCourse(courseId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesToMergeKey(courseId) }),
  });
}
