import {
  AiConfigSchema,
  AiCourseIdParamsSchema,
  AiListQuerySchema,
  AiUsageByFeatureSchema,
  AiUsageByUserPageSchema,
  AiUsageByUserQuerySchema,
  AiUsageQuerySchema,
  AllocateCourseCreditSchema,
  CourseCreditPageSchema,
  CourseCreditSchema,
  SetOrgCreditSchema,
  UpdateAiConfigSchema,
  UserCreditPageSchema,
  AiPageQuerySchema,
  AiStatusResponseSchema,
  AiUserIdParamsSchema,
  AllocateUserCreditSchema,
  ApproveCreditRequestSchema,
  CreateCreditRequestSchema,
  CreditRequestIdParamsSchema,
  CreditRequestPageSchema,
  CreditRequestSchema,
  OrgCreditSchema,
  RefuseCreditRequestSchema,
  UserCreditSchema,
} from '@lectern/contracts/ai/ai.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { createAiProvider, type AiProvider } from './ai-provider.ts';
import { registerAiPptRoutes } from './ai-ppt.routes.ts';
import { aiService } from './ai.service.ts';

const tags = ['ai'];

/** AI availability and credits (spec 001 sections 3 and 7; the original paths are not known, decision 0017). */
export function registerAiRoutes(app: Api, ctx: AppContext, provider?: AiProvider): AiProvider {
  const model = provider ?? createAiProvider(ctx.config.ai, ctx.log);
  const ai = aiService(ctx, model);
  const noStore = { 'cache-control': 'no-store' };
  registerAiPptRoutes(app, ctx);

  // Every signed-in user may ask, so the web app can hide AI features when no model is configured.
  app.get(
    '/api/ai/status',
    { config: { access: 'user' }, schema: { tags, response: { 200: AiStatusResponseSchema } } },
    async (request) => ai.statusFor(actorOf(request)),
  );

  app.get(
    '/api/ai/credits/me',
    { config: { access: 'user' }, schema: { tags, response: { 200: UserCreditSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return ai.myCredit(actorOf(request));
    },
  );

  app.get(
    '/api/ai/org-credit',
    { config: { access: 'org_admin' }, schema: { tags, response: { 200: OrgCreditSchema } } },
    async (request) => ai.orgCredit(actorOf(request)),
  );

  app.put(
    '/api/ai/org-credit',
    {
      config: { access: 'org_admin' },
      schema: { tags, body: SetOrgCreditSchema, response: { 200: OrgCreditSchema } },
    },
    async (request) => ai.setOrgCredit(actorOf(request), request.body.creditAssigned),
  );

  app.get(
    '/api/ai/user-credits',
    {
      config: { access: 'org_admin' },
      schema: { tags, querystring: AiListQuerySchema, response: { 200: UserCreditPageSchema } },
    },
    async (request) => ai.userCredits(actorOf(request), request.query),
  );

  app.get(
    '/api/ai/course-credits',
    {
      config: { access: 'org_admin' },
      schema: { tags, querystring: AiListQuerySchema, response: { 200: CourseCreditPageSchema } },
    },
    async (request) => ai.courseCredits(actorOf(request), request.query),
  );

  // The course's teaching team reads its state too (whether AI is on, what is left); only administrators set it.
  app.get(
    '/api/ai/courses/:courseId/credit',
    {
      config: { access: 'user' },
      schema: { tags, params: AiCourseIdParamsSchema, response: { 200: CourseCreditSchema } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ai.courseCredit(actorOf(request), request.params.courseId);
    },
  );

  app.put(
    '/api/ai/courses/:courseId/credit',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: AiCourseIdParamsSchema,
        body: AllocateCourseCreditSchema,
        response: { 200: CourseCreditSchema },
      },
    },
    async (request) => ai.allocateToCourse(actorOf(request), request.params.courseId, request.body),
  );

  app.get(
    '/api/ai/config',
    { config: { access: 'org_admin' }, schema: { tags, response: { 200: AiConfigSchema } } },
    async (request) => ai.config(actorOf(request)),
  );

  app.put(
    '/api/ai/config',
    {
      config: { access: 'org_admin' },
      schema: { tags, body: UpdateAiConfigSchema, response: { 200: AiConfigSchema } },
    },
    async (request) => ai.updateConfig(actorOf(request), request.body),
  );

  app.get(
    '/api/ai/usage/features',
    {
      config: { access: 'org_admin' },
      schema: { tags, querystring: AiUsageQuerySchema, response: { 200: AiUsageByFeatureSchema } },
    },
    async (request) => ai.usageByFeature(actorOf(request), request.query),
  );

  app.get(
    '/api/ai/usage/users',
    {
      config: { access: 'org_admin' },
      schema: { tags, querystring: AiUsageByUserQuerySchema, response: { 200: AiUsageByUserPageSchema } },
    },
    async (request) => ai.usageByUser(actorOf(request), request.query),
  );

  app.put(
    '/api/ai/users/:userId/credit',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: AiUserIdParamsSchema,
        body: AllocateUserCreditSchema,
        response: { 200: UserCreditSchema },
      },
    },
    async (request) => ai.allocateToUser(actorOf(request), request.params.userId, request.body.assigned),
  );

  app.post(
    '/api/ai/credit-requests',
    {
      config: { access: 'user' },
      schema: { tags, body: CreateCreditRequestSchema, response: { 200: CreditRequestSchema } },
    },
    async (request) => ai.requestCredits(actorOf(request), request.body),
  );

  app.get(
    '/api/ai/credit-requests/mine',
    {
      config: { access: 'user' },
      schema: { tags, querystring: AiPageQuerySchema, response: { 200: CreditRequestPageSchema } },
    },
    async (request) => ai.listRequests(actorOf(request), request.query, true),
  );

  app.get(
    '/api/ai/credit-requests',
    {
      config: { access: 'org_admin' },
      schema: { tags, querystring: AiPageQuerySchema, response: { 200: CreditRequestPageSchema } },
    },
    async (request) => ai.listRequests(actorOf(request), request.query, false),
  );

  app.put(
    '/api/ai/credit-requests/:id/approve',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: CreditRequestIdParamsSchema,
        body: ApproveCreditRequestSchema,
        response: { 200: CreditRequestSchema },
      },
    },
    async (request) =>
      ai.decideRequest(actorOf(request), request.params.id, { approve: true, ...request.body }),
  );

  app.put(
    '/api/ai/credit-requests/:id/refuse',
    {
      config: { access: 'org_admin' },
      schema: {
        tags,
        params: CreditRequestIdParamsSchema,
        body: RefuseCreditRequestSchema.default({}),
        response: { 200: CreditRequestSchema },
      },
    },
    async (request) =>
      ai.decideRequest(actorOf(request), request.params.id, { approve: false, ...request.body }),
  );

  return model;
}
