import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import { SortSubjectsRequestSchema } from '@lectern/contracts/exams/exam.schemas';
import {
  CopySubjectLibQuerySchema,
  CopySubjectLibRequestSchema,
  CourseSubjectLibsQuerySchema,
  CreateCourseSubjectLibQuerySchema,
  CreateSubjectLibQuerySchema,
  CreateSubjectLibRequestSchema,
  SubjectLibDetailSchema,
  SubjectLibQuerySchema,
  SubjectLibSchema,
  SubjectLibsQuerySchema,
  SubjectLibsResponseSchema,
  TransferSubjectsRequestSchema,
  UpdateSubjectLibRequestSchema,
} from '@lectern/contracts/exams/subject-lib.schemas';
import {
  SaveLibSubjectsRequestSchema,
  SubjectsResponseSchema,
} from '@lectern/contracts/exams/subject.schemas';
import type { Api } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import type { SubjectLibsService } from './subject-libs.service.ts';

const tags = ['subject-libs'];

/** Question libraries (spec 000 section 7, "Libraries"). */
export function registerSubjectLibsRoutes(app: Api, libs: SubjectLibsService): void {
  app.get(
    '/api/subject-libs',
    {
      config: { access: 'user' },
      schema: { tags, querystring: SubjectLibsQuerySchema, response: { 200: SubjectLibsResponseSchema } },
    },
    async (request) => libs.list(actorOf(request), request.query),
  );

  app.post(
    '/api/subject-libs',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: CreateSubjectLibQuerySchema,
        body: CreateSubjectLibRequestSchema,
        response: { 201: SubjectLibSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await libs.create(actorOf(request), request.query, request.body)),
  );

  app.get(
    '/api/course/:id/subject-libs',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: CourseSubjectLibsQuerySchema,
        response: { 200: SubjectLibsResponseSchema },
      },
    },
    async (request) => libs.listCourse(actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/course/:id/subject-libs',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: CreateCourseSubjectLibQuerySchema,
        body: CreateSubjectLibRequestSchema,
        response: { 201: SubjectLibSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await libs.createCourse(actorOf(request), request.params.id, request.query, request.body)),
  );

  app.get(
    '/api/subject-libs/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: SubjectLibQuerySchema,
        response: { 200: SubjectLibDetailSchema },
      },
    },
    async (request) => libs.get(actorOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/subject-libs/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateSubjectLibRequestSchema,
        response: { 200: SubjectLibSchema },
      },
    },
    async (request) => libs.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/subject-libs/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => libs.remove(actorOf(request), request.params.id),
  );

  app.post(
    '/api/subject-libs/:id/subjects',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SaveLibSubjectsRequestSchema,
        response: { 201: SubjectsResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ subjects: await libs.saveSubjects(actorOf(request), request.params.id, request.body) }),
  );

  app.put(
    '/api/subject-libs/:id/subjects/sort',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SortSubjectsRequestSchema,
        response: { 200: SubjectsResponseSchema },
      },
    },
    async (request) => ({
      subjects: await libs.sortSubjects(actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/subject-libs/:id/copy',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: CopySubjectLibQuerySchema,
        body: CopySubjectLibRequestSchema,
        response: { 201: SubjectsResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        subjects: await libs.copy(actorOf(request), request.params.id, request.query, request.body),
      }),
  );

  for (const mode of ['move', 'copy'] as const) {
    app.post(
      `/api/subject-libs/:id/subjects/${mode}`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: IdParamsSchema,
          body: TransferSubjectsRequestSchema,
          response: { 200: SubjectsResponseSchema },
        },
      },
      async (request) => ({
        subjects: await libs.transfer(actorOf(request), request.params.id, request.body, mode),
      }),
    );
  }
}
