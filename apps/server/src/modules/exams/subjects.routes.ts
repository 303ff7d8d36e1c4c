import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  ExamSubjectsQuerySchema,
  MakeupQuerySchema,
  PointsResponseSchema,
  SortSubjectsRequestSchema,
  SubjectQuerySchema,
  type ExamType,
} from '@lectern/contracts/exams/exam.schemas';
import {
  AnswerOptionalSubjectInputSchema,
  SaveSubjectsRequestSchema,
  SubjectSchema,
  SubjectsResponseSchema,
} from '@lectern/contracts/exams/subject.schemas';
import type { Api } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { SubjectsService } from './subjects.service.ts';

const tags = ['exams'];

/** Question calls of exams (`/api/exams/…`) and classroom exams (`/api/classroom-exams/…`, `/api/classrooms/…`). */
export function registerSubjectsRoutes(app: Api, subjects: SubjectsService): void {
  const papers: { prefix: string; pointsPath: string; type: ExamType }[] = [
    { prefix: '/api/exams', pointsPath: '/api/exams/:id/points', type: 'exam' },
    { prefix: '/api/classroom-exams', pointsPath: '/api/classrooms/:id/points', type: 'classroom_exam' },
  ];

  for (const { prefix, pointsPath, type } of papers) {
    app.get(
      `${prefix}/:id/subjects`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: ExamSubjectsQuerySchema,
          response: { 200: SubjectsResponseSchema },
        },
      },
      async (request) => ({
        subjects: await subjects.list(actorOf(request), request.params.id, type, request.query),
      }),
    );

    app.post(
      `${prefix}/:id/subjects`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: MakeupQuerySchema,
          body: SaveSubjectsRequestSchema,
          response: { 201: SubjectsResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          subjects: await subjects.save(
            actorOf(request),
            request.params.id,
            type,
            request.query,
            request.body,
          ),
        }),
    );

    app.put(
      `${prefix}/:id/subjects/sort`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: MakeupQuerySchema,
          body: SortSubjectsRequestSchema,
          response: { 200: SubjectsResponseSchema },
        },
      },
      async (request) => ({
        subjects: await subjects.sort(actorOf(request), request.params.id, type, request.query, request.body),
      }),
    );

    app.get(
      pointsPath,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: MakeupQuerySchema,
          response: { 200: PointsResponseSchema },
        },
      },
      async (request) => subjects.points(actorOf(request), request.params.id, type, request.query),
    );
  }

  app.get(
    '/api/exams/:id/subjective-questions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: MakeupQuerySchema,
        response: { 200: SubjectsResponseSchema },
      },
    },
    async (request) => ({
      subjects: await subjects.subjective(actorOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/subjects/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: SubjectQuerySchema,
        response: { 200: SubjectSchema },
      },
    },
    async (request) => subjects.get(actorOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/subjects/:id',
    {
      config: { access: 'user' },
      // The owner is known only once the question is loaded: the service applies its rules.
      schema: {
        tags,
        params: IdParamsSchema,
        body: AnswerOptionalSubjectInputSchema,
        response: { 200: SubjectSchema },
      },
    },
    async (request) => subjects.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/subjects/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => subjects.remove(actorOf(request), request.params.id),
  );
}
