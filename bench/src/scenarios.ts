import type { CoursePageBenchData } from './course-page-seed.ts';
import type { RequestSpec } from './load.ts';
import type { DiscussionsBenchData } from './discussions-seed.ts';
import type { MarkingBenchData } from './marking-seed.ts';
import type { PublicListingsBenchData } from './public-listings-bench.ts';
import type { BenchData } from './seed-data.ts';

export type ScenarioContext = {
  data: BenchData;
  /** The forum with 100,000 comments and 300,000 replies (discussions-seed.ts). */
  discussions: DiscussionsBenchData;
  /** A homework with 200 submitters, two hand-ins each with files (marking-seed.ts). */
  marking: MarkingBenchData;
  /** A student of the benchmark course with read marks, and an exam of it (course-page-seed.ts). */
  coursePage: CoursePageBenchData;
  /** 10,000 public courses under ten classifications (public-listings-bench.ts). */
  publicListings: PublicListingsBenchData;
  /** Cookie header of a logged-in instructor of the benchmark course. */
  cookie: string;
};

export type Scenario = {
  name: string;
  /** The request to Lectern, with everything a browser would send. */
  ours(ctx: ScenarioContext): RequestSpec;
  /** The equivalent request to bare-ceiling.ts, which must have a route for it. */
  bare(ctx: ScenarioContext): RequestSpec;
  targets: {
    /** Lectern's requests/s as a share of the bare server's. */
    minRatio: number;
    /** Lectern's 99th percentile latency under the load. */
    maxP99Ms: number;
    /** Lectern's p99 as a multiple of the bare server's p99 in the same run (issue 21's hot reads). */
    maxP99VsBare?: number;
  };
};

/** The comment panel's first request: 10 forum comments, hottest first. */
const commentListQuery = new URLSearchParams({
  page: '1',
  page_size: '10',
  order_key: 'approval_count',
  order: 'desc',
  conditions: JSON.stringify({ type: 'forum', referrer_type: 'none' }),
}).toString();

/**
 * What the homework marking dialog asks for when the marker moves to the next student (the submitter
 * list is loaded once when the dialog opens): the student's hand-ins with their files, the first page
 * of score changes, and the marker's files on the latest hand-in. Cycled over all 200 students.
 */
function markingNextStudent(
  marking: MarkingBenchData,
  paths: (homeworkId: number, studentId: number, submissionId: number) => string[],
): string[] {
  return marking.submitters.flatMap((s) => paths(marking.homeworkId, s.studentId, s.latestSubmissionId));
}

/** Add a scenario here and, for its bare side, a route in bare-ceiling.ts. */
export const scenarios: Scenario[] = [
  {
    name: 'list course activities (50)',
    ours: ({ data, cookie }) => ({ path: `/api/courses/${data.courseId}/activities`, headers: { cookie } }),
    bare: ({ data }) => ({ path: `/courses/${data.courseId}/activities` }),
    targets: { minRatio: 0.6, maxP99Ms: 50, maxP99VsBare: 1.5 },
  },
  // The same list as a student sees it: published only, with their own read marks and completion.
  {
    name: 'list course activities as a student',
    ours: ({ data, coursePage }) => ({
      path: `/api/courses/${data.courseId}/activities`,
      headers: { cookie: coursePage.student.cookie },
    }),
    bare: ({ data, coursePage }) => ({
      path: `/courses/${data.courseId}/activities?viewer=${coursePage.student.userId}`,
    }),
    targets: { minRatio: 0.6, maxP99Ms: 50, maxP99VsBare: 1.5 },
  },
  // What a student's course page asks for when it opens: the course, its outline (modules with their
  // syllabi) and the activity list with the student's read marks, each connection cycling through them.
  {
    name: "student's course page reads (course, modules, activities with reads)",
    ours: ({ data, coursePage }) => {
      const rotate = [
        `/api/courses/${data.courseId}`,
        `/api/courses/${data.courseId}/modules`,
        `/api/courses/${data.courseId}/activities`,
      ];
      return { path: rotate[0]!, rotate, headers: { cookie: coursePage.student.cookie } };
    },
    bare: ({ data, coursePage }) => {
      const rotate = [
        `/courses/${data.courseId}`,
        `/courses/${data.courseId}/modules`,
        `/courses/${data.courseId}/activities?viewer=${coursePage.student.userId}`,
      ];
      return { path: rotate[0]!, rotate };
    },
    targets: { minRatio: 0.6, maxP99Ms: 50, maxP99VsBare: 1.5 },
  },
  // The exam paper a student opens (again, after the first call created their paper instance).
  {
    name: 'exam paper for a student (20 questions)',
    ours: ({ coursePage }) => ({
      path: `/api/exams/${coursePage.examId}/distribute`,
      headers: { cookie: coursePage.student.cookie },
    }),
    bare: ({ coursePage }) => ({ path: `/exam-storm/${coursePage.examId}/paper` }),
    targets: { minRatio: 0.6, maxP99Ms: 50, maxP99VsBare: 1.5 },
  },
  // The forum comment list as the comment panel asks for it: hottest first, with reply counts and the
  // caller's likes, out of 100,000 comments (and 300,000 replies).
  {
    name: 'list comments, first page (100k comments)',
    ours: ({ discussions, cookie }) => ({
      path: `/api/activities/${discussions.forumId}/comments?${commentListQuery}`,
      headers: { cookie },
    }),
    bare: ({ discussions, data }) => ({
      path: `/activities/${discussions.forumId}/comments?viewer=${data.userId}`,
    }),
    targets: { minRatio: 0.6, maxP99Ms: 50, maxP99VsBare: 1.5 },
  },
  // Half-way down the same list by keyset cursor: must cost what the first page costs.
  {
    name: 'list comments, deep page by cursor',
    ours: ({ discussions, cookie }) => ({
      path: `/api/activities/${discussions.forumId}/comments?${commentListQuery}&cursor=${discussions.deepCursor}`,
      headers: { cookie },
    }),
    bare: ({ discussions, data }) => ({
      path: `/activities/${discussions.forumId}/comments?viewer=${data.userId}&cursor=${discussions.deepCursor}`,
    }),
    targets: { minRatio: 0.6, maxP99Ms: 50, maxP99VsBare: 1.5 },
  },
  {
    name: 'homework marking next student (200 submitters)',
    ours: ({ marking, cookie }) => {
      const rotate = markingNextStudent(marking, (hw, student, submission) => [
        `/api/activities/${hw}/students/${student}/submission_list`,
        `/api/activity/${hw}/submitter/${student}/score-records?page=1&page_size=5`,
        `/api/submissions/${submission}/marked_attachments`,
      ]);
      return { path: rotate[0]!, rotate, headers: { cookie } };
    },
    bare: ({ marking }) => {
      const rotate = markingNextStudent(marking, (hw, student, submission) => [
        `/homework/${hw}/students/${student}/submissions`,
        `/activity/${hw}/submitter/${student}/score-records?page=1&page_size=5`,
        `/submissions/${submission}/marked_attachments`,
      ]);
      return { path: rotate[0]!, rotate };
    },
    targets: { minRatio: 0.5, maxP99Ms: 50 },
  },
  // The portal's catalogue as an anonymous visitor first sees it, out of 10,000 public courses (issue 18).
  {
    name: 'public course list, first page (10k courses, anonymous)',
    ours: () => ({ path: '/anonymous-api/courses/public?page=1&page_size=12' }),
    bare: () => ({ path: '/public-courses?page=1&page_size=12' }),
    targets: { minRatio: 0.5, maxP99Ms: 50 },
  },
  // The same list narrowed by a classification and a keyword, on its second page.
  {
    name: 'public course list, filtered page (10k courses, anonymous)',
    ours: ({ publicListings }) => ({
      path: `/anonymous-api/courses/public?page=2&page_size=12&classification_id=${publicListings.classificationId}&keyword=${publicListings.keyword}`,
    }),
    bare: ({ publicListings }) => ({
      path: `/public-courses?page=2&page_size=12&classification_id=${publicListings.classificationId}&keyword=${publicListings.keyword}`,
    }),
    targets: { minRatio: 0.5, maxP99Ms: 50 },
  },
];
