import { z } from 'zod';
import { PageMetaSchema } from '../common/pagination.schemas.ts';

export const SEARCH_LIMITS = { keywordMax: 100, pageSizeMax: 50, pageSizeDefault: 10 } as const;

/**
 * `GET /api/search?keyword=&page=&page_size=`: the caller's courses and the activities of those courses
 * whose name or title contains the keyword (case-insensitive). A blank keyword finds nothing.
 */
export const SearchQuerySchema = z.object({
  keyword: z.string().max(SEARCH_LIMITS.keywordMax, 'search.keywordTooLong').default(''),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMITS.pageSizeMax)
    .default(SEARCH_LIMITS.pageSizeDefault),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SEARCH_HIT_KINDS = ['course', 'activity'] as const;
export const SearchHitKindSchema = z.enum(SEARCH_HIT_KINDS);
export type SearchHitKind = z.infer<typeof SearchHitKindSchema>;

/** A course (its display name) or an activity (its title, with the course it is in). */
export const SearchHitSchema = z
  .object({
    kind: SearchHitKindSchema,
    /** The course's id for a course, the activity's id for an activity. */
    id: z.number().int(),
    title: z.string(),
    course_id: z.number().int(),
    course_name: z.string(),
    course_code: z.string().nullable(),
    /** Null for a course. */
    activity_type: z.string().nullable(),
    /** False only for draft activities, which only the teaching team finds. */
    published: z.boolean(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** Courses first, then activities; each by name. */
export const SearchResponseSchema = PageMetaSchema.extend({ items: z.array(SearchHitSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** The page a hit opens. */
export function searchHitLink(hit: Pick<SearchHit, 'kind' | 'id' | 'course_id'>): string {
  return hit.kind === 'course' ? `/course/${hit.course_id}` : `/course/${hit.course_id}/activity/${hit.id}`;
}
