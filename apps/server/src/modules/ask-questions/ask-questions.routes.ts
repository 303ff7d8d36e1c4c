import {
  AskQuestionBodySchema,
  AskQuestionSchema,
  CourseAskQuestionParamsSchema,
  CourseAskQuestionsResponseSchema,
  MyPicksResponseSchema,
  PickBodySchema,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { askQuestionsService } from './ask-questions.service.ts';

const tags = ['ask-questions'];

/**
 * Asking a question in class (spec 000 screen 1): the spec's create and edit paths, plus drawing again,
 * ending, the teaching team's reads (the projector's) and a student's own status. Draws are pushed to the
 * course as `ask_question.picked`.
 */
export function registerAskQuestionsRoutes(app: Api, ctx: AppContext, push: PushBus): void {
  const askQuestions = askQuestionsService(ctx, push);

  app.post(
    '/api/courses/:id/ask-question',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Asks a question: stores it and draws students or a group at once.',
        params: CourseAskQuestionParamsSchema,
        body: AskQuestionBodySchema,
        response: { 200: AskQuestionSchema },
      },
    },
    async (request) => askQuestions.create(actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/ask-questions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AskQuestionBodySchema,
        response: { 200: AskQuestionSchema },
      },
    },
    async (request) => askQuestions.update(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/ask-questions/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: AskQuestionSchema } },
    },
    async (request) => askQuestions.get(actorOf(request), request.params.id),
  );

  app.post(
    '/api/ask-questions/:id/picks',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Draws again: a new round, uniform, nobody twice in one draw.',
        params: IdParamsSchema,
        body: PickBodySchema,
        response: { 200: AskQuestionSchema },
      },
    },
    async (request) =>
      askQuestions.pickAgain(actorOf(request), request.params.id, request.body?.avoid_recent),
  );

  app.put(
    '/api/ask-questions/:id/end',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: AskQuestionSchema } },
    },
    async (request) => askQuestions.end(actorOf(request), request.params.id),
  );

  app.get(
    '/api/courses/:id/ask-questions',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: CourseAskQuestionsResponseSchema } },
    },
    async (request) => askQuestions.list(actorOf(request), request.params.id),
  );

  app.get(
    '/api/courses/:id/ask-questions/my-picks',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: MyPicksResponseSchema } },
    },
    async (request) => askQuestions.myPicks(actorOf(request), request.params.id),
  );
}
