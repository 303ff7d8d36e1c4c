import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import type { SearchHit, SearchQuery, SearchResponse } from '@lectern/contracts/search/search.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { activityScopeOf } from '../activities/activity-scope.ts';
import { containsPattern, searchRepository, type SearchCourseRow } from './search.repository.ts';

function courseHit(course: SearchCourseRow): SearchHit {
  return {
    kind: 'course',
    id: course.courseId,
    title: course.name,
    course_id: course.courseId,
    course_name: course.name,
    course_code: course.courseCode,
    activity_type: null,
    published: true,
  };
}

export function searchService(ctx: AppContext) {
  const repo = searchRepository(ctx.db);

  return {
    /**
     * `GET /api/search`: the caller's courses, then the activities of those courses they may see, whose
     * names contain the keyword; one list paged across both. A blank keyword finds nothing rather than
     * everything. Reads the memberships once (the course policy decides from them, per course, whether
     * drafts show), then one page of activities and their count.
     */
    async search(actor: Actor, query: SearchQuery): Promise<SearchResponse> {
      const keyword = query.keyword.trim();
      if (keyword === '') return { ...pageMeta(query, 0), items: [] };
      const pattern = containsPattern(keyword);
      const courses = await repo.memberCourses(actor.userId, actor.orgId, pattern);
      const scope = activityScopeOf(actor, courses);
      const visible = new Set(scope.courseIds);
      const courseHits = courses
        .filter((c) => c.matches && visible.has(c.courseId))
        .sort((a, b) => a.name.localeCompare(b.name) || a.courseId - b.courseId);

      const offset = (query.page - 1) * query.page_size;
      const pageCourses = courseHits.slice(offset, offset + query.page_size);
      const [rows, activityTotal] = await Promise.all([
        repo.matchingActivities(scope, pattern, {
          limit: query.page_size - pageCourses.length,
          offset: Math.max(0, offset - courseHits.length),
        }),
        repo.countMatchingActivities(scope, pattern),
      ]);
      const names = new Map(courses.map((c) => [c.courseId, c]));
      const items: SearchHit[] = [
        ...pageCourses.map(courseHit),
        ...rows.map((row) => ({
          kind: 'activity' as const,
          id: row.id,
          title: row.title,
          course_id: row.courseId,
          course_name: names.get(row.courseId)?.name ?? '',
          course_code: names.get(row.courseId)?.courseCode ?? null,
          activity_type: row.type,
          published: row.published,
        })),
      ];
      return { ...pageMeta(query, courseHits.length + activityTotal), items };
    },
  };
}
