import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  ConvertImportRequestSchema,
  ConvertImportResponseSchema,
  ExportSubjectsQuerySchema,
  IdentifyImportRequestSchema,
  IdentifyImportResponseSchema,
  IMPORT_LIMITS,
  TEMPLATE_BASE_PATH,
  type ImportBelong,
} from '@lectern/contracts/data-import/data-import.schemas';
import { z } from 'zod';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { contentDisposition } from '../uploads/content-disposition.ts';
import { dataImportService } from './data-import.service.ts';

const tags = ['data import'];

/** Raw content is HTML with pictures as links; 4 M characters of it can take up to 16 MB as UTF-8 JSON. */
const IDENTIFY_BODY_LIMIT = IMPORT_LIMITS.contentMax * 4;

/** Question import (convert, identify), export of papers and libraries, and the import templates. */
export function registerDataImportRoutes(app: Api, ctx: AppContext): void {
  const service = dataImportService(ctx);

  app.post(
    '/api/data-import/convert',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Turns an uploaded Word (.docx), Moodle XML, GIFT or Aiken file into raw content in the question text format.',
        body: ConvertImportRequestSchema,
        response: { 200: ConvertImportResponseSchema },
      },
    },
    async (request) => service.convert(actorOf(request), request.body),
  );

  app.post(
    '/api/data-import/identify',
    {
      bodyLimit: IDENTIFY_BODY_LIMIT,
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Parses raw content (HTML or plain text) into questions with per-question errors. Saves nothing.',
        body: IdentifyImportRequestSchema,
        response: { 200: IdentifyImportResponseSchema },
      },
    },
    async (request) => service.identify(actorOf(request), request.body),
  );

  const exports: { path: string; belong: ImportBelong }[] = [
    { path: '/api/exams/:id/subjects/export', belong: 'exam' },
    { path: '/api/classroom-exams/:id/subjects/export', belong: 'classroom' },
    { path: '/api/subject-libs/:id/subjects/export', belong: 'library' },
  ];
  for (const { path, belong } of exports) {
    app.get(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags,
          description:
            'The questions as a Word document in the import format (format=docx) or as Moodle XML.',
          params: IdParamsSchema,
          querystring: ExportSubjectsQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await service.exportSubjects(actorOf(request), belong, request.params.id, request.query);
        return reply
          .type(file.contentType)
          .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  }

  app.get(
    `${TEMPLATE_BASE_PATH}/:name`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'An import template: {exam|classroom|library}[-with-knowledge-node]-{zh-cn|zh-tw|en-us}.docx.',
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const body = await service.template(request.params.name);
      if (!body) return reply.callNotFound();
      return reply
        .type('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        .header('content-disposition', contentDisposition(request.params.name, 'attachment'))
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    },
  );
}
