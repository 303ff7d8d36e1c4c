import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const PageMetaSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

/**
 * A page of `item`: the page fields, then `extra` fields, then `items`. The fields keep that order because
 * the response serialiser writes them in schema order.
 */
export function pageOfSchema<Item extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  item: Item,
  extra?: Extra,
) {
  return PageMetaSchema.extend({ ...(extra as Extra), items: z.array(item) });
}

export function pageMeta(query: PageQuery, total: number): PageMeta {
  return {
    page: query.page,
    page_size: query.page_size,
    total,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
  };
}

/**
 * `conditions` arrives as a JSON string in the query (the original clients send it that way) or as
 * an object in a POST body. Unknown keys are kept for the service to ignore.
 */
export const ConditionsSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .optional()
  .transform((value, ctx): Record<string, unknown> => {
    if (value === undefined || value === '') return {};
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return parsed as Record<string, unknown>;
      }
    } catch {
      // fall through to the issue below
    }
    ctx.addIssue({ code: 'custom', message: 'conditions must be a JSON object' });
    return {};
  });
