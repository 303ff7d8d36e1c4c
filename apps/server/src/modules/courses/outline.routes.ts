import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CourseModuleSchema,
  CreateModuleRequestSchema,
  CreateSyllabusRequestSchema,
  ModulesResponseSchema,
  SortRequestSchema,
  SyllabusSchema,
  UpdateModuleRequestSchema,
  UpdateSyllabusRequestSchema,
} from '@lectern/contracts/courses/course.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { sendJson } from '../../platform/http/send-json.ts';
import { outlineService } from './outline.service.ts';

const tags = ['courses'];

/** Modules and syllabi of a course. */
export function registerOutlineRoutes(app: Api, ctx: AppContext): void {
  const outline = outlineService(ctx);

  // all-sections answers the same outline as modules (the original clients call both).
  for (const url of ['/api/courses/:id/modules', '/api/courses/:id/all-sections']) {
    app.get(
      url,
      {
        config: { access: 'user' },
        schema: { tags, params: IdParamsSchema, response: { 200: ModulesResponseSchema } },
      },
      async (request, reply) =>
        sendJson(reply, await outline.modulesJson(actorOf(request), request.params.id)),
    );
  }

  app.post(
    '/api/courses/:id/modules',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreateModuleRequestSchema,
        response: { 201: CourseModuleSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await outline.createModule(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/courses/:id/modules/sort',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SortRequestSchema,
        response: { 200: ModulesResponseSchema },
      },
    },
    async (request) => ({
      modules: await outline.sortModules(actorOf(request), request.params.id, request.body.ids),
    }),
  );

  app.put(
    '/api/modules/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateModuleRequestSchema,
        response: { 200: CourseModuleSchema },
      },
    },
    async (request) => outline.updateModule(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/modules/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await outline.deleteModule(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/modules/:id/syllabuses/sort',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SortRequestSchema,
        response: { 200: CourseModuleSchema },
      },
    },
    async (request) => outline.sortSyllabi(actorOf(request), request.params.id, request.body.ids),
  );

  app.post(
    '/api/courses/:id/syllabuses',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreateSyllabusRequestSchema,
        response: { 201: SyllabusSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await outline.createSyllabus(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/syllabuses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateSyllabusRequestSchema,
        response: { 200: SyllabusSchema },
      },
    },
    async (request) => outline.updateSyllabus(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/syllabuses/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await outline.deleteSyllabus(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
