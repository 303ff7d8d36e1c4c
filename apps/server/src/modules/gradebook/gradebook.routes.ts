import {
  CourseIdParamsSchema,
  GradebookExportQuerySchema,
  GradebookQuerySchema,
  GradebookResponseSchema,
  GradeItemParamsSchema,
  GradeScoreItemSchema,
  GradeScoreItemsResponseSchema,
  UpdateGradeItemWeightRequestSchema,
} from '@lectern/contracts/gradebook/gradebook.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { contentDisposition } from '../uploads/content-disposition.ts';
import { gradebookService } from './gradebook.service.ts';

const tags = ['gradebook'];

/** The course gradebook: gradable items with weights, the students × items table and its export. */
export function registerGradebookRoutes(app: Api, ctx: AppContext): void {
  const gradebook = gradebookService(ctx);

  app.get(
    '/api/courses/:id/grade-score-items',
    {
      config: { access: 'user' },
      schema: { tags, params: CourseIdParamsSchema, response: { 200: GradeScoreItemsResponseSchema } },
    },
    async (request) => gradebook.items(actorOf(request), request.params.id),
  );

  app.put(
    '/api/courses/:id/grade-score-items/:activityId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: GradeItemParamsSchema,
        body: UpdateGradeItemWeightRequestSchema,
        response: { 200: GradeScoreItemSchema },
      },
    },
    async (request) =>
      gradebook.setWeight(
        actorOf(request),
        request.params.id,
        request.params.activityId,
        request.body.weight,
      ),
  );

  app.get(
    '/api/courses/:id/gradebook',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseIdParamsSchema,
        querystring: GradebookQuerySchema,
        response: { 200: GradebookResponseSchema },
      },
    },
    async (request) => gradebook.gradebook(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/courses/:id/gradebook/export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'The gradebook as CSV (UTF-8 with BOM) or XLSX: user_no, name, one column per item, weighted total.',
        params: CourseIdParamsSchema,
        querystring: GradebookExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await gradebook.export(
        actorOf(request),
        request.params.id,
        request.query.format,
        request.query,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
