import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { SortSubjectsRequestSchema } from '@lectern/contracts/exams/exam.schemas';
import {
  CourseQuestionnairesParamsSchema,
  QuestionnaireDistributeResponseSchema,
  QuestionnaireIdParamsSchema,
  QuestionnaireListResponseSchema,
  QuestionnaireResultsSchema,
  QuestionnaireSubjectParamsSchema,
  QuestionnaireSubjectsResponseSchema,
  SubmitQuestionnaireRequestSchema,
  SubmitQuestionnaireResponseSchema,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { questionnairesService } from './questionnaires.service.ts';

const tags = ['questionnaires'];

/**
 * Questionnaires at the paths the original system's clients call (plus the results, which they do not
 * show). Creating one is the activity form's; its questions come from a library copy.
 */
export function registerQuestionnairesRoutes(app: Api, ctx: AppContext, push: PushBus): void {
  const questionnaires = questionnairesService(ctx, push);

  app.get(
    '/api/courses/:id/questionnaire-list',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseQuestionnairesParamsSchema,
        response: { 200: QuestionnaireListResponseSchema },
      },
    },
    async (request) => questionnaires.list(actorOf(request), request.params.id),
  );

  app.get(
    '/api/questionnaire/:id/distribute',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: QuestionnaireIdParamsSchema,
        response: { 200: QuestionnaireDistributeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return questionnaires.distribute(actorOf(request), request.params.id);
    },
  );

  app.post(
    '/api/questionnaire/:id/submissions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: QuestionnaireIdParamsSchema,
        body: SubmitQuestionnaireRequestSchema,
        response: { 200: SubmitQuestionnaireResponseSchema },
      },
    },
    async (request) => questionnaires.submit(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/questionnaire/:id/results',
    {
      config: { access: 'user' },
      schema: { tags, params: QuestionnaireIdParamsSchema, response: { 200: QuestionnaireResultsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return questionnaires.results(actorOf(request), request.params.id);
    },
  );

  app.delete(
    '/api/questionnaire/:id/subjects/:subjectId',
    {
      config: { access: 'user' },
      schema: { tags, params: QuestionnaireSubjectParamsSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) =>
      questionnaires.removeSubject(actorOf(request), request.params.id, request.params.subjectId),
  );

  app.put(
    '/api/questionnaire/:id/subjects/sort',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: QuestionnaireIdParamsSchema,
        body: SortSubjectsRequestSchema,
        response: { 200: QuestionnaireSubjectsResponseSchema },
      },
    },
    async (request) => questionnaires.sortSubjects(actorOf(request), request.params.id, request.body),
  );
}
