import { TodosResponseSchema } from '@lectern/contracts/todos/todos.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { todosService } from './todos.service.ts';

const tags = ['todos'];

/** The student's to-do list on their home page. */
export function registerTodosRoutes(app: Api, ctx: AppContext): void {
  const todos = todosService(ctx);

  app.get(
    '/api/todos',
    { config: { access: 'user' }, schema: { tags, response: { 200: TodosResponseSchema } } },
    async (request) => todos.list(actorOf(request)),
  );
}
