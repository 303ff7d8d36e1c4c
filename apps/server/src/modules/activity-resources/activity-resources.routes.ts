import {
  ActivityResourceBlobQuerySchema,
  ActivityResourceParamsSchema,
  ActivityResourceSchema,
  ActivityResourcesParamsSchema,
  ActivityResourcesResponseSchema,
  PutActivityResourceRequestSchema,
} from '@lectern/contracts/activity-resources/activity-resources.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { activityResourcesService } from './activity-resources.service.ts';

const tags = ['activity-resources'];

export function registerActivityResourcesRoutes(app: Api, ctx: AppContext): void {
  const resources = activityResourcesService(ctx);

  app.get(
    '/api/activities/:id/resources',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'The activity’s resources with what the caller may do with each; can_upload says whether they may ' +
          'add any. The teaching team also gets each resource’s view and download statistics (students only).',
        params: ActivityResourcesParamsSchema,
        response: { 200: ActivityResourcesResponseSchema },
      },
    },
    async (request) => resources.list(actorOf(request), request.params.id),
  );

  app.put(
    '/api/activities/:id/resources/:resourceId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Makes the caller’s finished upload (resourceId: the upload id) a resource of the activity (201), or ' +
          'changes the name or download switch of one they added (200). The teaching team only; a resource ' +
          'someone else added is theirs to change.',
        params: ActivityResourceParamsSchema,
        body: PutActivityResourceRequestSchema,
        response: { 200: ActivityResourceSchema, 201: ActivityResourceSchema },
      },
    },
    async (request, reply) => {
      const { created, resource } = await resources.put(
        actorOf(request),
        request.params.id,
        request.params.resourceId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(resource);
    },
  );

  app.delete(
    '/api/activities/:id/resources/:resourceId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Takes a resource off the activity: its uploader only, while they may upload to it.',
        params: ActivityResourceParamsSchema,
      },
    },
    async (request, reply) => {
      await resources.remove(actorOf(request), request.params.id, request.params.resourceId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/activities/:id/resources/:resourceId/blob',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Downloads a resource (its uploader, or anyone who sees the activity when it allows downloads); with ' +
          'inline=true a file the browser can show is viewed in the page by anyone who sees the activity. ' +
          'Each view and download is counted.',
        params: ActivityResourceParamsSchema,
        querystring: ActivityResourceBlobQuerySchema,
      },
    },
    async (request, reply) => {
      const blob = await resources.blob(
        actorOf(request),
        request.params.id,
        request.params.resourceId,
        request.query.inline,
      );
      return reply.headers(blob.headers).send(blob.body);
    },
  );
}
