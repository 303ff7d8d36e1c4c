import {
  BookLiveResponseSchema,
  CourseIdParamsSchema,
  ExtensionLivesQuerySchema,
  ExtensionLivesResponseSchema,
  LectureLiveDetailSchema,
  LectureLiveIdParamsSchema,
  LiveActivitiesQuerySchema,
  LiveActivitiesResponseSchema,
  LiveHlsParamsSchema,
  LiveIngestSchema,
  PlayerVisitRequestSchema,
  PlayerVisitResponseSchema,
  ReplayHlsParamsSchema,
  ReprocessReplayRequestSchema,
  ViewingStatsResponseSchema,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { LectureLiveControllerConfigSchema } from '@lectern/contracts/lecture-live/lecture-live-settings';
import type { FastifyReply } from 'fastify';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { notFound } from '../../platform/errors.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { hlsFileCache, type HlsFileCache } from './hls-file-cache.ts';
import { createLiveIngest } from './live-ingest.ts';
import { HLS_CONTENT_TYPES } from './live-media.ts';
import { lectureLiveRepository } from './lecture-live.repository.ts';
import { lectureLiveService } from './lecture-live.service.ts';

const tags = ['lecture-live'];

/**
 * HLS files kept in memory: a live's playlist and its last six 2-second segments are a few MB, and a
 * replay's 6-second segments a few MB each; 64 MiB holds several lives and replays watched at once.
 */
const HLS_CACHE_LIMITS = { maxBytes: 64 * 1024 * 1024, maxEntryBytes: 8 * 1024 * 1024 };

/**
 * Sends an HLS file. Live playlists change every segment, so they are never cached by the browser;
 * segments and finished replay playlists never change once written, so the browser keeps them (privately:
 * they are behind the session). This is the hot path of a thousand viewers (hls-file-cache.ts).
 */
async function sendHls(reply: FastifyReply, files: HlsFileCache, file: string, mutable: boolean) {
  const body = await files.read(file);
  if (!body) throw notFound();
  const playlist = file.endsWith('.m3u8');
  reply.header('content-type', playlist ? HLS_CONTENT_TYPES.m3u8 : HLS_CONTENT_TYPES.ts);
  reply.header('content-length', body.size);
  reply.header(
    'cache-control',
    playlist && mutable ? 'no-cache, no-store' : 'private, max-age=86400, immutable',
  );
  return reply.send('bytes' in body ? body.bytes : body.stream);
}

/** Lecture lives: detail, booking, ingest, HLS, replays, play tracking and the live lists. */
export function registerLectureLiveRoutes(app: Api, ctx: AppContext): void {
  const repo = lectureLiveRepository(ctx.db);
  // The ingest calls the service back on stream start and end (only after start-up, once `lives` exists).
  const ingest = createLiveIngest(ctx, repo, {
    onPublish: (id) => lives.streamStarted(id),
    onEnded: (id, file) => lives.streamEnded(id, file),
  });
  const lives = lectureLiveService(ctx, ingest);
  const hlsFiles = hlsFileCache(HLS_CACHE_LIMITS);
  app.addHook('onReady', async () => ingest.start());
  app.addHook('onClose', async () => ingest.stop());

  app.get(
    '/api/lecture-lives/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: LectureLiveIdParamsSchema, response: { 200: LectureLiveDetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return lives.detail(actorOf(request), request.params.id);
    },
  );

  for (const method of ['post', 'delete'] as const) {
    app[method](
      '/api/live-activities/:id/book-live',
      {
        config: { access: 'user' },
        schema: { tags, params: LectureLiveIdParamsSchema, response: { 200: BookLiveResponseSchema } },
      },
      async (request) =>
        method === 'post'
          ? lives.book(actorOf(request), request.params.id)
          : lives.unbook(actorOf(request), request.params.id),
    );
  }

  app.post(
    '/api/courses/lecture-live-activity/:id/reprocess',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: LectureLiveIdParamsSchema,
        body: ReprocessReplayRequestSchema,
        response: { 200: LectureLiveDetailSchema },
      },
    },
    async (request) => lives.reprocess(actorOf(request), request.params.id, request.body.replay_id),
  );

  app.put(
    '/api/lecture-lives/:id/controller-config',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          'The teaching team sets how the page’s player behaves: autoplay starts it by itself (muted, as ' +
          'browsers require). Answers the detail.',
        params: LectureLiveIdParamsSchema,
        body: LectureLiveControllerConfigSchema,
        response: { 200: LectureLiveDetailSchema },
      },
    },
    async (request) => lives.setControllerConfig(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/lecture-live/schedule/:id/player-visits',
    {
      // Counting one's own watching is reading, not changing the course.
      config: { access: 'user', allowWhileSimulating: true },
      schema: {
        tags,
        params: LectureLiveIdParamsSchema,
        body: PlayerVisitRequestSchema,
        response: { 200: PlayerVisitResponseSchema },
      },
    },
    async (request) => lives.playerVisit(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/lecture-lives/:id/viewing-stats',
    {
      config: { access: 'user' },
      schema: { tags, params: LectureLiveIdParamsSchema, response: { 200: ViewingStatsResponseSchema } },
    },
    async (request) => lives.viewingStats(actorOf(request), request.params.id),
  );

  app.get(
    '/api/lecture-lives/:id/ingest',
    {
      // The stream key is a secret: never through a script's token, never cached.
      config: { access: 'user', sessionOnly: true },
      schema: { tags, params: LectureLiveIdParamsSchema, response: { 200: LiveIngestSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return lives.ingest(actorOf(request), request.params.id, request.hostname);
    },
  );

  app.post(
    '/api/lecture-lives/:id/ingest/regenerate-key',
    {
      config: { access: 'user', sessionOnly: true },
      schema: { tags, params: LectureLiveIdParamsSchema, response: { 200: LiveIngestSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return lives.regenerateKey(actorOf(request), request.params.id, request.hostname);
    },
  );

  app.get(
    '/api/lecture-lives/:id/hls/live/:file',
    { config: { access: 'user' }, schema: { tags, params: LiveHlsParamsSchema } },
    async (request, reply) => {
      const file = await lives.hlsFile(
        actorOf(request),
        request.params.id,
        { kind: 'live' },
        request.params.file,
      );
      return sendHls(reply, hlsFiles, file, true);
    },
  );

  app.get(
    '/api/lecture-lives/:id/hls/replays/:replayId/:file',
    { config: { access: 'user' }, schema: { tags, params: ReplayHlsParamsSchema } },
    async (request, reply) => {
      const { id, replayId, file } = request.params;
      const path = await lives.hlsFile(actorOf(request), id, { kind: 'replay', replayId }, file);
      return sendHls(reply, hlsFiles, path, false);
    },
  );

  app.get(
    '/api/courses/:id/live-activities',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseIdParamsSchema,
        querystring: LiveActivitiesQuerySchema,
        response: { 200: LiveActivitiesResponseSchema },
      },
    },
    async (request) => lives.liveActivities(actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/courses/:id/extension-lives',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: CourseIdParamsSchema,
        querystring: ExtensionLivesQuerySchema,
        response: { 200: ExtensionLivesResponseSchema },
      },
    },
    async (request) => lives.extensionLives(actorOf(request), request.params.id, request.query.source),
  );
}
