/** Every cached rubric entry lives under this prefix, so one invalidation refreshes lists and details. */
export const rubricsQueryKey = ['rubrics'] as const;

export const rubricListKey = [...rubricsQueryKey, 'list'] as const;

export function rubricDetailKey(id: number) {
  return [...rubricsQueryKey, 'detail', id] as const;
}
