import { z } from 'zod';

/** Path and query ids arrive as strings; the original system's ids are positive integers. */
export const IdSchema = z.coerce.number().int().positive();
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Timestamps travel as UTC ISO-8601 strings (spec: "sent as UTC ISO"). */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
export const NullableIsoDateTimeSchema = IsoDateTimeSchema.nullable();

/** Calendar dates (course start/end) travel as YYYY-MM-DD. */
export const IsoDateSchema = z.iso.date();

/** Query booleans arrive as `1`/`0`/`true`/`false`. */
export const QueryBooleanSchema = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** `fields=id,name,modules(id,name)` — a comma list of top-level names; nested selections are ignored. */
export const FieldsQuerySchema = z
  .string()
  .optional()
  .transform((raw) => {
    if (!raw) return undefined;
    const names = new Set<string>();
    let depth = 0;
    let current = '';
    for (const ch of raw) {
      if (ch === '(') depth += 1;
      else if (ch === ')') depth = Math.max(0, depth - 1);
      else if (ch === ',' && depth === 0) {
        if (current.trim()) names.add(current.trim());
        current = '';
      } else if (depth === 0) current += ch;
    }
    if (current.trim()) names.add(current.trim());
    return names;
  });

export const OkResponseSchema = z.object({ ok: z.literal(true) });

/**
 * A list of ids in a query: `ids=1,2,3`, or repeated `ids=1&ids=2`; at most `max`, each a positive
 * integer (`messageKey` names the catalogued message for anything else).
 */
export function idListQuerySchema(max: number, messageKey?: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((part) => part.split(','))
        .map((id) => id.trim())
        .filter((id) => id !== '')
        .map(Number),
    )
    .pipe(z.array(z.number(messageKey).int(messageKey).positive(messageKey)).max(max, messageKey));
}
