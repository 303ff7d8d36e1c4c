import {
  AnswerNumberBodySchema,
  AnswerQrBodySchema,
  AnswerQuerySchema,
  AnswerRadarBodySchema,
  AnswerResponseSchema,
  AnswerSelfRegistrationBodySchema,
  CourseModulesParamsSchema,
  CourseRollcallItemParamsSchema,
  CourseRollcallParamsSchema,
  CourseRollcallsResponseSchema,
  CreateRollcallBodySchema,
  CreateRollcallResponseSchema,
  MarkStudentBodySchema,
  MarkStudentParamsSchema,
  OpenRollcallsResponseSchema,
  RollcallLiteSchema,
  RollcallQrCodeResponseSchema,
  RollcallSchema,
  StudentRollcallSchema,
  StudentRollcallsResponseSchema,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { registerPushStream } from '../../platform/push/push-stream.routes.ts';
import { contentDisposition } from '../uploads/content-disposition.ts';
import { rollcallsService } from './rollcalls.service.ts';

const tags = ['rollcalls'];

/**
 * Roll calls at the paths the original system's clients call (`/api/course/{c}/rollcall`,
 * `/api/rollcall/{id}/…`, `/api/radar/rollcalls`), plus manual marking and the attendance export. The push
 * stream is registered here too: roll calls are what it carries, and its resync reads their state.
 */
export function registerRollcallsRoutes(app: Api, ctx: AppContext, push: PushBus): void {
  const rollcalls = rollcallsService(ctx, push);

  registerPushStream(app, push, { courseIdsOf: rollcalls.courseIdsOf, resyncOf: rollcalls.resyncOf });

  app.post(
    '/api/course/:c/rollcall',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseRollcallParamsSchema,
        body: CreateRollcallBodySchema,
        response: { 200: CreateRollcallResponseSchema },
      },
    },
    async (request) => rollcalls.create(actorOf(request), request.params.c, request.body),
  );

  app.post(
    '/api/rollcall/:id/start-rollcall',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: RollcallSchema } },
    },
    async (request) => rollcalls.start(actorOf(request), request.params.id),
  );

  app.put(
    '/api/rollcall/:id/stop_qr_rollcall',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Stops a roll call of any kind (the original clients use this path for QR ones).',
        params: IdParamsSchema,
        response: { 200: RollcallSchema },
      },
    },
    async (request) => rollcalls.stop(actorOf(request), request.params.id),
  );

  app.get(
    '/api/course/:c/rollcall/:id/qr_code',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseRollcallItemParamsSchema,
        response: { 200: RollcallQrCodeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rollcalls.qrCode(actorOf(request), request.params.c, request.params.id);
    },
  );

  app.get(
    '/api/radar/rollcalls',
    {
      config: { access: 'user' },
      schema: { tags, querystring: AnswerQuerySchema, response: { 200: OpenRollcallsResponseSchema } },
    },
    async (request) => rollcalls.openForStudent(actorOf(request)),
  );

  app.put(
    '/api/rollcall/:id/answer_number_rollcall',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AnswerNumberBodySchema,
        response: { 200: AnswerResponseSchema },
      },
    },
    async (request) =>
      rollcalls.answer(actorOf(request), request.params.id, {
        kind: 'number',
        deviceId: request.body.deviceId,
        numberCode: request.body.numberCode,
      }),
  );

  app.put(
    '/api/rollcall/:id/answer',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'A radar answer (also sent with `?api_version=1.76`).',
        params: IdParamsSchema,
        querystring: AnswerQuerySchema,
        body: AnswerRadarBodySchema,
        response: { 200: AnswerResponseSchema },
      },
    },
    async (request) =>
      rollcalls.answer(actorOf(request), request.params.id, {
        kind: 'radar',
        deviceId: request.body.deviceId,
        latitude: request.body.latitude,
        longitude: request.body.longitude,
        accuracy: request.body.accuracy ?? null,
      }),
  );

  app.put(
    '/api/rollcall/:id/answer_self_registration_rollcall',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AnswerSelfRegistrationBodySchema,
        response: { 200: AnswerResponseSchema },
      },
    },
    async (request) =>
      rollcalls.answer(actorOf(request), request.params.id, {
        kind: 'self_registration',
        deviceId: request.body.deviceId,
      }),
  );

  app.put(
    '/api/rollcall/:id/answer_qr_rollcall',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: AnswerQrBodySchema,
        response: { 200: AnswerResponseSchema },
      },
    },
    async (request) =>
      rollcalls.answer(actorOf(request), request.params.id, {
        kind: 'qr',
        deviceId: request.body.deviceId,
        data: request.body.data,
      }),
  );

  app.get(
    '/api/rollcall/:id/student_rollcalls',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: StudentRollcallsResponseSchema } },
    },
    async (request) => rollcalls.studentRollcalls(actorOf(request), request.params.id),
  );

  app.put(
    '/api/rollcall/:id/student_rollcalls/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Marks one student by hand: on_call_fine, late, absent or on_leave.',
        params: MarkStudentParamsSchema,
        body: MarkStudentBodySchema,
        response: { 200: StudentRollcallSchema },
      },
    },
    async (request) =>
      rollcalls.mark(actorOf(request), request.params.id, request.params.userId, request.body.status),
  );

  app.get(
    '/api/rollcall/:id/lite',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: RollcallLiteSchema } },
    },
    async (request) => rollcalls.lite(actorOf(request), request.params.id),
  );

  app.get(
    '/api/courses/:id/modules/rollcalls',
    {
      config: { access: 'user' },
      schema: { tags, params: CourseModulesParamsSchema, response: { 200: CourseRollcallsResponseSchema } },
    },
    async (request) => rollcalls.courseRollcalls(actorOf(request), request.params.id),
  );

  app.get(
    '/api/courses/:id/rollcalls/export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Attendance as CSV (UTF-8 with BOM): user_no, name, one column per roll call, totals per status.',
        params: CourseModulesParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await rollcalls.exportCsv(actorOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
