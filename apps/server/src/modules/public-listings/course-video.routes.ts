import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  CourseVideoQuerySchema,
  CourseVideoResponseSchema,
  SaveCourseVideoBodySchema,
} from '@lectern/contracts/public-listings/course-video.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { BlobReply } from '../uploads/uploads.service.ts';
import { courseVideoService } from './course-video.service.ts';
import type { Reader } from './public-course-visibility.ts';

const tags = ['public-listings'];

/** Signed in, a course's members and those its public_scope admits; under the anonymous prefix, the world. */
const PREFIXES = [
  { prefix: '/api', access: 'user', reader: (request: FastifyRequest): Reader => actorOf(request) },
  { prefix: '/anonymous-api', access: 'public', reader: (): Reader => null },
] as const;

function sendBlob(reply: FastifyReply, blob: BlobReply): FastifyReply {
  reply.status(blob.status).headers(blob.headers);
  return 'body' in blob ? reply.send(blob.body) : reply.send();
}

/** A course's promotion video: read by whoever may read the course's public page, set by its teaching team. */
export function registerCourseVideoRoutes(app: Api, ctx: AppContext): void {
  const videos = courseVideoService(ctx);

  for (const { prefix, access, reader } of PREFIXES) {
    app.get(
      `${prefix}/courses/:id/video`,
      {
        config: { access },
        schema: {
          tags,
          description: "The course's video of the type asked for (promotion_video), or null.",
          params: IdParamsSchema,
          querystring: CourseVideoQuerySchema,
          response: { 200: CourseVideoResponseSchema },
        },
      },
      async (request) => videos.get(reader(request), request.params.id, request.query.type),
    );

    // The one address a visitor streams the file from: the upload routes stay closed to them.
    app.get(
      `${prefix}/courses/:id/video/blob`,
      {
        config: { access },
        schema: {
          tags,
          description: 'The bytes of the course video (range requests supported), for the same readers.',
          params: IdParamsSchema,
          querystring: CourseVideoQuerySchema,
        },
      },
      async (request, reply) =>
        sendBlob(
          reply,
          await videos.stream(reader(request), request.params.id, request.query.type, {
            range: request.headers.range,
            inline: true,
          }),
        ),
    );
  }

  app.put(
    '/api/courses/:id/video',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Sets (an MP4 or WebM upload of the caller, within the upload size limit) or removes (upload_id ' +
          "null) the course's video of the type given.",
        params: IdParamsSchema,
        body: SaveCourseVideoBodySchema,
        response: { 200: CourseVideoResponseSchema },
      },
    },
    async (request) => videos.save(actorOf(request), request.params.id, request.body),
  );
}
