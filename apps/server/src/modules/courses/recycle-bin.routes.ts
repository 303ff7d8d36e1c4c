import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  RecycleBinActionResponseSchema,
  RecycleBinResponseSchema,
} from '@lectern/contracts/courses/recycle-bin.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { recycleBinService } from './recycle-bin.service.ts';

const tags = ['courses'];

/** Course recycle bins: list, restore, delete for good (decision 0015). */
export function registerRecycleBinRoutes(app: Api, ctx: AppContext): void {
  const bin = recycleBinService(ctx);

  app.get(
    '/api/courses/:id/recycle-bin',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: RecycleBinResponseSchema } },
    },
    async (request) => bin.list(actorOf(request), request.params.id),
  );

  // A deleted course has no course page left to hold its bin, so deleted courses are listed apart.
  app.get(
    '/api/recycle-bin/courses',
    {
      config: { access: 'user' },
      schema: { tags, response: { 200: RecycleBinResponseSchema } },
    },
    async (request) => bin.listCourses(actorOf(request)),
  );

  // Questions of a personal library have no course bin: each person has a bin of their own.
  app.get(
    '/api/recycle-bin/personal',
    {
      config: { access: 'user' },
      schema: { tags, response: { 200: RecycleBinResponseSchema } },
    },
    async (request) => bin.listPersonal(actorOf(request)),
  );

  app.post(
    '/api/recycle-bin/:id/restore',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: RecycleBinActionResponseSchema } },
    },
    async (request) => bin.restore(actorOf(request), request.params.id),
  );

  app.delete(
    '/api/recycle-bin/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: RecycleBinActionResponseSchema } },
    },
    async (request) => bin.purge(actorOf(request), request.params.id),
  );
}
