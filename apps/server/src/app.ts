import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@lectern/contracts/common/health.schemas';
import type { Config } from './config.ts';
import { registerActivitiesRoutes } from './modules/activities/activities.routes.ts';
import { registerAnnouncementsRoutes } from './modules/announcements/announcements.routes.ts';
import { registerCalendarRoutes } from './modules/calendar/calendar.routes.ts';
import { registerCoursesRoutes } from './modules/courses/courses.routes.ts';
import { registerDuplicateCheckRoutes } from './modules/homework/duplicate-check.routes.ts';
import { registerDiscussionsRoutes } from './modules/discussions/discussions.routes.ts';
import { registerDataImportAiRoutes } from './modules/data-import/data-import-ai.routes.ts';
import { registerDataImportRoutes } from './modules/data-import/data-import.routes.ts';
import { registerExamTakingRoutes } from './modules/exams/exam-taking.routes.ts';
import { registerExamStatisticsRoutes } from './modules/exams/exam-statistics.routes.ts';
import { registerExamsRoutes } from './modules/exams/exams.routes.ts';
import { registerHomeworkMarkingRoutes } from './modules/homework/homework-marking.routes.ts';
import { registerHomeworkRoutes } from './modules/homework/homework.routes.ts';
import { registerHomeworkGradingRoutes } from './modules/homework/homework-grading.routes.ts';
import { identityService } from './modules/identity/identity.service.ts';
import { registerGradebookRoutes } from './modules/gradebook/gradebook.routes.ts';
import { registerAccessTokenRoutes } from './modules/identity/access-tokens.routes.ts';
import { registerIdentityRoutes } from './modules/identity/identity.routes.ts';
import { registerOrgAdminRoutes } from './modules/identity/org-admin.routes.ts';
import { registerProfileRoutes } from './modules/identity/profile.routes.ts';
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerSessionHook } from './modules/identity/session.hook.ts';
import { connectSessionEvictions } from './modules/identity/sessions.repository.ts';
import { registerSsoRoutes } from './modules/identity/sso.routes.ts';
import { registerAskQuestionsRoutes } from './modules/ask-questions/ask-questions.routes.ts';
import { registerRollcallsRoutes } from './modules/rollcalls/rollcalls.routes.ts';
import { registerVotesRoutes } from './modules/votes/votes.routes.ts';
import { registerMeetingVendorSettingsRoutes } from './modules/meetings/meeting-vendor-settings.routes.ts';
import { registerMeetingsRoutes } from './modules/meetings/meetings.routes.ts';
import { registerLectureLiveRoutes } from './modules/lecture-live/lecture-live.routes.ts';
import { registerAiRoutes } from './modules/ai/ai.routes.ts';
import { registerVideoAiRoutes } from './modules/ai/video-ai.routes.ts';
import { registerQuestionnairesRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { registerCoursewareQuizzesRoutes } from './modules/courseware-quizzes/courseware-quizzes.routes.ts';
import { registerRubricsRoutes } from './modules/rubrics/rubrics.routes.ts';
import { registerRubricGenerationRoutes } from './modules/rubrics/rubric-generation.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { registerTodosRoutes } from './modules/todos/todos.routes.ts';
import { registerUploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { registerH5CoursewareRoutes } from './modules/h5-courseware/h5-courseware.routes.ts';
import { registerActivityResourcesRoutes } from './modules/activity-resources/activity-resources.routes.ts';
import { registerCourseServicesRoutes } from './modules/course-services/course-services.routes.ts';
import type { AppContext } from './platform/app-context.ts';
import type { DatabaseHandle } from './platform/database.ts';
import { registerAccessControl } from './platform/http/access.plugin.ts';
import { registerErrorHandling } from './platform/http/error-handler.ts';
import { registerOpenApi } from './platform/http/openapi.plugin.ts';
import { createPushBus } from './platform/push/push-bus.ts';
import { createSerializerCompiler } from './platform/http/serialization.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { defaultWebDist, registerWebApp } from './platform/http/web.plugin.ts';
import { publicPageMeta } from './modules/public-listings/public-page-meta.ts';
import { registerPublicListingsRoutes } from './modules/public-listings/public-listings.routes.ts';
import { registerKnowledgeStatisticsRoutes } from './modules/knowledge-graph/knowledge-statistics.routes.ts';
import { registerKnowledgeGraphRoutes } from './modules/knowledge-graph/knowledge-graph.routes.ts';
import { registerKnowledgeSourceRoutes } from './modules/knowledge-graph/knowledge-source.routes.ts';
import { registerKnowledgeSyncRoutes } from './modules/knowledge-graph/knowledge-sync.routes.ts';
import {
  registerKnowledgeImportAiRoutes,
  registerKnowledgeImportRoutes,
} from './modules/knowledge-graph/knowledge-import.routes.ts';
import { registerCourseCombiningRoutes } from './modules/course-combining/course-combining.routes.ts';
import { loggerOptions } from './platform/logging/logger-options.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import type { Storage } from './platform/storage/storage.ts';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
};

export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(options.logger, config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checkResponses: config.env !== 'production' }));
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const ctx: AppContext = {
    config,
    db: database.db,
    storage: options.storage ?? createStorage(config.storage),
    log: app.log,
  };

  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 20 },
  });

  registerErrorHandling(app);
  const identity = identityService(ctx);
  registerSessionHook(app, identity);
  registerAccessControl(app);
  await registerOpenApi(app);

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], response: { 200: HealthResponseSchema, 503: HealthResponseSchema } },
    },
    async (_request, reply) => {
      const ok = await database.ping();
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database: ok, driver: database.driver });
    },
  );

  registerIdentityRoutes(app, ctx, identity);
  registerAccessTokenRoutes(app, ctx);
  registerOrgAdminRoutes(app, ctx);
  registerSsoRoutes(app, ctx, identity);
  registerProfileRoutes(app, ctx);
  registerCoursesRoutes(app, ctx);
  registerActivitiesRoutes(app, ctx);
  registerUploadsRoutes(app, ctx);
  registerDiscussionsRoutes(app, ctx);
  registerExamTakingRoutes(app, ctx);
  registerExamsRoutes(app, ctx);
  registerDataImportRoutes(app, ctx);
  registerHomeworkRoutes(app, ctx);
  registerHomeworkMarkingRoutes(app, ctx);
  registerRubricsRoutes(app, ctx);
  registerNotificationsRoutes(app, ctx);
  registerTodosRoutes(app, ctx);
  registerCalendarRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerGradebookRoutes(app, ctx);
  registerDuplicateCheckRoutes(app, ctx);
  registerAnnouncementsRoutes(app, ctx);
  const push = await createPushBus({ config, db: database.db, driver: database.driver, log: app.log });
  // Logouts and account changes reach the other processes' session caches before they are answered.
  const disconnectSessionEvictions = connectSessionEvictions(database.db, push, app.log);
  // main.ts hands it to the job worker, whose jobs publish too.
  app.decorate('push', push);
  app.addHook('onClose', async () => {
    disconnectSessionEvictions();
    await push.close();
  });
  registerRollcallsRoutes(app, ctx, push);
  registerAskQuestionsRoutes(app, ctx, push);
  registerExamStatisticsRoutes(app, ctx, push);
  registerVotesRoutes(app, ctx, push);
  registerQuestionnairesRoutes(app, ctx, push);
  registerCoursewareQuizzesRoutes(app, ctx);
  registerCourseCombiningRoutes(app, ctx);
  registerMeetingsRoutes(app, ctx);
  registerMeetingVendorSettingsRoutes(app, ctx);
  registerLectureLiveRoutes(app, ctx);
  registerH5CoursewareRoutes(app, ctx);
  registerActivityResourcesRoutes(app, ctx);
  registerCourseServicesRoutes(app, ctx);
  registerPublicListingsRoutes(app, ctx);
  registerKnowledgeGraphRoutes(app, ctx);
  registerKnowledgeStatisticsRoutes(app, ctx);
  registerKnowledgeImportRoutes(app, ctx);
  registerKnowledgeSyncRoutes(app, ctx);
  registerKnowledgeSourceRoutes(app, ctx);
  // One provider (one HTTP client) for every AI feature.
  const aiProvider = registerAiRoutes(app, ctx);
  registerRubricGenerationRoutes(app, ctx, aiProvider);
  registerHomeworkGradingRoutes(app, ctx, aiProvider);
  registerDataImportAiRoutes(app, ctx, aiProvider);
  registerKnowledgeImportAiRoutes(app, ctx, aiProvider);
  registerVideoAiRoutes(app, ctx, aiProvider);

  if (options.serveWeb !== false) {
    await registerWebApp(app, config.webDist ?? defaultWebDist(), publicPageMeta(ctx));
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
