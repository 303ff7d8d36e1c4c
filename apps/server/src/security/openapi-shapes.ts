/**
 * Reading the app's own OpenAPI document (built from the routes' zod contracts) to make requests the
 * routes accept: the permission matrix needs bodies that pass validation (or a refused caller's 403 would
 * hide behind a 400), and the fuzzer needs to know each route's fields to break them.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  default?: unknown;
};

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** `/api/courses/:id` as the document spells it: `/api/courses/{id}`. */
export function openApiPath(url: string): string {
  // '::' escapes a literal ':' in Fastify paths (`...:batchGet`); OpenAPI writes it as one ':'.
  return url.replace(/(?<!:):(\w+)/g, '{$1}').replaceAll('::', ':');
}

export function operationOf(doc: OpenApiDocument, method: string, url: string): Operation | undefined {
  return doc.paths[openApiPath(url)]?.[method.toLowerCase()];
}

export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 20; depth += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

export function jsonBodySchema(doc: OpenApiDocument, method: string, url: string): JsonSchema | undefined {
  const schema = operationOf(doc, method, url)?.requestBody?.content?.['application/json']?.schema;
  return schema ? resolve(doc, schema) : undefined;
}

export function takesMultipart(doc: OpenApiDocument, method: string, url: string): boolean {
  return Boolean(operationOf(doc, method, url)?.requestBody?.content?.['multipart/form-data']);
}

/** The required query parameters with the smallest value their schemas accept. */
export function minimalQuery(doc: OpenApiDocument, method: string, url: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of operationOf(doc, method, url)?.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    query[parameter.name] = String(minimalValue(doc, parameter.schema ?? {}));
  }
  return query;
}

export function queryParameterNames(doc: OpenApiDocument, method: string, url: string): string[] {
  return (operationOf(doc, method, url)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
}

/**
 * The smallest value the schema accepts: required properties only, the first enum member or variant,
 * the lowest number in range, strings of the minimum length. Ids come out as 1: a refused caller is refused
 * before they are looked up, and an allowed caller may meet 404 or 400 for them, which still counts as through.
 */
export function minimalValue(doc: OpenApiDocument, raw: JsonSchema, depth = 0): unknown {
  const schema = resolve(doc, raw);
  if (depth > 12) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => minimalValue(doc, part, depth + 1)));
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const usable = variants.find((v) => resolve(doc, v).type !== 'null') ?? variants[0] ?? {};
    return minimalValue(doc, usable, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        value[name] = minimalValue(doc, schema.properties?.[name] ?? {}, depth + 1);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        minimalValue(doc, schema.items ?? {}, depth + 1),
      );
    case 'integer':
    case 'number': {
      const exclusive = schema.exclusiveMinimum;
      let low = typeof exclusive === 'number' ? exclusive + 1 : (schema.minimum ?? 1);
      if (exclusive === true) low += 1;
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'string':
      return minimalString(schema);
    default:
      return null;
  }
}

function minimalString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'date-time':
      return new Date(Date.now() + 3600_000).toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'email':
      return 'probe@example.edu';
    case 'uri':
    case 'url':
      return 'https://example.edu/probe';
    default:
  }
  const length = Math.max(schema.minLength ?? 1, 5);
  return 'probe'.padEnd(Math.min(length, schema.maxLength ?? length), 'x');
}
