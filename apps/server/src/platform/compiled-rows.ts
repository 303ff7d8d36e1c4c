import { Column, SQL, Subquery, getTableName, is, noopDecoder } from 'drizzle-orm';

/**
 * Drizzle maps every row of a select field by field, asking of each field what it is (`is()`: an
 * `instanceof` and then a walk up the prototype chain, through a Proxy for an aliased table) and where its
 * decoder lives, again for every row. On a hot list (a comment page: ten rows of ~45 fields) that was the
 * largest piece of Node's time per request (decision 0006, session 16). This works the answers out once per
 * statement and then only decodes and places values: the same objects as drizzle's `mapResultRow`
 * (drizzle-orm/utils.js, 0.45), which compiled-rows.test.ts checks against it on real statements.
 */
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
/** The parts of drizzle's prepared select this relies on; absent ones leave drizzle's own mapping in place. */
type PreparedInternals = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

type CompiledField = {
  parents: string[];
  key: string;
  /** The decoder's function, read once (an aliased column is a Proxy); null where it returns its input. */
  decode: ((value: unknown) => unknown) | null;
  decoder: Decoder;
  /** The table a joined table's column belongs to, for the all-null-means-no-row rule; else undefined. */
  table: string | undefined;
  /** The first segment of a two-segment path (the joined table's object), for that rule. */
  objectName: string;
};

/** Where drizzle keeps a typed sql expression's decoder (a private field in its types). */
type WithDecoder = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

const identities = new Set<unknown>([
  (Column.prototype as unknown as Decoder).mapFromDriverValue,
  (noopDecoder as Decoder).mapFromDriverValue,
]);

function compile(fields: SelectedField[]): CompiledField[] {
  return fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    const decode = decoder.mapFromDriverValue;
    return {
      parents: path.slice(0, -1),
      key: path[path.length - 1] as string,
      decode: identities.has(decode) ? null : decode,
      decoder,
      table: is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
      objectName: path[0] as string,
    };
  });
}

function mapRows(compiled: CompiledField[], joins: Record<string, boolean> | undefined, rows: unknown[][]) {
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r] as unknown[];
    const result: Record<string, unknown> = {};
    // objectName -> the one table its columns came from while all were null, or false.
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < compiled.length; i += 1) {
      const field = compiled[i] as CompiledField;
      let node = result;
      for (const chunk of field.parents) {
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : field.decode === null ? raw : field.decode.call(field.decoder, raw);
      node[field.key] = value;
      if (joins && field.table !== undefined) {
        nullify ??= {};
        const seen = nullify[field.objectName];
        if (seen === undefined) nullify[field.objectName] = value === null ? field.table : false;
        else if (typeof seen === 'string' && seen !== field.table) nullify[field.objectName] = false;
      }
    }
    if (joins && nullify) {
      for (const objectName in nullify) {
        const table = nullify[objectName];
        if (typeof table === 'string' && !joins[table]) result[objectName] = null;
      }
    }
    out[r] = result;
  }
  return out;
}

/**
 * The prepared select, mapping its rows with the field walk done once. Statements without selected fields
 * (raw rows) or with a mapper of their own are returned as they are.
 */
export function withCompiledRows<T extends object>(prepared: T): T {
  const internals = prepared as PreparedInternals;
  const { fields } = internals;
  if (!Array.isArray(fields) || internals.customResultMapper) return prepared;
  let compiled: CompiledField[] | undefined;
  // joinsNotNullableMap is set on the statement after it is built, so it is read at the first execution.
  internals.customResultMapper = (rows) =>
    mapRows((compiled ??= compile(fields)), internals.joinsNotNullableMap, rows);
  return prepared;
}
