/** Every roll-call query sits under this prefix, so a push event or a change refreshes all it may touch. */
export const rollcallsQueryKey = ['rollcalls'] as const;

export const courseRollcallsQueryKey = (courseId: number) =>
  [...rollcallsQueryKey, 'course', courseId] as const;

export const studentRollcallsQueryKey = (rollcallId: number) =>
  [...rollcallsQueryKey, 'students', rollcallId] as const;

export const openRollcallsQueryKey = [...rollcallsQueryKey, 'open'] as const;

export const rollcallQrQueryKey = (rollcallId: number) => [...rollcallsQueryKey, 'qr', rollcallId] as const;
