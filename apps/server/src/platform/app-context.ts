import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import type { Storage } from './storage/storage.ts';

/** What every module receives at registration: narrow, explicit, and the same for all. */
export type AppContext = Readonly<{
  config: Config;
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
}>;

/** The Fastify instance with zod contracts as its type provider: route handlers get typed params and bodies. */
export type Api = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
