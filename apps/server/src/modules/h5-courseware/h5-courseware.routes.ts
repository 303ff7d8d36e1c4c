import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AttachH5PackageRequestSchema,
  H5ActivityParamsSchema,
  H5CmiRequestSchema,
  H5LearnerStateSchema,
  H5PackageSchema,
  H5PackagesResponseSchema,
  H5UploadParamsSchema,
  H5UrlResponseSchema,
} from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { h5CoursewareService } from './h5-courseware.service.ts';

const tags = ['h5-courseware'];

/**
 * What makes package files harmless to Lectern (decision 0018): `sandbox` without allow-same-origin
 * gives the page an opaque origin whatever the iframe allows, so its scripts read no cookie or storage
 * of Lectern's and their requests carry no session; only Lectern's own pages may frame it.
 */
export const H5_CONTENT_SECURITY_POLICY =
  "sandbox allow-forms allow-popups allow-scripts allow-modals; frame-ancestors 'self'";

const ContentParamsSchema = z.object({
  token: z.string().max(200),
  '*': z.string().max(2000),
});

export function registerH5CoursewareRoutes(app: Api, ctx: AppContext): void {
  const h5 = h5CoursewareService(ctx);
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  app.get(
    '/api/h5-courseware/:activityId/packages',
    {
      config: { access: 'user' },
      schema: { tags, params: H5ActivityParamsSchema, response: { 200: H5PackagesResponseSchema } },
    },
    async (request) => h5.packages(actorOf(request), request.params.activityId),
  );

  app.post(
    '/api/h5-courseware/:activityId/packages',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Unpacks a zip uploaded through POST /api/uploads (HTML with index.html, or SCORM 1.2/2004 with ' +
          'imsmanifest.xml) and attaches it to the activity. 413 past the size or entry limits, 400 for ' +
          'unsafe paths, no entry file or an unreadable manifest.',
        params: H5ActivityParamsSchema,
        body: AttachH5PackageRequestSchema,
        response: { 201: H5PackageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await h5.attach(actorOf(request), request.params.activityId, request.body.upload_id)),
  );

  app.get(
    '/api/h5-courseware/:activityId/upload/:uploadId/url',
    {
      config: { access: 'user' },
      schema: { tags, params: H5UploadParamsSchema, response: { 200: H5UrlResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { activityId, uploadId } = request.params;
      return h5.url(actorOf(request), activityId, uploadId, origin(request));
    },
  );

  app.get(
    '/api/h5-courseware/:activityId/upload/:uploadId/cmi',
    {
      config: { access: 'user' },
      schema: { tags, params: H5UploadParamsSchema, response: { 200: H5LearnerStateSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return h5.state(actorOf(request), request.params.activityId, request.params.uploadId);
    },
  );

  app.post(
    '/api/h5-courseware/:activityId/upload/:uploadId/cmi',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: H5UploadParamsSchema,
        body: H5CmiRequestSchema,
        response: { 200: H5LearnerStateSchema },
      },
    },
    async (request) =>
      h5.saveState(actorOf(request), request.params.activityId, request.params.uploadId, request.body),
  );

  app.get(
    '/api/h5-courseware/content/:token/*',
    {
      // The signed token in the address is the credential: the sandboxed frame sends no cookie.
      config: { access: 'public' },
      schema: {
        tags,
        description: 'A file of a package, at the address GET …/url issued (sandboxed, decision 0018).',
        params: ContentParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await h5.content(request.params.token, request.params['*'], origin(request));
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-security-policy', H5_CONTENT_SECURITY_POLICY)
          // Subresources are requested by an opaque origin: same-origin resource policy would block them.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('referrer-policy', 'no-referrer')
          .header('cache-control', 'private, max-age=300')
          .send(file.body)
      );
    },
  );
}
