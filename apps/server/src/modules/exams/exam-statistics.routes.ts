import {
  ItemAnalysisQuerySchema,
  ItemAnalysisSchema,
  SubjectStatisticsParamsSchema,
  SubjectStatisticsQuerySchema,
  SubjectStatisticsSchema,
  TypicalMistakesQuerySchema,
  TypicalMistakesSchema,
} from '@lectern/contracts/exams/exam-statistics.schemas';
import { ExamIdParamsSchema, type ClassroomReleaseData } from '@lectern/contracts/exams/exam-taking.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { answersChangedPublisher } from './answers-changed.ts';
import { examStatisticsService } from './exam-statistics.service.ts';
import { itemAnalysisService } from './item-analysis.service.ts';
import { registerClassroomRoutes } from './classroom.routes.ts';

const tags = ['exam statistics'];

export function registerExamStatisticsRoutes(app: Api, ctx: AppContext, push: PushBus): void {
  // A stored classroom answer tells the course's open statistics modals to refetch, throttled per question.
  const answersChanged = answersChangedPublisher(push, ctx.log);
  app.addHook('onClose', async () => answersChanged.close());
  registerClassroomRoutes(app, ctx, {
    answered: ({ courseId, examId, subjectId }) =>
      answersChanged.publish(courseId, { exam_id: examId, subject_id: subjectId }),
    // Not throttled: an instructor releases or closes a question a few times a lecture.
    releaseChanged: ({ courseId, examId, subjectId, isOpen }) => {
      const data: ClassroomReleaseData = { exam_id: examId, subject_id: subjectId, is_open: isOpen };
      push.publish({ courseId, type: 'classroom.release_changed', data }).catch((error: unknown) => {
        ctx.log.warn({ err: error, courseId }, 'push publish failed');
      });
    },
  });

  const statistics = examStatisticsService(ctx);
  const analysis = itemAnalysisService(ctx);
  app.get(
    '/api/exams/:id/subjects/:subjectId/statistics',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Answer statistics of one question of an exam or classroom exam (spec 000 screen 2): summary, option counts and a page of students.',
        params: SubjectStatisticsParamsSchema,
        querystring: SubjectStatisticsQuerySchema,
        response: { 200: SubjectStatisticsSchema },
      },
    },
    async (request) =>
      statistics.subjectStatistics(
        actorOf(request),
        request.params.id,
        request.params.subjectId,
        request.query,
      ),
  );

  app.get(
    '/api/exams/:id/item-analysis',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          "Facility, discrimination, point-biserial and distractors per question and Cronbach's alpha, from final submissions.",
        params: ExamIdParamsSchema,
        querystring: ItemAnalysisQuerySchema,
        response: { 200: ItemAnalysisSchema },
      },
    },
    async (request) => analysis.itemAnalysis(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/courses/:id/typical-mistakes',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: "The course's questions answered wrong most, with their most common wrong answers.",
        params: IdParamsSchema,
        querystring: TypicalMistakesQuerySchema,
        response: { 200: TypicalMistakesSchema },
      },
    },
    async (request) => analysis.typicalMistakes(actorOf(request), request.params.id, request.query),
  );
}
