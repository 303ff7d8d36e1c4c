import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../platform/http/access.plugin.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { injectWithDeadline } from './inject-with-deadline.ts';
import { jsonBodySchema, minimalQuery, minimalValue, type OpenApiDocument } from './openapi-shapes.ts';
import {
  PERMISSION_MATRIX,
  ROLES,
  type MatrixEntry,
  type ParamSource,
  type Role,
} from './permission-matrix.table.ts';
import {
  createSecurityWorld,
  errorLogCollector,
  type FixtureId,
  type SecurityWorld,
} from './security-world.ts';

let t: TestApp;
let w: SecurityWorld;
let doc: OpenApiDocument;
const { logStream, errorLogs } = errorLogCollector();

beforeAll(async () => {
  t = await createTestApp({}, { logStream });
  w = await createSecurityWorld(t);
  doc = t.app.swagger() as unknown as OpenApiDocument;
}, 60_000);
afterAll(async () => t?.close());

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The app's routes as the table names them; HEAD is Fastify's mirror of each GET and follows it. */
function servedRoutes() {
  return routesOf(t.app).filter((route) => route.method !== 'HEAD');
}

/** Reads go first, then writes, then deletions, so no call depends on what an earlier one removed. */
function phase(method: string): number {
  if (method === 'GET') return 0;
  if (method === 'DELETE') return 2;
  return 1;
}

/**
 * The fixture object a path parameter most plausibly names, from the parameter and the path around it.
 * Rows of the table override it with `params`.
 */
function guessParam(url: string, name: string): FixtureId | undefined {
  const at = (prefix: string) => url.startsWith(prefix);
  switch (name) {
    case 'courseId':
    case 'cid':
      return 'course';
    case 'userId':
    case 'studentId':
    case 'examineeId':
    case 'submitterId':
      return 'student';
    case 'sid':
      return 'examSubmission';
    case 'recordId':
      return 'retakeRecord';
    case 'referenceId':
      return 'uploadReference';
    case 'groupId':
      return 'group';
    case 'subjectId':
    case 'subject_id':
      return at('/api/classroom') ? 'classroomSubject' : 'examSubject';
    case 'childId':
      if (url.includes('/departments/')) return 'department';
      if (url.includes('/academic-years/')) return 'academicYear';
      return 'semester';
    case 'activityId':
      if (url.includes('grade-score-items') || at('/api/activity/')) return 'homework';
      return 'material';
    case 'id':
      break;
    default:
      return undefined;
  }
  const byPrefix: [string, FixtureId][] = [
    ['/api/orgs/', 'org'],
    ['/api/courses/', 'course'],
    ['/api/course/activities/', 'homework'],
    ['/api/course/', 'course'],
    ['/api/users/', 'student'],
    ['/api/modules/', 'module'],
    ['/api/syllabuses/', 'syllabus'],
    ['/api/group-sets/', 'groupSet'],
    ['/api/groups/', 'group'],
    ['/api/uploads/references/', 'uploadReference'],
    ['/api/uploads/', 'upload'],
    ['/api/comments/', 'comment'],
    ['/api/comment-replies/', 'reply'],
    ['/api/topics/', 'comment'],
    ['/api/studio/', 'course'],
    ['/api/exam/', 'exam'],
    ['/api/exams/', 'exam'],
    ['/api/classroom-exams/', 'classroomExam'],
    ['/api/classroom/', 'classroomExam'],
    ['/api/classrooms/', 'classroomExam'],
    ['/api/subjects/', 'examSubject'],
    ['/api/subject-libs/', 'subjectLib'],
    ['/api/homework/', 'homework'],
    ['/api/homeworks/', 'homework'],
    ['/api/submissions/', 'homeworkSubmission'],
    ['/api/rubrics/', 'rubric'],
    ['/api/notifications/', 'notification'],
    ['/api/announcements/', 'announcement'],
    ['/api/user/access-tokens/', 'accessToken'],
  ];
  if (at('/api/activities/')) {
    if (/comment|topics/.test(url)) return 'forum';
    if (/groups?\/:groupId/.test(url)) return 'groupHomework';
    if (/submission|homework-score/.test(url)) return 'homework';
    return 'material';
  }
  return byPrefix.find(([prefix]) => at(prefix))?.[1];
}

/** The path with real ids, and the disposable course it names, if any (a simulating caller views that one). */
async function pathFor(
  url: string,
  entry: MatrixEntry,
  role: Role,
): Promise<{ path: string; course?: number }> {
  let path = url;
  let course: number | undefined;
  // '::' is Fastify's escape of a literal ':' (`...:batchGet`), not a parameter.
  for (const [, name] of url.matchAll(/(?<!:):(\w+)/g)) {
    const source: ParamSource | undefined = entry.params?.[name!] ?? guessParam(url, name!);
    if (source === undefined)
      throw new Error(`no fixture for :${name} of ${url}; name it in the table's params`);
    let id: number;
    if (typeof source === 'string') id = w.ids[source];
    else if ('disposable' in source) {
      // One object per caller and route: a restore must not take the item a later purge was given.
      id = await w.disposable(source.disposable, role, url);
      if (source.disposable === 'course') course = id;
    } else id = 2_000_000_000;
    path = path.replace(`:${name}`, String(id));
  }
  path = path.replaceAll('::', ':');
  return course === undefined ? { path } : { path, course };
}

function bodyFor(method: string, url: string, entry: MatrixEntry): unknown {
  if (entry.body !== undefined) return typeof entry.body === 'function' ? entry.body(w.ids) : entry.body;
  if (method === 'GET' || method === 'DELETE') return undefined;
  const schema = jsonBodySchema(doc, method, url);
  return schema ? minimalValue(doc, schema) : undefined;
}

type Outcome = {
  role: Role;
  route: string;
  status: number;
  code: string | undefined;
  expected: 'allow' | 'deny';
};

function agrees(outcome: Outcome, entry: MatrixEntry, body: () => unknown): boolean {
  const { status, role, expected } = outcome;
  if (status >= 500) return false;
  if (expected === 'deny') {
    if (role === 'anonymous') return status === 401;
    if (status === 403 || status === 404) return true;
    return status < 300 && entry.hidesFromRefused !== undefined && entry.hidesFromRefused(body());
  }
  if (status === 401 || status === 403) return false;
  return status !== 404 || entry.notFoundAllowed !== undefined;
}

describe('permission matrix (every route × every kind of caller)', () => {
  it('has one row for every route the app serves, and none for routes it does not serve', () => {
    const served = servedRoutes().map(keyOf);
    const missing = served
      .filter((key) => !(key in PERMISSION_MATRIX))
      .map((key) => `add an entry for ${key}`);
    const stale = Object.keys(PERMISSION_MATRIX)
      .filter((key) => !served.includes(key))
      .map((key) => `remove the entry for ${key} (no such route)`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it('lets exactly the callers the table allows through, on the fixture course', async () => {
    const started = Date.now();
    const routes = servedRoutes()
      .filter((route) => keyOf(route) in PERMISSION_MATRIX)
      .sort((a, b) => phase(a.method) - phase(b.method));
    const wrong: string[] = [];
    const defects = new Map<string, string[]>();
    let checks = 0;
    for (const route of routes) {
      const key = keyOf(route);
      const entry = PERMISSION_MATRIX[key]!;
      const query = { ...minimalQuery(doc, route.method, route.url), ...entry.query?.(w.ids) };
      const body = bodyFor(route.method, route.url, entry);
      for (const role of ROLES) {
        const { path, course } = await pathFor(route.url, entry, role);
        const session =
          role === 'simulating' && course !== undefined
            ? await w.simulatingIn(course)
            : entry.freshSession
              ? await w.freshSession(role)
              : w.sessions[role];
        const res = await injectWithDeadline(t.app, {
          method: route.method as 'GET',
          url: path,
          query,
          headers: {
            ...(session?.headers ?? { 'accept-language': 'en-US' }),
            ...(entry.raw ? { 'content-type': entry.raw.contentType } : {}),
          },
          ...(entry.raw
            ? { payload: entry.raw.payload }
            : body === undefined
              ? {}
              : { payload: body as object }),
        });
        checks += 1;
        let code: string | undefined;
        let fields = '';
        try {
          const answer = res.json() as { code?: string; errors?: Record<string, string[]> };
          code = answer.code;
          if (res.statusCode === 400) fields = JSON.stringify(answer.errors ?? {}).slice(0, 200);
        } catch {
          code = undefined;
        }
        const outcome: Outcome = {
          role,
          route: key,
          status: res.statusCode,
          code,
          expected: entry.allow.includes(role) ? 'allow' : 'deny',
        };
        if (agrees(outcome, entry, () => res.json())) continue;
        const cause = errorLogs.get(String(res.headers['x-request-id']));
        const line =
          `${key} as ${role}: expected ${outcome.expected}, got ${res.statusCode}${code ? ` ${code}` : ''}` +
          (cause ? ` (${cause})` : '') +
          (fields ? ` ${fields}` : '');
        if (entry.knownDefect) defects.set(key, [...(defects.get(key) ?? []), line]);
        else wrong.push(line);
      }
    }
    const fixed = Object.entries(PERMISSION_MATRIX)
      .filter(([key, entry]) => entry.knownDefect && !defects.has(key))
      .map(([key]) => `${key} now behaves as the table says: remove its knownDefect`);
    console.info(
      `permission matrix: ${routes.length} routes × ${ROLES.length} callers = ${checks} checks in ${Date.now() - started} ms; ` +
        `${defects.size} known defects`,
    );
    for (const lines of defects.values()) console.info(`known defect: ${lines.join('; ')}`);
    expect([...wrong, ...fixed]).toEqual([]);
  }, 120_000);
});
