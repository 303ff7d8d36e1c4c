import { ZipUploadsQuerySchema } from '@lectern/contracts/uploads/zip.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { zipDownloadService } from './zip-download.service.ts';

export function registerZipRoutes(app: Api, ctx: AppContext): void {
  const zips = zipDownloadService(ctx);
  app.get(
    '/zip/uploads',
    {
      config: { access: 'user' },
      schema: {
        tags: ['uploads'],
        description:
          'One zip of many files (upload_ids=1,2,3 or repeated), streamed. Homework submission files go ' +
          'in a folder `<user_no>_<name>` of their submitter; entry times are on the clock of `timezone`. ' +
          'Every file must be downloadable by the caller (as GET /api/uploads/{id}/blob), or nothing is sent.',
        querystring: ZipUploadsQuerySchema,
      },
    },
    async (request, reply) => {
      const zip = await zips.zip(actorOf(request), request.query);
      return reply.status(200).headers(zip.headers).send(zip.body);
    },
  );
}
