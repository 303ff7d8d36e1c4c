import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import {
  BlobQuerySchema,
  CreateUploadMetadataSchema,
  ReferenceParamsSchema,
  UploadReferencesResponseSchema,
  UploadSchema,
  UploadUrlResponseSchema,
} from '@lectern/contracts/uploads/upload.schemas';
import type { z } from 'zod';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { uploadsService, type BlobReply, type BlobRequest, type NewUploadInput } from './uploads.service.ts';
import { registerZipRoutes } from './zip-download.routes.ts';

const tags = ['uploads'];

export function registerUploadsRoutes(app: Api, ctx: AppContext): void {
  const uploads = uploadsService(ctx);

  app.post(
    '/api/uploads',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'multipart/form-data with one `file` part (fields parent_type, parent_id, allow_download before it), ' +
          'or JSON metadata {name, size, ...} answered with a pending upload whose bytes follow in PUT /content.',
        // Multipart bodies are streamed by the handler (the parser leaves body null): only JSON is validated.
        body: CreateUploadMetadataSchema.nullish(),
        response: { 201: UploadSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await uploads.create(actorOf(request), await newUploadInput(request))),
  );

  // Raw bytes arrive as a stream: the parser hands the request body over untouched, in this scope only.
  void app.register(async (scope: Api) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.put(
      '/api/uploads/:id/content',
      {
        config: { access: 'user' },
        schema: {
          tags,
          description:
            'The bytes of a metadata-first upload (its upload_url): application/octet-stream, or ' +
            'multipart/form-data with one `file` part (as the original clients send it).',
          params: IdParamsSchema,
          response: { 200: UploadSchema },
        },
      },
      async (request) => uploads.putContent(actorOf(request), request.params.id, await contentBody(request)),
    );
  });

  app.get(
    '/api/uploads/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: UploadSchema } },
    },
    async (request) => uploads.get(actorOf(request), request.params.id),
  );

  app.get(
    '/api/uploads/:id/blob',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, querystring: BlobQuerySchema },
    },
    async (request, reply) =>
      sendBlob(reply, await uploads.blob(actorOf(request), request.params.id, blobRequest(request))),
  );

  app.get(
    '/api/uploads/:id/preview',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'A PDF to view in the page: a PDF upload as it is, or an Office document (doc, docx, ppt, pptx, ' +
          'xls, xlsx, odt, odp, ods) rendered to PDF by LibreOffice, converted once and kept. 415 when the ' +
          'file cannot be previewed, LibreOffice is not installed, or the conversion failed.',
        params: IdParamsSchema,
      },
    },
    async (request, reply) =>
      sendBlob(reply, await uploads.preview(actorOf(request), request.params.id, request.headers.range)),
  );

  app.get(
    '/api/uploads/reference/:referenceId/blob',
    {
      config: { access: 'user' },
      schema: { tags, params: ReferenceParamsSchema, querystring: BlobQuerySchema },
    },
    async (request, reply) =>
      sendBlob(
        reply,
        await uploads.referenceBlob(actorOf(request), request.params.referenceId, blobRequest(request)),
      ),
  );

  app.get(
    '/api/activities/:id/upload_references',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: UploadReferencesResponseSchema } },
    },
    async (request) => uploads.referencesOfActivity(actorOf(request), request.params.id),
  );

  // The original clients fetch a file in two steps: ask for its address, then GET it with the same
  // session. The address is absolute (they pass it to an HTTP client as it is), on the host the caller
  // used (behind a proxy as the trusted proxy headers say), so the session cookie goes with it.
  const absolute = (request: FastifyRequest, path: string) => `${request.protocol}://${request.host}${path}`;
  app.get(
    '/api/uploads/:id/url',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: UploadUrlResponseSchema } },
    },
    async (request) => ({
      url: absolute(request, await uploads.downloadUrl(actorOf(request), request.params.id)),
    }),
  );
  app.get(
    '/api/uploads/document/:id/url',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: UploadUrlResponseSchema } },
    },
    async (request) => ({
      url: absolute(request, await uploads.documentUrl(actorOf(request), request.params.id)),
    }),
  );
  app.get(
    '/api/uploads/reference/document/:referenceId/url',
    {
      config: { access: 'user' },
      schema: { tags, params: ReferenceParamsSchema, response: { 200: UploadUrlResponseSchema } },
    },
    async (request) => ({
      url: absolute(
        request,
        await uploads.referenceDocumentUrl(actorOf(request), request.params.referenceId),
      ),
    }),
  );

  app.delete(
    '/api/uploads/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => uploads.remove(actorOf(request), request.params.id),
  );

  registerZipRoutes(app, ctx);
}

/** Adapts the HTTP body of POST /api/uploads to the service's input, streaming any file. */
async function newUploadInput(
  request: FastifyRequest<{ Body: z.output<typeof CreateUploadMetadataSchema> | null | undefined }>,
): Promise<NewUploadInput> {
  if (!request.isMultipart()) return { kind: 'metadata', metadata: request.body ?? undefined };
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    // Framing the parser cannot read (no boundary, garbage) is the client's fault; limits keep their status.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('validation_failed', 'uploads.multipartMalformed');
  }
  if (!part) return { kind: 'file', file: undefined, fields: {} };
  return {
    kind: 'file',
    file: {
      fieldName: part.fieldname,
      name: part.filename,
      stream: part.file,
      truncated: () => part.file.truncated,
    },
    fields: fieldValues(part.fields),
  };
}

/** The plain text fields of a multipart form (those sent before the file). */
function fieldValues(fields: MultipartFile['fields']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first && first.type === 'field' && typeof first.value === 'string') values[name] = first.value;
  }
  return values;
}

/** The bytes of PUT /content: the raw body, or the `file` part of a multipart form. */
async function contentBody(request: FastifyRequest): Promise<Readable> {
  if (request.body instanceof Readable) return request.body;
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'uploads.octetStreamRequired');
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('validation_failed', 'uploads.multipartMalformed');
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw invalid({ file: ['uploads.fileRequired'] });
  }
  return part.file;
}

function blobRequest(
  request: FastifyRequest<{ Querystring: z.output<typeof BlobQuerySchema> }>,
): BlobRequest {
  return {
    range: request.headers.range,
    inline: request.query.preview === true || request.query.inline === true,
  };
}

function sendBlob(reply: FastifyReply, blob: BlobReply): FastifyReply {
  reply.status(blob.status).headers(blob.headers);
  return 'body' in blob ? reply.send(blob.body) : reply.send();
}
