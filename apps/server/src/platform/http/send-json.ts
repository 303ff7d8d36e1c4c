import type { FastifyReply } from 'fastify';

/**
 * Sends a body the service already wrote as the contract's JSON (the cached course reads and activity
 * lists): Fastify passes a string with a JSON content type through without serialising it again. The route
 * keeps its response schema, so the OpenAPI document still describes it.
 */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
