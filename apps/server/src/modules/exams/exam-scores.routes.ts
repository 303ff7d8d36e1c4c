import { ExamIdParamsSchema } from '@lectern/contracts/exams/exam-taking.schemas';
import { ScoresCsvQuerySchema } from '@lectern/contracts/exams/marking.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { contentDisposition } from '../uploads/content-disposition.ts';
import { examScoresService } from './exam-scores.service.ts';

export function registerExamScoresRoutes(app: Api, ctx: AppContext): void {
  const scores = examScoresService(ctx);

  app.get(
    '/api/exams/:id/scores.csv',
    {
      config: { access: 'user' },
      schema: {
        tags: ['exam marking'],
        description: 'The scores as CSV (UTF-8 with BOM): user_no, name, one column per question, total.',
        params: ExamIdParamsSchema,
        querystring: ScoresCsvQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await scores.exportCsv(
        actorOf(request),
        request.params.id,
        request.query.is_makeup_exam ?? false,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(csv.fileName, 'attachment'))
        .header('cache-control', 'no-store')
        .send(csv.body);
    },
  );
}
