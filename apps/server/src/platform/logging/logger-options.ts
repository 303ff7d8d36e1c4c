import type { FastifyServerOptions } from 'fastify';
import { logSerializers } from './error-serializer.ts';

/**
 * The server's logger options: as asked (or at `level`), always with Lectern's serializers, so no
 * logger the app builds can write a failed query's bound values.
 */
export function loggerOptions(
  requested: FastifyServerOptions['logger'] | undefined,
  level: string,
): FastifyServerOptions['logger'] {
  if (requested === false) return false;
  const base = typeof requested === 'object' ? requested : { level };
  return { ...base, serializers: { ...base.serializers, ...logSerializers } };
}
