import { z } from 'zod';
import { NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';

export const TODO_TYPES = ['homework', 'exam', 'classroom_exam'] as const;
export const TodoTypeSchema = z.enum(TODO_TYPES);
export type TodoType = z.infer<typeof TodoTypeSchema>;

/** Something the student still has to do: an open homework not handed in, or an exam with attempts left. */
export const TodoSchema = z
  .object({
    /** The activity's id. */
    id: z.number().int(),
    title: z.string(),
    course_id: z.number().int(),
    course_name: z.string(),
    type: TodoTypeSchema,
    /** When it closes for this student (a make-up window's end when that is what keeps it open); null: never. */
    end_time: NullableIsoDateTimeSchema,
  })
  .meta({ id: 'Todo' });
export type Todo = z.infer<typeof TodoSchema>;

export const TodosResponseSchema = z.object({ todo_list: z.array(TodoSchema) });
export type TodosResponse = z.infer<typeof TodosResponseSchema>;

/** Soonest deadline first; open-ended items last, then by title so the order is stable. */
export function compareTodos(a: Todo, b: Todo): number {
  if (a.end_time !== b.end_time) {
    if (a.end_time === null) return 1;
    if (b.end_time === null) return -1;
    return Date.parse(a.end_time) - Date.parse(b.end_time);
  }
  return a.title.localeCompare(b.title) || a.id - b.id;
}
