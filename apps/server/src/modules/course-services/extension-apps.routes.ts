import { IdParamsSchema, OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  ExtensionAppBodySchema,
  ExtensionAppParamsSchema,
  ExtensionAppSchema,
  ExtensionAppsResponseSchema,
  ExternalResourceParamsSchema,
  ExternalResourcePreviewUrlSchema,
} from '@lectern/contracts/course-services/extension-apps.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { extensionAppsService } from './extension-apps.service.ts';

const tags = ['course-services'];

/** A course's extension apps: external tools its teaching team links into the course page. */
export function registerExtensionAppsRoutes(app: Api, ctx: AppContext): void {
  const apps = extensionAppsService(ctx);

  app.get(
    '/api/courses/:id/extension-apps',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: ExtensionAppsResponseSchema } },
    },
    async (request) => apps.list(actorOf(request), request.params.id),
  );

  // A visitor reads the visible apps of a course whose public_scope is `public`; any other course answers
  // like a missing one, whatever cookie comes along.
  app.get(
    '/anonymous-api/courses/:id/extension-apps',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParamsSchema, response: { 200: ExtensionAppsResponseSchema } },
    },
    async (request) => apps.list(null, request.params.id),
  );

  app.post(
    '/api/courses/:id/extension-apps',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: ExtensionAppBodySchema,
        response: { 201: ExtensionAppSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return apps.create(actorOf(request), request.params.id, request.body);
    },
  );

  app.put(
    '/api/courses/:id/extension-apps/:appId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ExtensionAppParamsSchema,
        body: ExtensionAppBodySchema,
        response: { 200: ExtensionAppSchema },
      },
    },
    async (request) => apps.update(actorOf(request), request.params.id, request.params.appId, request.body),
  );

  app.delete(
    '/api/courses/:id/extension-apps/:appId',
    {
      config: { access: 'user' },
      schema: { tags, params: ExtensionAppParamsSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => apps.remove(actorOf(request), request.params.id, request.params.appId),
  );

  app.get(
    '/api/external-resource/:rid/preview-url',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ExternalResourceParamsSchema,
        response: { 200: ExternalResourcePreviewUrlSchema },
      },
    },
    async (request) => apps.previewUrl(actorOf(request), request.params.rid),
  );
}
