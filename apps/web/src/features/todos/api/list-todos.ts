import { TodosResponseSchema, type TodosResponse } from '@lectern/contracts/todos/todos.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export const todosQueryKey = ['todos'] as const;

/** `GET /api/todos`: the caller's open homework and exams, soonest deadline first. */
export function listTodos(signal?: AbortSignal): Promise<TodosResponse> {
  return request('/api/todos', { schema: TodosResponseSchema, signal });
}

export function todosQueryOptions() {
  return queryOptions({ queryKey: todosQueryKey, queryFn: ({ signal }) => listTodos(signal) });
}

export function useTodos() {
  return useQuery(todosQueryOptions());
}
