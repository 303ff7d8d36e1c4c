import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes `x | null` as `anyOf: [x, {type: null}]`. fast-json-stringify can only pick an anyOf branch
 * by running ajv on every value, so the common nullable case is rewritten to its `nullable` keyword.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((b) => isObject(b) && b.type === 'null');
    const other = branches[1 - nullIndex];
    if (nullIndex !== -1 && isObject(other) && typeof other.type === 'string' && other.anyOf === undefined) {
      delete out.anyOf;
      return { ...out, ...other, nullable: true };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles a response contract to; exported for its tests. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  });
  return simplify(json) as JsonSchema;
}

export type SerializerOptions = {
  /**
   * Also check every response against its zod contract before writing it. On in development and tests,
   * where a presenter drifting from the contract must fail loudly; off in production, where presenters are
   * typed against the same contracts and the check would cost more CPU than the rest of a list request.
   */
  checkResponses: boolean;
};

type Stringify = (data: unknown) => string;

/**
 * Compiling a contract is the larger part of building the app (about 0.5 s for ~400 routes), and what it
 * gives depends on the contract alone. Contracts are module constants shared by routes (a path's
 * `/api/course/…` and `/api/courses/…` forms, lists and details) and by every app a test process builds.
 */
const stringifiers = new WeakMap<z.ZodType, Stringify>();

function stringifierOf(schema: z.ZodType): Stringify {
  let stringify = stringifiers.get(schema);
  if (!stringify) {
    stringify = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    stringifiers.set(schema, stringify);
  }
  return stringify;
}

/**
 * Response bodies are written by fast-json-stringify, compiled once per route from the zod contract turned
 * into JSON Schema: only the contract's fields leave the server, and a missing required field still fails.
 */
export function createSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = stringifierOf(schema);
    if (!options.checkResponses) return (data) => stringify(data);
    return (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
