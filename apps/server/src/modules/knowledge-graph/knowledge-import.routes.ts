import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  KNOWLEDGE_IMPORT_LIMITS,
  KnowledgeAiParseRequestSchema,
  KnowledgeImportJsonSchema,
  KnowledgeImportParamsSchema,
  KnowledgeImportQuerySchema,
  KnowledgeImportResultSchema,
  KnowledgeParsedTreeSchema,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { answerWithEventStream } from '../ai/ai-event-stream.ts';
import type { AiProvider } from '../ai/ai-provider.ts';
import {
  knowledgeImportAiService,
  knowledgeImportService,
  type OutlineUpload,
} from './knowledge-import.service.ts';

const tags = ['knowledge-graph'];
const MB = 1024 * 1024;

/**
 * The `file` part of a multipart form, whole, within the outline limit (the platform's upload limit is far
 * larger), with the form's `import_type` when it came before the file.
 */
async function outlineUpload(
  request: FastifyRequest,
  importType: string | undefined,
): Promise<OutlineUpload> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: KNOWLEDGE_IMPORT_LIMITS.fileMaxBytes, files: 1 } });
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('validation_failed', 'uploads.multipartMalformed');
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw invalid({ file: ['knowledgeImport.fileRequired'] });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) {
    throw new AppError('payload_too_large', {
      key: 'knowledgeImport.fileTooLarge',
      params: { limit_mb: KNOWLEDGE_IMPORT_LIMITS.fileMaxBytes / MB },
    });
  }
  const field = part.fields.import_type;
  const first = Array.isArray(field) ? field[0] : field;
  const formType =
    first && first.type === 'field' && typeof first.value === 'string' ? first.value : undefined;
  return { importType: formType ?? importType, fileName: part.filename, bytes: Buffer.concat(chunks) };
}

/** Spec 001 section 7 "Knowledge graph", import calls. */
export function registerKnowledgeImportRoutes(app: Api, ctx: AppContext): void {
  const imports = knowledgeImportService(ctx);

  app.post(
    '/api/courses/:id/knowledge-nodes/import',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Adds knowledge nodes to the course: multipart/form-data with `import_type` (excel or word) and a ' +
          '`file` part (.xlsx or .docx outline, at most 10 MB), or JSON `{data: tree}`, or JSON ' +
          '`{import_type: "course", source_course_id, import_refer_resource}` copying another course’s tree and ' +
          'relations (and references to files and to activities this course holds too). The teaching team only; ' +
          'copying also needs the source course’s teaching team.',
        params: KnowledgeImportParamsSchema,
        querystring: KnowledgeImportQuerySchema,
        // Multipart bodies are read by the handler (the parser leaves body null): only JSON is validated.
        body: KnowledgeImportJsonSchema.nullish(),
        response: { 200: KnowledgeImportResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (request.isMultipart()) {
        return imports.importFile(
          actor,
          request.params.id,
          await outlineUpload(request, request.query.import_type),
        );
      }
      if (!request.body) throw invalid({ data: ['knowledgeImport.empty'] });
      return imports.importJson(actor, request.params.id, request.body);
    },
  );

  app.post(
    '/api/knowledge-nodes/parse/docx',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'Parses a Word outline (multipart/form-data, one `file` part, .docx up to 10 MB) into a knowledge tree: ' +
          'heading styles or list levels, else leading numbers such as 1.2.3, give the levels. Saves nothing.',
        response: { 200: KnowledgeParsedTreeSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'knowledgeImport.fileRequired');
      return imports.parseDocx(await outlineUpload(request, 'word'));
    },
  );
}

/** Streaming `GET/POST /api/course/{id}/knowledge-nodes/ai-parse` (spec 001 section 7): the AI outline parse. */
export function registerKnowledgeImportAiRoutes(app: Api, ctx: AppContext, provider: AiProvider): void {
  const service = knowledgeImportAiService(ctx, provider);
  const description =
    'Server-sent events (text/event-stream): unnamed events `{ data }` with the outline (Markdown headings) as ' +
    'the model writes it, then a `tree` event `{ data, node_count }`; a failure after the first event is an ' +
    '`error` event `{ code, message }`. Reads the caller’s own .docx, .pdf or .txt upload; saves nothing. The ' +
    'course’s teaching team only.';

  app.get(
    '/api/course/:id/knowledge-nodes/ai-parse',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description,
        params: KnowledgeImportParamsSchema,
        querystring: KnowledgeAiParseRequestSchema,
      },
    },
    async (request, reply) =>
      answerWithEventStream(request, reply, (writer) =>
        service.parse(actorOf(request), request.params.id, request.query.upload_id, writer),
      ),
  );

  app.post(
    '/api/course/:id/knowledge-nodes/ai-parse',
    {
      config: { access: 'user' },
      schema: { tags, description, params: KnowledgeImportParamsSchema, body: KnowledgeAiParseRequestSchema },
    },
    async (request, reply) =>
      answerWithEventStream(request, reply, (writer) =>
        service.parse(actorOf(request), request.params.id, request.body.upload_id, writer),
      ),
  );
}
