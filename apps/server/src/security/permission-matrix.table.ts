import type { DisposableKind, FixtureId, FixtureIds } from './security-world.ts';

/**
 * Who may call every API route: the one table the permission matrix test (permission-matrix.routes.test.ts)
 * checks against the running app, each route × each caller below. A route the app serves without a row
 * here fails that test ("add an entry for METHOD /path"); a row for a route that is gone fails it too.
 *
 * To add a route:
 * 1. Add `'METHOD /api/path/:param': { allow: [...] }` in its section, the path exactly as registered (Fastify's
 *    `:param`, as the failure message prints it). HEAD follows GET and needs no row.
 * 2. `allow` names the callers who must get through (2xx, or a 4xx other than 401/403/404 such as 400 or 409
 *    from a business rule); every other caller must be refused: 401 when anonymous, 403 or 404 otherwise.
 *    Use the groups below (MEMBERS, TEACHING, ...) where they say what you mean. Simulation is a read-only
 *    view of one course: writes never list 'simulating'.
 * 3. Path parameters are filled from the fixture (security-world.ts) by name and path (`guessParam` in the
 *    test). Name them in `params` when the guess is wrong: a fixture id, `{ disposable: kind }` for an object
 *    the call deletes or reshapes (one per caller and route; add a kind in security-world.ts if needed), or
 *    `{ missing: true }` with `notFoundAllowed: 'why'` when the fixture cannot make it.
 * 4. The body is the smallest one the route's OpenAPI schema accepts; give `body` (and `query`) when a
 *    refinement or a real id is needed, since a refused caller must meet 403, not a 400 for the body.
 * 5. If a caller's answer is a product defect you cannot fix now, keep the intended `allow`, add
 *    `knownDefect: 'what and why'`, and say so: the test reports it, and fails once it is fixed.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run --project server \
 *   apps/server/src/security/permission-matrix.routes.test.ts
 */
export const ROLES = [
  'anonymous',
  'outsider',
  'otherInstructor',
  'student',
  'simulating',
  'assistant',
  'owner',
  'orgAdmin',
] as const;
export type Role = (typeof ROLES)[number];

export type ParamSource = FixtureId | { disposable: DisposableKind } | { missing: true };

export type MatrixEntry = {
  /** Callers that get through; all others must be refused. */
  allow: readonly Role[];
  params?: Record<string, ParamSource>;
  /** Query parameters beyond the required ones the OpenAPI document gives. */
  query?: (ids: FixtureIds) => Record<string, string>;
  /** The request body, when the minimal one from the OpenAPI schema would not pass validation. */
  body?: ((ids: FixtureIds) => unknown) | Record<string, unknown>;
  /** A body that is not JSON (raw bytes), with its content type. */
  raw?: { contentType: string; payload: string };
  /**
   * For routes that answer everyone but leave out what the caller may not see: a refused caller's 2xx
   * passes when this says the answer reveals nothing.
   */
  hidesFromRefused?: (body: unknown) => boolean;
  /** The call changes the caller's own session (sign-out, simulation): each caller gets a fresh one. */
  freshSession?: true;
  /**
   * Why an allowed caller may meet 404 here: the addressed object cannot be made in the fixture (for
   * example a duplicate-check pair), so the call can only prove that refused callers are refused.
   */
  notFoundAllowed?: string;
  /** A product defect this row exposes; the row states the intended rule and the test reports the gap. */
  knownDefect?: string;
};

const EVERYONE = ROLES;
const SIGNED_IN = ROLES.filter((role) => role !== 'anonymous');
/** Signed-in callers writing: simulating is a read-only view of one course, but not of the user's own things. */
const ADMIN = ['orgAdmin'] as const;
/** Members of the course (and the organisation administrator, who may enter any course). */
const MEMBERS = ['student', 'simulating', 'assistant', 'owner', 'orgAdmin'] as const;
/** Members taking part: simulation writes nothing. */
const PARTICIPANTS = ['student', 'assistant', 'owner', 'orgAdmin'] as const;
/** The teaching team of the course and the administrator. */
const TEACHING = ['assistant', 'owner', 'orgAdmin'] as const;
const OWNER_OR_ADMIN = ['owner', 'orgAdmin'] as const;
/**
 * The course owner acting on what they made for themselves (tokens, files, rubrics). Simulation is a view of
 * one course only: outside it, the simulating session is the owner's own.
 */
const OWNER_ONLY = ['simulating', 'owner'] as const;
/** What the owner made, or the administrator of its organisation. */
const OWNER_OR_ORG_ADMIN = ['simulating', 'owner', 'orgAdmin'] as const;
/** Teaching somewhere in the organisation, not simulating (may make libraries and rubrics). */
const TEACHING_ANYWHERE = ['otherInstructor', 'assistant', 'owner', 'orgAdmin'] as const;
/** Any signed-in caller writing their own things: never while simulating (ARCHITECTURE.md, "Security"). */
const NOT_SIMULATING = SIGNED_IN.filter((role) => role !== 'simulating');
/** Members of the course who may see their own work: the simulated student has none. */
const MEMBERS_WITH_WORK = ['student', 'assistant', 'owner', 'orgAdmin'] as const;

/** One single-choice question, as the authoring routes take it. */
const QUESTION = {
  type: 'single_selection',
  description: '<p>Pick one</p>',
  point: 1,
  options: [
    { content: 'yes', is_answer: true },
    { content: 'no', is_answer: false },
  ],
};

export const PERMISSION_MATRIX: Record<string, MatrixEntry> = {
  // Platform and identity
  'GET /api/openapi.json': { allow: EVERYONE },
  'GET /api/health': { allow: EVERYONE },
  'POST /api/login': { allow: EVERYONE, body: { user_name: 'nobody', password: 'wrong-password' } },
  'POST /api/logout': { allow: SIGNED_IN, freshSession: true },
  'GET /api/user': { allow: SIGNED_IN },
  'GET /api/org': { allow: SIGNED_IN },
  'GET /api/orgs/:id/departments': { allow: SIGNED_IN },
  'GET /api/org/users': { allow: ADMIN },
  'POST /api/org/users': { allow: ADMIN },
  'PUT /api/org/users/:id': { allow: ADMIN, params: { id: 'spare' } },
  'POST /api/org/users/import': { allow: ADMIN },
  'GET /api/user/access-tokens': { allow: SIGNED_IN },
  'POST /api/user/access-tokens': { allow: NOT_SIMULATING },
  'DELETE /api/user/access-tokens/:id': {
    allow: ['owner'],
    params: { id: { disposable: 'accessToken' } },
  },
  'GET /api/orgs/:id/settings': { allow: SIGNED_IN },
  'PUT /api/orgs/:id/settings': { allow: ADMIN },
  'GET /api/orgs/:id/live-record-settings': { allow: SIGNED_IN },
  'PUT /api/orgs/:id/live-record-settings': {
    allow: ADMIN,
    body: { allow_download_recordings: false, retention_days: 0, protect_cloud_recordings: false },
  },
  'GET /api/portal-logo': { allow: EVERYONE },
  'GET /api/portal-logo/blob': { allow: EVERYONE, notFoundAllowed: 'the fixture organisation has no logo' },
  'PUT /api/orgs/:id/portal-logo': { allow: ADMIN },
  'GET /api/orgs/:id/alert-popup': { allow: SIGNED_IN },
  'PUT /api/orgs/:id/alert-popup': { allow: ADMIN },
  'POST /api/orgs/:id/departments': { allow: ADMIN },
  'PUT /api/orgs/:id/departments/:childId': { allow: ADMIN, body: { name: 'Renamed' } },
  'DELETE /api/orgs/:id/departments/:childId': {
    allow: ADMIN,
    params: { childId: { disposable: 'department' } },
  },
  'GET /api/orgs/:id/academic-years': { allow: SIGNED_IN },
  'POST /api/orgs/:id/academic-years': { allow: ADMIN },
  'PUT /api/orgs/:id/academic-years/:childId': { allow: ADMIN },
  'DELETE /api/orgs/:id/academic-years/:childId': {
    allow: ADMIN,
    params: { childId: { disposable: 'academicYear' } },
  },
  'POST /api/orgs/:id/semesters': { allow: ADMIN },
  'PUT /api/orgs/:id/semesters/:childId': { allow: ADMIN },
  'DELETE /api/orgs/:id/semesters/:childId': {
    allow: ADMIN,
    params: { childId: { disposable: 'semester' } },
  },
  'PUT /api/user/settings': { allow: NOT_SIMULATING },
  'GET /api/sso/providers': { allow: EVERYONE },
  'GET /api/profile': { allow: SIGNED_IN },

  // Courses
  'POST /api/course': { allow: ['otherInstructor', 'owner', 'orgAdmin'] },
  'GET /api/courses/:id': { allow: MEMBERS },
  'GET /api/course/:id': { allow: MEMBERS },
  'PUT /api/courses/:id': { allow: TEACHING, params: { id: { disposable: 'course' } } },
  'DELETE /api/courses/:id': { allow: OWNER_OR_ADMIN, params: { id: { disposable: 'course' } } },
  'POST /api/my-courses': { allow: SIGNED_IN },
  'GET /api/my-courses': { allow: SIGNED_IN },
  // The student's own courses: the student and the administrator.
  'GET /api/users/:id/courses': { allow: ['student', 'orgAdmin'] },
  'GET /api/user/recently-visited-courses': { allow: SIGNED_IN },
  'GET /api/current-semester-info': { allow: SIGNED_IN },
  'GET /api/my-semesters': { allow: SIGNED_IN },
  'POST /api/courses/:id/simulate': { allow: ['simulating', 'assistant', 'owner'], freshSession: true },
  'GET /api/courses/:id/modules': { allow: MEMBERS },
  'GET /api/courses/:id/all-sections': { allow: MEMBERS },
  'POST /api/courses/:id/modules': { allow: TEACHING },
  'PUT /api/courses/:id/modules/sort': { allow: TEACHING },
  'PUT /api/modules/:id': { allow: TEACHING },
  'DELETE /api/modules/:id': { allow: TEACHING, params: { id: { disposable: 'module' } } },
  'PUT /api/modules/:id/syllabuses/sort': { allow: TEACHING },
  'POST /api/courses/:id/syllabuses': { allow: TEACHING },
  'PUT /api/syllabuses/:id': { allow: TEACHING },
  'DELETE /api/syllabuses/:id': { allow: TEACHING, params: { id: { disposable: 'syllabus' } } },
  'GET /api/course/:id/students': { allow: MEMBERS },
  'GET /api/courses/:id/students': { allow: MEMBERS },
  'GET /api/courses/:id/instructors': { allow: MEMBERS },
  'GET /api/courses/:id/educators': { allow: MEMBERS },
  'GET /api/courses/:id/hosts': { allow: MEMBERS },
  'GET /api/courses/:id/members': { allow: MEMBERS },
  'POST /api/courses/:id/members': {
    allow: TEACHING,
    body: (ids) => ({ user_ids: [ids.spare], roles: ['student'] }),
  },
  'GET /api/courses/:id/enrollments/users/:userId': { allow: MEMBERS },
  'PUT /api/courses/:id/members/:userId': { allow: TEACHING, params: { userId: { disposable: 'member' } } },
  'DELETE /api/courses/:id/members/:userId': {
    allow: TEACHING,
    params: { userId: { disposable: 'member' } },
  },
  'GET /api/courses/:id/group-sets': { allow: MEMBERS },
  'POST /api/courses/:id/group-sets': { allow: TEACHING },
  'PUT /api/group-sets/:id': { allow: TEACHING },
  'DELETE /api/group-sets/:id': { allow: TEACHING, params: { id: { disposable: 'groupSet' } } },
  'POST /api/group-sets/:id/groups': { allow: TEACHING },
  'PUT /api/groups/:id': { allow: TEACHING, params: { id: { disposable: 'group' } } },
  'DELETE /api/groups/:id': { allow: TEACHING, params: { id: { disposable: 'group' } } },
  'GET /api/courses/:id/group-users': { allow: MEMBERS },

  // Activities
  'POST /api/courses/:courseId/activities': { allow: TEACHING },
  'GET /api/courses/:courseId/activities': { allow: MEMBERS },
  'GET /api/activities/have-dependents': { allow: SIGNED_IN },
  'GET /api/activities/:id': { allow: MEMBERS },
  'PUT /api/activities/:id': { allow: TEACHING, params: { id: { disposable: 'activity' } } },
  'DELETE /api/activities/:id': { allow: TEACHING, params: { id: { disposable: 'activity' } } },
  // While simulating the read is answered but not recorded (activities.service recordRead).
  'POST /api/course/activities-read/:activityId': { allow: MEMBERS },
  'GET /api/course/:courseId/learning-activity/:activityId': { allow: MEMBERS },
  'GET /api/course/:courseId/coursewares': { allow: MEMBERS },
  'GET /api/courses/:courseId/live-record': { allow: MEMBERS },
  'GET /api/completion-criteria': { allow: SIGNED_IN },

  // Uploads
  'POST /api/uploads': { allow: NOT_SIMULATING },
  'GET /api/uploads/:id': { allow: OWNER_OR_ORG_ADMIN },
  'GET /api/uploads/:id/blob': { allow: OWNER_OR_ORG_ADMIN },
  'GET /api/uploads/:id/preview': { allow: OWNER_OR_ORG_ADMIN },
  'GET /api/uploads/reference/:referenceId/blob': { allow: MEMBERS },
  'GET /api/activities/:id/upload_references': { allow: MEMBERS },
  'GET /api/uploads/:id/url': { allow: OWNER_OR_ORG_ADMIN },
  'GET /api/uploads/document/:id/url': { allow: OWNER_OR_ORG_ADMIN },
  'GET /api/uploads/reference/document/:referenceId/url': { allow: MEMBERS },
  'DELETE /api/uploads/:id': {
    allow: OWNER_OR_ADMIN,
    params: { id: { disposable: 'upload' } },
  },
  'PUT /api/uploads/:id/content': {
    allow: ['owner'],
    raw: { contentType: 'application/octet-stream', payload: 'bytes' },
  },

  // Discussions
  'GET /api/activities/:id/comments': { allow: MEMBERS },
  'POST /api/activities/:id/comments': { allow: PARTICIPANTS },
  'POST /api/activities/:id/comments/operate': {
    allow: PARTICIPANTS,
    body: (ids) => ({ target_ids: [ids.rivalComment], target_type: 'comment', operate_type: 'like' }),
  },
  'GET /api/activities/:id/comment/count': { allow: MEMBERS },
  'GET /api/activities/:id/comment/page-count': { allow: MEMBERS },
  'PUT /api/comments/:id': { allow: ['student', 'assistant', 'owner', 'orgAdmin'] },
  'DELETE /api/comments/:id': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
    params: { id: { disposable: 'comment' } },
  },
  'GET /api/comments/:id/replies': { allow: MEMBERS },
  'POST /api/comments/:id/replies': { allow: PARTICIPANTS },
  // Anyone may ask; replies of comments the caller cannot see are left out.
  'GET /api/comment-replies': {
    allow: MEMBERS,
    query: (ids) => ({ comment_ids: String(ids.comment) }),
    hidesFromRefused: (body) => Object.keys((body as { replies: object }).replies).length === 0,
  },
  'PUT /api/comment-replies/:id': { allow: ['student', 'assistant', 'owner', 'orgAdmin'] },
  'DELETE /api/comment-replies/:id': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
    params: { id: { disposable: 'reply' } },
  },
  'GET /api/activities/:id/topics': { allow: MEMBERS },
  'GET /api/topics/:id': { allow: MEMBERS },
  'GET /api/studio/:id/hot-topics': { allow: MEMBERS },

  // Exams: taking, marking, retakes, classroom exams
  'GET /api/courses/:cid/exam-list': { allow: MEMBERS },
  'GET /api/courses/:cid/exam-scores': { allow: MEMBERS },
  'GET /api/exam/:id/check-exam-qualification': { allow: MEMBERS },
  'GET /api/exams/:id/distribute': { allow: ['student'], params: { id: 'openExam' } },
  'POST /api/exams/:id/submissions': { allow: ['student'], params: { id: 'openExam' } },
  'GET /api/exams/:id/submissions': { allow: MEMBERS },
  'GET /api/exams/:id/submissions/:sid': { allow: ['student', 'assistant', 'owner', 'orgAdmin'] },
  'GET /api/exams/:id/subjects/:subjectId/examinees': { allow: TEACHING },
  'GET /api/exams/:id/subjects/:subjectId/groups': { allow: TEACHING },
  'GET /api/exams/:id/subjects/:subjectId/examinees/:examineeId/submissions': { allow: TEACHING },
  'GET /api/exams/:id/subjects/:subjectId/groups/:groupId/submissions': { allow: TEACHING },
  'PUT /api/exams/:id/submissions/:sid/comment': { allow: TEACHING },
  'POST /api/exams/:id/give-score': { allow: TEACHING },
  'POST /api/exams/:id/give-scores': { allow: TEACHING },
  'POST /api/exams/:id/submissions/:sid/marked-attachments': { allow: TEACHING },
  'DELETE /api/uploads/marked_attachment/:id': {
    allow: TEACHING,
    params: { id: { missing: true } },
    notFoundAllowed: 'a marked attachment is made through the marking flow, not in this fixture',
  },
  'POST /api/exams/:id/retake': { allow: TEACHING },
  'GET /api/exams/:id/retake-record': { allow: TEACHING },
  'GET /api/exams/:id/retake-records/:recordId/submission': { allow: TEACHING },
  'GET /api/classroom-exams/:id/state': { allow: MEMBERS },
  'POST /api/classroom-exams/:id/subjects/:subjectId/release': { allow: TEACHING },
  'POST /api/classroom-exams/:id/subjects/:subjectId/close': { allow: TEACHING },
  'POST /api/classroom/:id/submit/:subject_id': { allow: ['student'] },
  'GET /api/exams/:id/scores.csv': { allow: TEACHING },
  // Exams: answer statistics and item analysis (issue 13)
  'GET /api/exams/:id/subjects/:subjectId/statistics': { allow: TEACHING },
  'GET /api/exams/:id/item-analysis': { allow: TEACHING },
  'GET /api/courses/:id/typical-mistakes': { allow: TEACHING },

  // Exams: authoring
  'GET /api/exams/:id/subjects': { allow: TEACHING },
  'POST /api/exams/:id/subjects': { allow: TEACHING, body: { subjects: [QUESTION] } },
  'PUT /api/exams/:id/subjects/sort': { allow: TEACHING },
  'GET /api/exams/:id/points': { allow: TEACHING },
  'GET /api/classroom-exams/:id/subjects': { allow: TEACHING },
  'POST /api/classroom-exams/:id/subjects': { allow: TEACHING, body: { subjects: [QUESTION] } },
  'PUT /api/classroom-exams/:id/subjects/sort': { allow: TEACHING },
  'GET /api/classrooms/:id/points': { allow: TEACHING },
  'GET /api/exams/:id/subjective-questions': { allow: TEACHING },
  'GET /api/subjects/:id': { allow: TEACHING },
  'PUT /api/subjects/:id': { allow: TEACHING, body: QUESTION, params: { id: { disposable: 'subject' } } },
  'DELETE /api/subjects/:id': { allow: TEACHING, params: { id: { disposable: 'subject' } } },
  'GET /api/subject-libs': { allow: SIGNED_IN },
  'POST /api/subject-libs': { allow: TEACHING_ANYWHERE },
  'GET /api/course/:id/subject-libs': { allow: TEACHING },
  'POST /api/course/:id/subject-libs': { allow: TEACHING },
  'GET /api/subject-libs/:id': { allow: TEACHING },
  'PUT /api/subject-libs/:id': { allow: TEACHING },
  'DELETE /api/subject-libs/:id': { allow: TEACHING, params: { id: { disposable: 'subjectLib' } } },
  'POST /api/subject-libs/:id/subjects': { allow: TEACHING, body: { subjects: [QUESTION] } },
  'PUT /api/subject-libs/:id/subjects/sort': { allow: TEACHING },
  'POST /api/subject-libs/:id/copy': {
    allow: TEACHING,
    query: (ids) => ({ examId: String(ids.exam) }),
    body: (ids) => ({ subject_ids: [ids.libSubject] }),
  },
  'POST /api/subject-libs/:id/subjects/move': { allow: TEACHING },
  'POST /api/subject-libs/:id/subjects/copy': { allow: TEACHING },
  'GET /api/courses/:id/exams': { allow: MEMBERS },
  'GET /api/exams/:id': { allow: MEMBERS },
  'GET /api/classroom-exams/:id': { allow: MEMBERS },
  'GET /api/exams/:id/makeup-users': { allow: TEACHING },
  'PUT /api/exams/:id/makeup-users': { allow: TEACHING },
  'GET /api/course/:id/subjects': { allow: TEACHING },

  // Data import
  // Converts the caller's own upload: the owner's file, into the owner's exam.
  'POST /api/data-import/convert': {
    allow: ['owner'],
    body: (ids) => ({ upload_id: ids.upload, belong: 'exam', belong_id: ids.exam }),
  },
  // AI import: the same target rule as convert. No such upload, so the model is never asked in this run.
  'POST /api/data-import/ai-convert': {
    allow: TEACHING,
    body: (ids) => ({ upload_id: 2_000_000_000, belong: 'exam', belong_id: ids.exam }),
    notFoundAllowed: 'the teaching team passes the target check, then meets 404: the upload does not exist',
  },
  'POST /api/data-import/identify': {
    allow: TEACHING,
    body: (ids) => ({
      belong: 'exam',
      belong_id: ids.exam,
      content: '1. Pick one\nA. yes\nB. no\nAnswer: A',
    }),
  },
  'GET /api/exams/:id/subjects/export': { allow: TEACHING },
  'GET /api/classroom-exams/:id/subjects/export': { allow: TEACHING },
  'GET /api/subject-libs/:id/subjects/export': { allow: TEACHING },

  // Homework
  'GET /api/homework/:id': { allow: MEMBERS },
  'PATCH /api/homeworks/:id/description': { allow: TEACHING },
  'PATCH /api/homeworks/:id/rubric': { allow: TEACHING },
  'POST /api/homeworks/:id/grading': {
    allow: TEACHING,
    body: { submission_id: 2_000_000_000 },
    notFoundAllowed:
      'the model is never asked here: the teaching team meets 400 (no rubric) or 404 (no such submission)',
  },
  'GET /api/homeworks/:id/reference-answer': { allow: TEACHING },
  'PATCH /api/homeworks/:id/reference-answer': { allow: TEACHING },
  'PUT /api/homework/:id/announce-mark-status': { allow: TEACHING },
  'POST /api/course/activities/:id/submissions': { allow: ['student'] },
  'GET /api/courses/:courseId/homework-activities': { allow: MEMBERS },
  'GET /api/course/activities/:id/students/:studentId/submission': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
  },
  'GET /api/activities/:id/students/:studentId/submission_list': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
  },
  'GET /api/activities/:id/groups/:groupId/submission_list': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
  },
  'GET /api/activities/:id/groups/:groupId/submission': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
  },
  'GET /api/activities/:id/students/:studentId/homework-score': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
  },
  'GET /api/homework/:id/submitters': { allow: TEACHING },
  'PUT /api/course/activities/:id/submission/score': {
    allow: TEACHING,
    body: (ids) => ({ id: ids.homeworkSubmission, score: 80 }),
  },
  'POST /api/homework/:id/redo': { allow: TEACHING },
  'POST /api/homework/:id/remind': { allow: TEACHING },
  'POST /api/homework/:id/mark-unsubmitted': { allow: TEACHING },
  'POST /api/homework/:id/recommend': { allow: TEACHING },
  'POST /api/homework/:id/unrecommend': { allow: TEACHING },
  'POST /api/homework/:id/make-up': { allow: TEACHING },
  'POST /api/homework/:id/submit-on-behalf': { allow: TEACHING },
  'GET /api/homework/:id/recommended-submissions': { allow: MEMBERS },
  'GET /api/activity/:activityId/submitter/:submitterId/score-records': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
  },
  'GET /api/submissions/:id/marked_attachments': { allow: ['student', 'assistant', 'owner', 'orgAdmin'] },
  'GET /api/submissions/:id/marked_attachments/:attId': {
    allow: ['student', 'assistant', 'owner', 'orgAdmin'],
    params: { attId: { missing: true } },
    notFoundAllowed: 'a marked attachment is made through the marking flow, not in this fixture',
  },
  'PUT /api/uploads/references/:id': {
    allow: TEACHING,
    body: (ids) => ({ upload_id: ids.upload }),
    notFoundAllowed: 'a marked attachment is made through the marking flow, not in this fixture',
  },
  'PUT /api/course/activities/:id/submissions/correct-uploads': {
    allow: TEACHING,
    body: (ids) => ({ submission_id: ids.homeworkSubmission, uploads: [{ upload_id: ids.upload }] }),
  },
  'GET /api/homework/:id/inter-scores': { allow: MEMBERS },
  'GET /api/homework/:id/intra-scores': { allow: MEMBERS },
  'POST /api/homework/:id/inter-scores': {
    allow: ['student'],
    params: { id: 'groupHomework' },
    body: (ids) => ({ group_id: ids.rivalGroup, score: 5 }),
  },
  'POST /api/homework/:id/intra-scores': {
    allow: ['student'],
    params: { id: 'groupHomework' },
    body: (ids) => ({ user_id: ids.spare, score: 5 }),
  },
  'GET /api/activities/:id/group/:groupId/intra_submission': { allow: MEMBERS_WITH_WORK },
  'GET /api/homework/:id/duplicate-detect/rate': {
    allow: TEACHING,
    query: (ids) => ({ target_ids: String(ids.student) }),
  },
  'GET /api/homework/:id/duplicate-detect/pairs': { allow: TEACHING },
  'GET /api/homework/:id/duplicate-detect/pairs/:pairId': {
    allow: TEACHING,
    params: { pairId: { missing: true } },
    notFoundAllowed: 'pairs come from the background duplicate check, which this fixture does not run',
  },
  'GET /api/homework/:id/duplicate-detect/third-party': { allow: TEACHING },

  // Rubrics
  'GET /api/rubrics': { allow: SIGNED_IN },
  'POST /api/rubrics': { allow: TEACHING_ANYWHERE },
  'GET /api/rubrics/:id': { allow: OWNER_ONLY },
  'PUT /api/rubrics/:id': { allow: ['owner'] },
  'DELETE /api/rubrics/:id': { allow: ['owner'], params: { id: { disposable: 'rubric' } } },
  // Refused without a description (400) for whoever may generate; the model is never asked here.
  'POST /api/rubrics/generate': { allow: TEACHING_ANYWHERE, body: { content: '' } },

  // Notifications, to-dos, calendar, search
  'GET /api/notifications': { allow: SIGNED_IN },
  'GET /api/notifications/unread-count': { allow: SIGNED_IN },
  'PUT /api/notifications/read-all': { allow: SIGNED_IN },
  'PUT /api/notifications/:id/read': { allow: ['student'] },
  'GET /api/todos': { allow: SIGNED_IN },
  'GET /api/calendar/events': { allow: SIGNED_IN },
  'GET /api/search': { allow: SIGNED_IN },

  // Gradebook
  // Everyone in the course sees the gradebook: members other than the teaching team only their own row.
  'GET /api/courses/:id/grade-score-items': { allow: MEMBERS },
  'PUT /api/courses/:id/grade-score-items/:activityId': { allow: TEACHING },
  'GET /api/courses/:id/gradebook': { allow: MEMBERS },
  'GET /api/courses/:id/gradebook/export': { allow: TEACHING },

  // Announcements
  'GET /api/courses/:courseId/announcements': { allow: MEMBERS },
  'POST /api/courses/:courseId/announcements': { allow: TEACHING },
  'GET /api/org-announcements': { allow: SIGNED_IN },
  'POST /api/org-announcements': { allow: ADMIN },
  'GET /api/announcements/:id': { allow: MEMBERS },
  'PUT /api/announcements/:id': { allow: TEACHING, params: { id: { disposable: 'announcement' } } },
  'DELETE /api/announcements/:id': { allow: TEACHING, params: { id: { disposable: 'announcement' } } },
  'PUT /api/announcements/:id/read': { allow: MEMBERS },
  'GET /api/course-bulletins': { allow: MEMBERS },
  'GET /api/announcement': { allow: SIGNED_IN },

  // Recycle bin (decision 0015): the course's instructors and the administrator; assistants may delete
  // activities but not restore or destroy them, and the bin is not part of what a simulated student sees.
  'GET /api/courses/:id/recycle-bin': { allow: OWNER_OR_ADMIN },
  // Deleted courses the caller may manage; everyone may ask (the list is theirs).
  'GET /api/recycle-bin/courses': { allow: SIGNED_IN },
  // Each person's own bin of personal-library questions; everyone may ask (the list is theirs).
  'GET /api/recycle-bin/personal': { allow: SIGNED_IN },
  'POST /api/recycle-bin/:id/restore': { allow: OWNER_OR_ADMIN, params: { id: { disposable: 'binItem' } } },
  'DELETE /api/recycle-bin/:id': { allow: OWNER_OR_ADMIN, params: { id: { disposable: 'binItem' } } },

  // Push stream and roll calls. Only the course's students answer (the teaching team and the
  // administrator are not on the roll); each caller starts and stops a roll call of their own.
  'GET /api/push/stream': { allow: SIGNED_IN },
  'POST /api/course/:c/rollcall': { allow: TEACHING, params: { c: 'course' } },
  'POST /api/rollcall/:id/start-rollcall': { allow: TEACHING, params: { id: { disposable: 'rollcall' } } },
  'PUT /api/rollcall/:id/stop_qr_rollcall': { allow: TEACHING, params: { id: { disposable: 'rollcall' } } },
  'GET /api/course/:c/rollcall/:id/qr_code': { allow: TEACHING, params: { c: 'course', id: 'qrRollcall' } },
  'GET /api/radar/rollcalls': { allow: SIGNED_IN },
  'PUT /api/rollcall/:id/answer_number_rollcall': {
    allow: ['student'],
    params: { id: 'numberRollcall' },
    body: { deviceId: 'matrix-number', numberCode: '2468' },
  },
  'PUT /api/rollcall/:id/answer': {
    allow: ['student'],
    params: { id: 'radarRollcall' },
    body: { deviceId: 'matrix-radar', latitude: 31.2304, longitude: 121.4737, accuracy: 5 },
  },
  'PUT /api/rollcall/:id/answer_self_registration_rollcall': {
    allow: ['student'],
    params: { id: 'rollcall' },
    body: { deviceId: 'matrix-self' },
  },
  // The student's token is not a current one (400): what matters here is who is refused before that.
  'PUT /api/rollcall/:id/answer_qr_rollcall': {
    allow: ['student'],
    params: { id: 'qrRollcall' },
    body: { deviceId: 'matrix-qr', data: 'stale' },
  },
  'GET /api/rollcall/:id/student_rollcalls': { allow: MEMBERS, params: { id: 'rollcall' } },
  'PUT /api/rollcall/:id/student_rollcalls/:userId': {
    allow: TEACHING,
    params: { id: 'rollcall' },
    body: { status: 'late' },
  },
  'GET /api/rollcall/:id/lite': { allow: MEMBERS, params: { id: 'rollcall' } },
  'GET /api/courses/:id/modules/rollcalls': { allow: MEMBERS },
  'GET /api/courses/:id/rollcalls/export': { allow: TEACHING },

  // Votes: every member reads one (what each sees differs); only the course's students vote.
  'GET /api/votes/:id': { allow: MEMBERS, params: { id: 'vote' } },
  'POST /api/votes/:id/vote': { allow: ['student'], params: { id: 'vote' }, body: { votes: ['A'] } },

  // Questionnaires: members list and open one; only the course's students answer; results are the team's.
  'GET /api/courses/:id/questionnaire-list': { allow: MEMBERS },
  'GET /api/questionnaire/:id/distribute': { allow: MEMBERS, params: { id: 'questionnaire' } },
  'POST /api/questionnaire/:id/submissions': {
    allow: ['student'],
    params: { id: 'questionnaire' },
    body: { subjects: [] },
  },
  'GET /api/questionnaire/:id/results': { allow: TEACHING, params: { id: 'questionnaire' } },

  // Quizzes in an online video: members read them; the team places them and sees statistics; students answer.
  'GET /api/courseware-quiz/activity/:id/quizzes': { allow: MEMBERS, params: { id: 'onlineVideo' } },
  'POST /api/courseware-quiz/activity/:id/quizzes': {
    allow: TEACHING,
    params: { id: 'onlineVideo' },
    body: { title: 'Matrix', position: 3 },
  },
  'PUT /api/courseware-quiz/quiz/:id': {
    allow: TEACHING,
    params: { id: 'videoQuiz' },
    body: { title: 'Matrix', position: 4 },
  },
  'DELETE /api/courseware-quiz/quiz/:id': { allow: TEACHING, params: { id: { disposable: 'videoQuiz' } } },
  'GET /api/courseware-quiz/quiz/:id/subjects': { allow: MEMBERS, params: { id: 'videoQuiz' } },
  'GET /api/courseware-quiz/quiz/:id/my-submission': { allow: MEMBERS, params: { id: 'videoQuiz' } },
  'POST /api/courseware-quiz/quiz/:id/submissions': {
    allow: ['student'],
    params: { id: 'videoQuiz' },
    body: { subjects: [] },
  },
  'GET /api/courseware-quiz/quiz/:id/statistics': { allow: TEACHING, params: { id: 'videoQuiz' } },
  // Once a student has answered, the team's removals and reorders meet 409 (locked), which passes.
  'DELETE /api/questionnaire/:id/subjects/:subjectId': {
    allow: TEACHING,
    params: { id: 'questionnaire', subjectId: { disposable: 'questionnaireSubject' } },
  },
  'PUT /api/questionnaire/:id/subjects/sort': {
    allow: TEACHING,
    params: { id: 'questionnaire' },
    body: { subject_ids: [1] },
  },

  // Asking a question in class: the teaching team asks and draws; a student reads only their own status.
  'POST /api/courses/:id/ask-question': {
    allow: TEACHING,
    body: (ids) => ({ module_id: ids.module, type: 'select_student', select_num: 1 }),
  },
  // Once one allowed caller has ended it, the others' edits and draws meet 409 (locked), which passes.
  'PUT /api/ask-questions/:id': {
    allow: TEACHING,
    params: { id: 'askQuestion' },
    body: (ids) => ({ module_id: ids.module, type: 'select_student', select_num: 1 }),
  },
  'GET /api/ask-questions/:id': { allow: TEACHING, params: { id: 'askQuestion' } },
  'POST /api/ask-questions/:id/picks': { allow: TEACHING, params: { id: 'askQuestion' }, body: {} },
  'PUT /api/ask-questions/:id/end': { allow: TEACHING, params: { id: 'askQuestion' } },
  'GET /api/courses/:id/ask-questions': { allow: TEACHING },
  'GET /api/courses/:id/ask-questions/my-picks': { allow: ['student', 'simulating'] },

  // AI credits (decision 0017): instructors of any course see and request their own; administrators decide.
  'GET /api/ai/status': { allow: SIGNED_IN },
  'GET /api/ai/credits/me': { allow: [...TEACHING_ANYWHERE, 'simulating'] },
  'GET /api/ai/org-credit': { allow: ADMIN },
  'PUT /api/ai/users/:userId/credit': { allow: ADMIN, params: { userId: 'student' }, body: { assigned: 10 } },
  'PUT /api/ai/org-credit': { allow: ADMIN, body: { creditAssigned: 1000 } },
  'GET /api/ai/user-credits': { allow: ADMIN },
  'GET /api/ai/course-credits': { allow: ADMIN },
  'GET /api/ai/courses/:courseId/credit': { allow: TEACHING },
  'PUT /api/ai/courses/:courseId/credit': { allow: ADMIN, body: { assigned: 10, aiActivation: true } },
  'GET /api/ai/config': { allow: ADMIN },
  'PUT /api/ai/config': { allow: ADMIN, body: { max_text_length: 5000 } },
  // AI slide-deck usage (spec 000 section 7): an instructor's own count; simulation writes nothing.
  'POST /api/ai-ppt/usage': { allow: TEACHING_ANYWHERE },
  'GET /api/ai-ppt/user/usage/count': { allow: [...TEACHING_ANYWHERE, 'simulating'] },
  'GET /api/ai/usage/features': { allow: ADMIN },
  'GET /api/ai/usage/users': { allow: ADMIN },
  'POST /api/ai/credit-requests': { allow: TEACHING_ANYWHERE, body: { applied_credits: 10, reason: 'more' } },
  'GET /api/ai/credit-requests/mine': { allow: [...TEACHING_ANYWHERE, 'simulating'] },
  'GET /api/ai/credit-requests': { allow: ADMIN },
  'PUT /api/ai/credit-requests/:id/approve': {
    allow: ADMIN,
    params: { id: { missing: true } },
    notFoundAllowed: 'the fixture holds no credit request; approval itself is tested in ai.routes.test.ts',
    body: { approved_credits: 1 },
  },
  'PUT /api/ai/credit-requests/:id/refuse': {
    allow: ADMIN,
    params: { id: { missing: true } },
    notFoundAllowed: 'the fixture holds no credit request; refusal itself is tested in ai.routes.test.ts',
    body: {},
  },
  // AI captions, topics and chapters of an activity's videos (issue 15): the team starts, members read.
  'POST /api/activities/:id/video-ai': {
    allow: TEACHING,
    params: { id: 'onlineVideo' },
    body: { reference_id: 2_000_000_000 },
    notFoundAllowed:
      'the team passes the permission check, then meets 404: the video attachment does not exist',
  },
  'GET /api/activities/:id/video-ai': { allow: MEMBERS, params: { id: 'onlineVideo' } },
  'GET /api/video-ai/:id/captions.vtt': {
    allow: MEMBERS,
    params: { id: { missing: true } },
    notFoundAllowed:
      'the fixture generates no captions; who may read them is tested in video-ai.routes.test.ts',
  },
  // In-video quiz publishing (issue 13): the team only. `true` keeps the shared fixture quiz visible to students.
  'PUT /api/courseware-quiz/quiz/:id/publish': {
    allow: TEACHING,
    params: { id: 'videoQuiz' },
    body: { published: true },
  },
  // Meetings (issue 16, third-party vendors): members see and join; participants and watch statistics are the
  // team's; vendor checks answer every signed-in user; batch Tencent creation needs the course's team.
  'GET /api/activities/:id/meeting': { allow: MEMBERS, params: { id: 'dingtalkLive' } },
  'POST /api/activities/:id/meeting/join': { allow: PARTICIPANTS, params: { id: 'dingtalkLive' }, body: {} },
  'GET /api/activities/:id/meeting/participant': { allow: TEACHING, params: { id: 'classinEnded' } },
  'GET /api/dingtalk-lives/:id/watch-stats': { allow: TEACHING, params: { id: 'dingtalkLive' } },
  'GET /api/activies/classin/join-url': {
    allow: PARTICIPANTS,
    query: (ids) => ({ course_id: String(ids.course), activity_id: String(ids.classinEnded) }),
  },
  'GET /api/activities/classin/webcast-url': {
    allow: MEMBERS,
    query: (ids) => ({ activity_id: String(ids.classinEnded) }),
  },
  'GET /api/lark/authorization/check': { allow: SIGNED_IN },
  // Lark's redirect back: every signed-in caller is sent on (302); a state not theirs ends at `/`.
  'GET /api/lark/authorization/callback': { allow: SIGNED_IN },
  'GET /api/tencent_meeting/check-user-auth': { allow: SIGNED_IN },
  // The caller's own Tencent Meeting binding: 409 here (no vendor configured); simulation writes nothing.
  'GET /api/tencent_meeting/user-binding': { allow: SIGNED_IN },
  'PUT /api/tencent_meeting/user-binding': { allow: NOT_SIMULATING, body: { userid: 'someone' } },
  'DELETE /api/tencent_meeting/user-binding': { allow: NOT_SIMULATING },
  'POST /api/courses/tencent-meeting/activities': {
    allow: TEACHING,
    body: (ids) => ({
      courses: [ids.course],
      title: 'Q&A',
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 7_200_000).toISOString(),
    }),
  },
  // Making an activity's meeting on its vendor: the course's team (409 on the fixture's linked meeting).
  'POST /api/activities/:id/meeting/vendor': { allow: TEACHING, params: { id: 'dingtalkLive' }, body: {} },
  // An organisation's meeting vendor credentials: its administrators only (an empty body saves nothing).
  'GET /api/orgs/:id/meeting-vendor-settings': { allow: ADMIN },
  'PUT /api/orgs/:id/meeting-vendor-settings': { allow: ADMIN, body: {} },
  'POST /api/calendar-meeting': {
    allow: TEACHING,
    body: (ids) => ({
      course_id: ids.course,
      module_id: ids.module,
      title: 'Calendar meeting',
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 7_200_000).toISOString(),
    }),
  },
  'GET /api/activities/:id/meeting/invite.ics': { allow: MEMBERS, params: { id: 'dingtalkLive' } },
  'GET /api/meeting/week/time-periods': {
    allow: SIGNED_IN,
    query: () => ({ meeting_type: 'wecom_meeting' }),
  },

  // Course services (spec 001 section 7): teaching calendar, reviews ("estimates"), joining; the iCal feed.
  'GET /api/org/:id/teaching-weeks': { allow: SIGNED_IN, params: { id: 'org' } },
  'GET /api/courses/:id/timetables': { allow: MEMBERS },
  'GET /api/course/:id/teaching-calendars': { allow: MEMBERS },
  'GET /api/teaching-calendars': { allow: SIGNED_IN },
  // The fixture's course has no dated semester: the team meets 409 (no weeks), which passes.
  'POST /api/course/:id/teaching-calendar': {
    allow: TEACHING,
    body: { teachingWeekId: 1, type: 'theory', content: 'x', hours: 1, teachingDate: '2027-03-01' },
  },
  'PUT /api/teaching-calendar/:id': {
    allow: TEACHING,
    params: { id: { missing: true } },
    notFoundAllowed:
      'the fixture holds no teaching calendar entry; editing is tested in teaching-calendar.routes.test.ts',
    body: { teachingWeekId: 1, type: 'theory', content: 'x', hours: 1, teachingDate: '2027-03-01' },
  },
  'DELETE /api/teaching-calendar/:id': {
    allow: TEACHING,
    params: { id: { missing: true } },
    notFoundAllowed:
      'the fixture holds no teaching calendar entry; removal is tested in teaching-calendar.routes.test.ts',
  },
  'GET /api/course-estimates/:id': { allow: MEMBERS, params: { id: 'course' } },
  'GET /api/course-estimates-replies/:id': { allow: MEMBERS, params: { id: 'course' } },
  'POST /api/course-estimate': {
    allow: ['student'],
    body: (ids) => ({ course_id: ids.course, score: 5, content: 'Good course' }),
  },
  'PUT /api/course-estimates/:id': {
    allow: ['student'],
    params: { id: { missing: true } },
    notFoundAllowed: 'the fixture holds no review; editing is tested in course-estimates.routes.test.ts',
    body: { score: 4, content: 'x' },
  },
  'PUT /api/course-estimate/:id/delete': {
    allow: PARTICIPANTS,
    params: { id: { missing: true } },
    notFoundAllowed: 'the fixture holds no review; moderation is tested in course-estimates.routes.test.ts',
  },
  'GET /api/course-estimate-replies/:id': {
    allow: MEMBERS,
    params: { id: { missing: true } },
    notFoundAllowed: 'the fixture holds no review; replies are tested in course-estimates.routes.test.ts',
  },
  'POST /api/course-estimate-reply': {
    allow: PARTICIPANTS,
    notFoundAllowed: 'the fixture holds no review; replies are tested in course-estimates.routes.test.ts',
    body: { estimate_id: 2_000_000_000, content: 'x' },
  },
  'PUT /api/course-estimate-reply/:id/delete': {
    allow: PARTICIPANTS,
    params: { id: { missing: true } },
    notFoundAllowed: 'the fixture holds no reply; removal is tested in course-estimates.routes.test.ts',
  },
  // Anyone of the organisation may ask and try: the fixture's course takes no one (409), which passes.
  'GET /api/course/:id/registration-state': { allow: SIGNED_IN },
  'GET /api/course/:id/join': { allow: SIGNED_IN },
  'PUT /api/course/:id/registration-settings': { allow: TEACHING, body: { enabled: false } },
  'GET /api/calendar/feed': { allow: SIGNED_IN },
  'POST /api/calendar/feed': { allow: NOT_SIMULATING },
  'DELETE /api/calendar/feed': { allow: NOT_SIMULATING },
  'GET /api/courses/:id/download-print-permissions': {
    allow: MEMBERS,
    query: () => ({ type: 'download' }),
  },
  'PUT /api/courses/:id/download-print-permissions': {
    allow: TEACHING,
    body: { type: 'print', allow_students: true },
  },
  // The secret token is the credential: a made-up one is 404 for everyone.
  'GET /api/calendar/feed/:token': {
    allow: EVERYONE,
    params: { token: { missing: true } },
    notFoundAllowed:
      'a feed token is a secret the fixture does not hold; feeds are tested in calendar-feed.routes.test.ts',
  },
  // Activity resources (activity-resources slice): rows address the fixture's material. A missing upload is
  // 400 for the teaching team on PUT (only one's own finished upload is added) and 404 on DELETE and the
  // blob; the uploader, download and statistics rules are tested in activity-resources.routes.test.ts.
  'GET /api/activities/:id/resources': { allow: MEMBERS },
  'PUT /api/activities/:id/resources/:resourceId': {
    allow: TEACHING,
    params: { resourceId: { missing: true } },
  },
  'DELETE /api/activities/:id/resources/:resourceId': {
    allow: TEACHING,
    params: { resourceId: { missing: true } },
    notFoundAllowed: 'a resource is deleted once; tested in activity-resources.routes.test.ts',
  },
  'GET /api/activities/:id/resources/:resourceId/blob': {
    allow: MEMBERS,
    params: { resourceId: { missing: true } },
    notFoundAllowed: 'the fixture holds no activity resource; tested in activity-resources.routes.test.ts',
  },
  // H5 courseware and SCORM (h5-courseware slice). The fixture holds no H5 courseware, so the rows address its
  // material: refused callers must meet 401/403/404 from the activity's access check; allowed ones meet the
  // type check's 404. Packages, serving and state are tested in h5-courseware.routes.test.ts.
  'GET /api/h5-courseware/:activityId/packages': {
    allow: MEMBERS,
    notFoundAllowed: 'the fixture holds no H5 courseware; tested in h5-courseware.routes.test.ts',
  },
  'POST /api/h5-courseware/:activityId/packages': {
    allow: TEACHING,
    body: (ids) => ({ upload_id: ids.upload }),
    notFoundAllowed: 'the fixture holds no H5 courseware; tested in h5-courseware.routes.test.ts',
  },
  'GET /api/h5-courseware/:activityId/upload/:uploadId/url': {
    allow: MEMBERS,
    params: { uploadId: 'upload' },
    notFoundAllowed: 'the fixture holds no H5 courseware; tested in h5-courseware.routes.test.ts',
  },
  'GET /api/h5-courseware/:activityId/upload/:uploadId/cmi': {
    allow: MEMBERS,
    params: { uploadId: 'upload' },
    notFoundAllowed: 'the fixture holds no H5 courseware; tested in h5-courseware.routes.test.ts',
  },
  'POST /api/h5-courseware/:activityId/upload/:uploadId/cmi': {
    allow: ['student'],
    params: { uploadId: 'upload' },
    body: { base64State: 'e30=' },
    notFoundAllowed: 'the fixture holds no H5 courseware; tested in h5-courseware.routes.test.ts',
  },
  // The signed token in the path is the credential (decision 0018): a made-up one is 404 for everyone.
  'GET /api/h5-courseware/content/:token/*': {
    allow: EVERYONE,
    params: { token: { missing: true } },
    notFoundAllowed:
      'a content token is signed per learner; serving is tested in h5-courseware.routes.test.ts',
  },

  // Course combining (spec 001 "Combine courses"). The fixture course is ordinary: the team passes the
  // policy and meets 409 (not combined) or 400 (too few courses, unknown section), which passes.
  // Only instructors combine (an assistant is no course's instructor): the same rule as creating a course.
  'POST /api/combine-courses': {
    allow: ['otherInstructor', 'owner', 'orgAdmin'],
    body: (ids) => ({ title: 'Matrix', subCourseIds: [ids.course] }),
  },
  'GET /api/combine-courses': { allow: SIGNED_IN },
  'POST /api/combine-courses/:id/combine-contents': {
    allow: TEACHING,
    params: { id: 'course' },
    body: (ids) => ({ course_id: ids.course, module_ids: [ids.module] }),
  },
  'GET /api/combine-courses/:id/courses-to-merged': { allow: TEACHING, params: { id: 'course' } },
  'GET /api/combine-courses/:id/sub-courses': { allow: TEACHING, params: { id: 'course' } },
  'GET /api/courses/:id/sub-courses': { allow: MEMBERS, params: { id: 'course' } },
  'PUT /api/courses/inspect-child/:id': { allow: TEACHING, params: { id: 'course' } },
  'POST /api/courses/:id/assign-activity-to-module': {
    allow: TEACHING,
    params: { id: 'course' },
    body: (ids) => ({ activity_ids: [ids.material], module_id: 999_999 }),
  },
  'PUT /api/courses/:id/inspect': { allow: TEACHING, params: { id: 'course' } },
  'PUT /api/activities/:id/sub-courses': {
    allow: TEACHING,
    params: { id: 'material' },
    body: { sub_course_ids: [] },
  },
  // Lecture live (issue 16). The fixture's live is unopened with one processed replay; the stream key
  // routes are the teaching team's alone, never a simulating view's.
  'GET /api/lecture-lives/:id': { allow: MEMBERS, params: { id: 'lectureLive' } },
  'POST /api/live-activities/:id/book-live': { allow: ['student'], params: { id: 'lectureLive' } },
  'DELETE /api/live-activities/:id/book-live': { allow: ['student'], params: { id: 'lectureLive' } },
  'POST /api/courses/lecture-live-activity/:id/reprocess': {
    allow: TEACHING,
    params: { id: 'lectureLive' },
    body: (ids) => ({ replay_id: ids.lectureLiveReplay }),
  },
  'POST /api/lecture-live/schedule/:id/player-visits': {
    allow: MEMBERS,
    params: { id: 'lectureLive' },
    body: { clientType: 'web' },
  },
  'GET /api/lecture-lives/:id/viewing-stats': { allow: TEACHING, params: { id: 'lectureLive' } },
  'PUT /api/lecture-lives/:id/controller-config': {
    allow: TEACHING,
    params: { id: 'lectureLive' },
    body: { autoplay: false },
  },
  'GET /api/lecture-lives/:id/ingest': { allow: TEACHING, params: { id: 'lectureLive' } },
  'POST /api/lecture-lives/:id/ingest/regenerate-key': { allow: TEACHING, params: { id: 'lectureLive' } },
  'GET /api/lecture-lives/:id/hls/live/:file': {
    allow: MEMBERS,
    params: { id: 'lectureLive', file: 'lectureLive' },
    notFoundAllowed:
      'the fixture streams nothing, so no live file exists; serving is tested in lecture-live.routes.test.ts',
  },
  'GET /api/lecture-lives/:id/hls/replays/:replayId/:file': {
    allow: MEMBERS,
    params: { id: 'lectureLive', replayId: 'lectureLiveReplay', file: 'lectureLive' },
    notFoundAllowed:
      'the fixture replay has no files on disk; serving is tested in lecture-live.routes.test.ts',
  },
  'GET /api/courses/:id/live-activities': { allow: MEMBERS },
  'GET /api/courses/:id/extension-lives': { allow: MEMBERS, query: () => ({ source: 'lecture_live' }) },
  // Public listings (issue 18): the same public reads under /api and /anonymous-api for everyone; what a
  // caller may read is decided by the course's public_scope (the fixture course is private, so its public
  // reads answer 404 like a missing course; public-listings.routes.test.ts proves the readable cases).
  ...Object.fromEntries(
    ['/api', '/anonymous-api'].flatMap((prefix) => [
      [`GET ${prefix}/course-classifications`, { allow: EVERYONE }],
      [`GET ${prefix}/curriculum-classifications`, { allow: EVERYONE }],
      [`GET ${prefix}/courses/public`, { allow: EVERYONE }],
      [`GET ${prefix}/courses/public/stats`, { allow: EVERYONE }],
      [`GET ${prefix}/curriculums`, { allow: EVERYONE }],
      [`GET ${prefix}/curriculums/stats`, { allow: EVERYONE }],
      [
        `GET ${prefix}/curriculum/:id`,
        {
          allow: EVERYONE,
          params: { id: { missing: true } },
          notFoundAllowed: 'no curriculum in the fixture; see public-listings.routes.test.ts',
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    ['', '/outline', '/catalog-activities'].map((suffix) => [
      `GET /anonymous-api/courses/:id${suffix}`,
      {
        allow: EVERYONE,
        params: { id: 'course' },
        notFoundAllowed: 'the fixture course is private, read as missing; see public-listings.routes.test.ts',
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      '/course-estimates/:id',
      '/course-estimates-replies/:id',
      '/course/:id/registration-state',
      '/studio/:id/hot-topics',
      '/courses/:id/statistics/summary',
      '/courses/:id/live-activities',
    ].map((path) => [
      `GET /anonymous-api${path}`,
      {
        allow: EVERYONE,
        params: { id: 'course' },
        notFoundAllowed: 'the fixture course is private, read as missing; see public-listings.routes.test.ts',
      },
    ]),
  ),
  // A course's promotion video and its typical mistakes for visitors (issue 18): the fixture course is private
  // and has no video, so these prove refusals only; the readable cases are in course-video.routes.test.ts and
  // public-typical-mistakes.routes.test.ts.
  ...Object.fromEntries(
    ['/courses/:id/video', '/courses/:id/video/blob', '/courses/:id/typical-mistakes'].map((path) => [
      `GET /anonymous-api${path}`,
      {
        allow: EVERYONE,
        params: { id: 'course' },
        ...(path.includes('/video') ? { query: () => ({ type: 'promotion_video' }) } : {}),
        notFoundAllowed: 'the fixture course is private, read as missing; see course-video.routes.test.ts',
      },
    ]),
  ),
  'GET /api/courses/:id/video': { allow: MEMBERS, query: () => ({ type: 'promotion_video' }) },
  'GET /api/courses/:id/video/blob': {
    allow: MEMBERS,
    query: () => ({ type: 'promotion_video' }),
    notFoundAllowed: 'the fixture course has no promotion video; see course-video.routes.test.ts',
  },
  'PUT /api/courses/:id/video': { allow: TEACHING, body: { type: 'promotion_video', upload_id: null } },
  'GET /api/stat/courses/:id/overview': { allow: TEACHING, params: { id: 'course' } },
  // Signed in, a course's outline and catalogue are read by its members (and by anyone when it is listed).
  'GET /api/courses/:id/outline': { allow: MEMBERS },
  'GET /api/courses/:id/catalog-activities': { allow: MEMBERS },
  'GET /api/courses/:id/public-settings': { allow: TEACHING },
  'PUT /api/courses/:id/public-settings': {
    allow: TEACHING,
    body: {
      public_scope: 'private',
      classification_id: null,
      sign_up_charge_amount: null,
      certification_title: null,
      credit_state: null,
    },
  },
  ...Object.fromEntries(
    ['course', 'curriculum'].flatMap((kind) => [
      [`POST /api/${kind}-classifications`, { allow: ADMIN, body: { name: 'Matrix classification' } }],
      [
        `PUT /api/${kind}-classifications/:id`,
        {
          allow: ADMIN,
          params: { id: { missing: true } },
          notFoundAllowed: 'no classification in the fixture; see public-listings.routes.test.ts',
          body: { name: 'Renamed' },
        },
      ],
      [
        `DELETE /api/${kind}-classifications/:id`,
        {
          allow: ADMIN,
          params: { id: { missing: true } },
          notFoundAllowed: 'no classification in the fixture; see public-listings.routes.test.ts',
        },
      ],
    ]),
  ),
  'GET /api/curriculums/all': { allow: ADMIN },
  'POST /api/curriculums': { allow: ADMIN, body: { name: 'Matrix curriculum' } },
  'PUT /api/curriculum/:id': {
    allow: ADMIN,
    params: { id: { missing: true } },
    notFoundAllowed: 'no curriculum in the fixture; see public-listings.routes.test.ts',
    body: { name: 'Renamed' },
  },
  'DELETE /api/curriculum/:id': {
    allow: ADMIN,
    params: { id: { missing: true } },
    notFoundAllowed: 'no curriculum in the fixture; see public-listings.routes.test.ts',
  },
  // Resource audit (course-services, issue 18): administrators review the files courses use; the teaching
  // team reads its course's verdicts; an instructor shares their own file to a course they teach.
  'GET /api/courses/statistic/resource-audit': { allow: ADMIN },
  'GET /api/courses/:id/resource-audit': { allow: TEACHING },
  'PUT /api/courses/:id/resource-audit/:uploadId': {
    allow: ADMIN,
    params: { id: 'course', uploadId: { missing: true } },
    notFoundAllowed:
      "a made-up file is not the course's; reviews are tested in resource-audit.routes.test.ts",
    body: { audit_status: 'agree' },
  },
  'POST /api/uploads/share-to-courses': {
    allow: ['owner'],
    body: (ids) => ({ upload_ids: [ids.upload], course_ids: [ids.course] }),
  },
  // A course's shared files, for its members (the rest: shared-files.routes.test.ts).
  'GET /api/courses/:id/shared-files': { allow: MEMBERS },
  // Taking a file out of a course: the teaching team or whoever shared it (the sharer, and the refusals of
  // a real share, are in shared-files-unshare.routes.test.ts); administrators oversee files, they do not share.
  'DELETE /api/courses/:id/shared-files/:uploadId': {
    allow: ['assistant', 'owner'],
    params: { id: 'course', uploadId: { missing: true } },
    notFoundAllowed: 'no file is shared in the fixture; see shared-files-unshare.routes.test.ts',
  },
  // Students' statistics over courses, extension apps, ending a preview (issue 18): the readable and
  // refused cases beyond the fixture are in student-stats, extension-apps and course-preview route tests.
  'GET /api/courses/tpdoe/stat-students': {
    allow: TEACHING,
    query: (ids) => ({ course_ids: String(ids.course), start_date: '2026-01-01', end_date: '2026-01-31' }),
  },
  'DELETE /api/courses/:id/preview': { allow: ['simulating', 'assistant', 'owner'], freshSession: true },
  'GET /api/courses/:id/extension-apps': { allow: MEMBERS },
  'GET /anonymous-api/courses/:id/extension-apps': {
    allow: EVERYONE,
    params: { id: 'course' },
    notFoundAllowed: 'the fixture course is private, read as missing; see extension-apps.routes.test.ts',
  },
  'POST /api/courses/:id/extension-apps': {
    allow: TEACHING,
    body: { name: 'Lab', url: 'https://lab.example.edu' },
  },
  'PUT /api/courses/:id/extension-apps/:appId': {
    allow: TEACHING,
    params: { id: 'course', appId: { missing: true } },
    notFoundAllowed: 'no extension app in the fixture; see extension-apps.routes.test.ts',
    body: { name: 'Lab', url: 'https://lab.example.edu' },
  },
  'DELETE /api/courses/:id/extension-apps/:appId': {
    allow: TEACHING,
    params: { id: 'course', appId: { missing: true } },
    notFoundAllowed: 'no extension app in the fixture; see extension-apps.routes.test.ts',
  },
  'GET /api/external-resource/:rid/preview-url': {
    allow: MEMBERS,
    params: { rid: { missing: true } },
    notFoundAllowed: 'no extension app in the fixture; see extension-apps.routes.test.ts',
  },
  // Knowledge-graph statistics and import (knowledge-graph slice, K3). A student reads their own figures only
  // once the graph is published, which the fixture's is not: tested in knowledge-mastery.routes.test.ts.
  'GET /api/course/:id/knowledge-nodes/statistics/summary': { allow: TEACHING },
  'GET /api/course/:id/knowledge-nodes/statistics/students-dimension': { allow: TEACHING },
  'GET /api/course/:id/knowledge-nodes/statistics/refer-type': { allow: TEACHING },
  'GET /api/courses/:id/students/:sid/knowledge-nodes/overall-stats': {
    allow: TEACHING,
    params: { sid: 'student' },
  },
  'GET /api/course/:id/knowledge-nodes/student/:sid/stats': { allow: TEACHING, params: { sid: 'student' } },
  ...Object.fromEntries(
    [
      'GET /api/knowledge-nodes/:id/statistics/overview',
      'GET /api/knowledge-nodes/:id/statistics/student-detail',
      'GET /api/knowledge-nodes/:id/statistics/resource-detail',
      'GET /api/knowledge-nodes/:id/statistics/activity-detail',
      'GET /api/knowledge-nodes/:id/student/:sid/stat',
      'GET /api/knowledge-nodes/:id/student/:sid/resource/stat',
      'GET /api/knowledge-nodes/:id/student/:sid/activity/stat',
    ].map((route): [string, MatrixEntry] => [
      route,
      { allow: TEACHING, params: { id: 'knowledgeNode', sid: 'student' } },
    ]),
  ),
  'POST /api/courses/:id/knowledge-nodes/import': {
    allow: TEACHING,
    body: { data: [{ name: 'Matrix node' }] },
  },
  // Without a multipart file an allowed caller meets 415; the parse itself is tested in knowledge-import.routes.test.ts.
  'POST /api/knowledge-nodes/parse/docx': { allow: NOT_SIMULATING },
  'GET /api/course/:id/knowledge-nodes/ai-parse': {
    allow: TEACHING,
    query: () => ({ upload_id: '2000000000' }),
    notFoundAllowed: 'the teaching team passes the course check, then meets 404: the upload does not exist',
  },
  'POST /api/course/:id/knowledge-nodes/ai-parse': {
    allow: TEACHING,
    body: { upload_id: 2_000_000_000 },
    notFoundAllowed: 'the teaching team passes the course check, then meets 404: the upload does not exist',
  },
  // Knowledge graph (knowledge-graph slice, K1). The fixture's graph is unpublished, so reads are the teaching
  // team's; students reading a published graph, captures and the simulating view are tested in
  // knowledge-graph.routes.test.ts. Rows that delete address spare fixtures: a later caller meets 404.
  'GET /api/course/:id/knowledge-nodes': { allow: TEACHING },
  'GET /anonymous-api/course/:id/knowledge-nodes': {
    allow: EVERYONE,
    params: { id: 'course' },
    notFoundAllowed:
      'the fixture course is private and its graph unpublished; see knowledge-graph.routes.test.ts',
  },
  'POST /api/course/:id/knowledge-node': { allow: TEACHING, body: { name: 'Matrix node' } },
  'GET /api/knowledge-node/:id': { allow: TEACHING, params: { id: 'knowledgeNode' } },
  'PUT /api/knowledge-node/:id': { allow: TEACHING, params: { id: 'knowledgeNode' }, body: { name: 'Node' } },
  'DELETE /api/knowledge-node/:id': { allow: TEACHING, params: { id: { disposable: 'knowledgeNode' } } },
  'POST /api/course/:id/knowledge-node/delete': {
    allow: TEACHING,
    body: (ids) => ({ knowledge_node_ids: [ids.spareKnowledgeNode] }),
  },
  'POST /api/course/:id/knowledge-node/move': {
    allow: TEACHING,
    body: (ids) => ({ knowledge_node_id: ids.otherKnowledgeNode, parent_id: null }),
  },
  'GET /api/course/:id/knowledge-node/:nid/facets': { allow: TEACHING, params: { nid: 'knowledgeNode' } },
  'GET /api/course/:id/knowledge-node/:nid/fragments': { allow: TEACHING, params: { nid: 'knowledgeNode' } },
  'POST /api/course/:id/knowledge-node/relation': {
    allow: TEACHING,
    body: (ids) => ({ source: ids.knowledgeNode, target: ids.otherKnowledgeNode }),
  },
  'PUT /api/course/:id/knowledge-node/relation': {
    allow: TEACHING,
    body: (ids) => ({ id: ids.knowledgeRelation, type: 'directed' }),
  },
  'POST /api/course/:id/knowledge-node/relation/delete': {
    allow: TEACHING,
    body: (ids) => ({ relation_ids: [ids.spareKnowledgeRelation] }),
    notFoundAllowed: 'a relation is deleted once; tested in knowledge-graph.routes.test.ts',
  },
  'POST /api/knowledge-node/:id/reference': {
    allow: TEACHING,
    params: { id: 'knowledgeNode' },
    body: (ids) => ({ references: [{ refer_type: 'activity', refer_id: ids.material }] }),
  },
  'POST /api/knowledge-node/:id/reference/delete': {
    allow: TEACHING,
    params: { id: 'knowledgeNode' },
    body: (ids) => ({ references: [{ refer_type: 'activity', refer_id: ids.forum }] }),
  },
  'GET /api/course/:id/teaching-objective': { allow: TEACHING },
  'POST /api/course/:id/teaching-objective': { allow: TEACHING, body: { content: 'Matrix goal' } },
  'PUT /api/course/:id/teaching-objective': {
    allow: TEACHING,
    body: (ids) => ({ id: ids.teachingObjective, content: 'Goal' }),
  },
  'POST /api/course/:id/teaching-objective/delete': {
    allow: TEACHING,
    body: (ids) => ({ teaching_objective_ids: [ids.spareTeachingObjective] }),
    notFoundAllowed: 'an objective is deleted once; tested in knowledge-graph.routes.test.ts',
  },
  // Unpublishing keeps the fixture's graph as the other rows expect it; publishing is tested in the slice.
  'GET /api/course/:id/knowledge-graph-status': { allow: MEMBERS },
  'POST /api/course/:id/knowledge-graph-status': { allow: TEACHING, body: { publish_type: 'unpublish' } },
  'GET /api/course/:id/knowledge-stats-timeline': { allow: TEACHING },
  'GET /api/course/:id/knowledge-graph-snapshot/:snapshotId': {
    allow: TEACHING,
    params: { snapshotId: 'knowledgeSnapshot' },
  },
  'GET /api/course/:id/courseware-activities': { allow: TEACHING },
  'POST /api/activities/:id/knowledge-references/related-media': {
    allow: TEACHING,
    body: (ids) => ({ knowledge_node_ids: [ids.knowledgeNode] }),
  },
  'PUT /api/activities/:id/knowledge-references/fragments-delete': {
    allow: TEACHING,
    body: { knowledge_reference_id: 1, chapter_id: 'none' },
    notFoundAllowed: 'the fixture holds no fragment; tested in knowledge-graph.routes.test.ts',
  },
  'GET /api/activities/:id/knowledge-references/get': { allow: TEACHING },
  'GET /api/my-captures': { allow: SIGNED_IN },
  'GET /api/public-captures': { allow: SIGNED_IN },
  'POST /api/knowledge-node/:id/capture': {
    allow: TEACHING,
    params: { id: 'knowledgeNode' },
    body: (ids) => ({ refer_type: 'activity', refer_id: ids.material }),
  },
  'GET /api/knowledge-node/:id/recommended-captures': { allow: TEACHING, params: { id: 'knowledgeNode' } },
  'GET /api/knowledge-node/:id/recommended-resource-references': {
    allow: TEACHING,
    params: { id: 'knowledgeNode' },
  },
  'POST /api/knowledge-resource-visit': {
    allow: TEACHING,
    body: (ids) => ({
      course_id: ids.course,
      knowledge_node_id: ids.knowledgeNode,
      resource_id: ids.material,
      resource_type: 'activity',
    }),
  },
  'POST /api/knowledge-capture-visit': {
    allow: TEACHING,
    body: (ids) => ({ capture_id: ids.knowledgeCapture }),
  },
  // Graph management and the external knowledge source (knowledge-graph slice, KA). The fixture's graph has no
  // source and no remote source is configured, so the teaching team meets 409 on what needs one; syncing,
  // diffs and the remote source are tested in knowledge-sync.routes.test.ts and
  // knowledge-source.adapter.routes.test.ts.
  'PUT /api/course/:id/knowledge-graph/source': { allow: TEACHING, body: { source: null } },
  'POST /api/course/:id/knowledge-graph/sync': { allow: TEACHING },
  'GET /api/course/:id/knowledge-graph/sync-status': { allow: TEACHING },
  'GET /api/course/:id/knowledge-graph/edit-url': { allow: TEACHING },
  'GET /api/course/:id/knowledge-graphs/diff': { allow: TEACHING },
  'POST /api/course/:id/knowledge-graphs/diff/sync': { allow: TEACHING, body: { all: true } },
  'PUT /api/course/:id/knowledge-graph/replace': { allow: TEACHING, body: {} },
  'POST /api/course/:id/knowledge-graphs/similarity': { allow: TEACHING, body: {} },
  'GET /api/course/:id/knowledge-graph/cluster': { allow: TEACHING },
  'GET /api/course/:id/knowledge-graph/embed/cluster-graph': { allow: TEACHING },
  // Browsing the remote source: whoever teaches somewhere in the organisation, and its administrator.
  'GET /api/knowledge-graph/kfs-subjects': { allow: ['otherInstructor', 'simulating', 'owner', 'orgAdmin'] },
  'GET /api/knowledge-graph/kfs-courses/-/published-forest-versions::batchGet': {
    allow: ['otherInstructor', 'simulating', 'owner', 'orgAdmin'],
    query: (ids) => ({ ids: String(ids.course) }),
  },
  'GET /api/knowledge-graph/forest-versions/-/stats::batchGet': {
    allow: ['otherInstructor', 'simulating', 'owner', 'orgAdmin'],
    query: () => ({ ids: '1' }),
  },
  'POST /api/knowledge-graph/courses/:id/kfs-course-import': {
    allow: TEACHING,
    params: { id: 'course' },
    body: { kfs_course_id: 1 },
  },
  'GET /api/knowledge-graph/courses/:id/kfs-import-info': { allow: TEACHING, params: { id: 'course' } },
  // What this Lectern serves as a knowledge source: every signed-in caller gets the published graphs they may
  // read (the fixture's is unpublished, so none, and its forest is missing for everyone).
  'GET /api/knowledge-source/subjects': { allow: SIGNED_IN },
  'GET /api/knowledge-source/versions': { allow: SIGNED_IN, query: (ids) => ({ ids: String(ids.course) }) },
  'GET /api/knowledge-source/version-stats': { allow: SIGNED_IN, query: () => ({ ids: '1' }) },
  'GET /api/knowledge-source/courses/:id/forest': {
    allow: SIGNED_IN,
    params: { id: 'course' },
    notFoundAllowed:
      'the fixture graph is unpublished; published forests: knowledge-source.adapter.routes.test.ts',
  },
};
