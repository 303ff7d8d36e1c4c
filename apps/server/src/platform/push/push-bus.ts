import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../database.ts';
import { memoryPushBus } from './memory.push-bus.ts';
import { postgresPushBus } from './postgres.push-bus.ts';
import { redisPushBus } from './redis.push-bus.ts';

/** What a service publishes: an event of one course, delivered to that course's members. */
export type PushPublish = Readonly<{ courseId: number; type: string; data: Record<string, unknown> }>;

/** A published event as every subscriber, in every process, receives it. */
export type PushMessage = PushPublish & Readonly<{ id: string }>;

export type PushListener = (message: PushMessage) => void;

/**
 * Fan-out of course events to every process serving Lectern: each process subscribes once and hands the
 * messages to its own open streams. Delivery is best effort (a stream that was away resyncs on return).
 */
export interface PushBus {
  readonly driver: 'memory' | 'postgres' | 'redis';
  publish(event: PushPublish): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: PushListener): () => void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's push bus (app.ts), shared with the job worker. */
    push: PushBus;
  }
}

/** Event ids are unique across processes, so a reconnecting browser's Last-Event-ID is never ambiguous. */
export function newPushMessage(event: PushPublish): PushMessage {
  return { id: `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`, ...event };
}

/** Parses a message from another process; anything malformed is dropped (it came off a shared channel). */
export function parsePushMessage(raw: string): PushMessage | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, courseId, type, data } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof courseId !== 'number' || typeof type !== 'string') return null;
    if (typeof data !== 'object' || data === null) return null;
    return { id, courseId, type, data: data as Record<string, unknown> };
  } catch {
    return null;
  }
}

/** A set of listeners, shared by the drivers. */
export function listenerSet() {
  const listeners = new Set<PushListener>();
  return {
    add(listener: PushListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(message: PushMessage, log?: FastifyBaseLogger): void {
      for (const listener of listeners) {
        try {
          listener(message);
        } catch (error) {
          log?.error({ err: error }, 'push listener failed');
        }
      }
    },
    clear: () => listeners.clear(),
  };
}

/**
 * Redis when REDIS_URL is set; else LISTEN/NOTIFY when the database is a PostgreSQL server (every process
 * shares it); else in-process, as embedded PGlite serves one process only.
 */
export async function createPushBus(options: {
  config: Config;
  db: Database;
  driver: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
}): Promise<PushBus> {
  const { config, log } = options;
  if (config.redisUrl) return redisPushBus({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, log });
  if (options.driver === 'postgres' && config.databaseUrl) {
    return postgresPushBus({ url: config.databaseUrl, db: options.db, log });
  }
  return memoryPushBus(log);
}
