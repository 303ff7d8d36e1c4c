import {
  CourseModuleSchema,
  type CourseModule,
  type UpdateModuleRequest,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface UpdateModuleVariables {
  courseId: number;
  moduleId: number;
  body: UpdateModuleRequest;
}

export function updateModule({ moduleId, body }: UpdateModuleVariables): Promise<CourseModule> {
  return request(`/api/modules/${moduleId}`, { method: 'PUT', body, schema: CourseModuleSchema });
}

export function useUpdateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModule,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
