import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type DeclaredRoute } from '../platform/http/access.plugin.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { injectWithDeadline } from './inject-with-deadline.ts';
import {
  jsonBodySchema,
  minimalQuery,
  minimalValue,
  queryParameterNames,
  type OpenApiDocument,
} from './openapi-shapes.ts';
import { PERMISSION_MATRIX } from './permission-matrix.table.ts';
import { createSecurityWorld, errorLogCollector, type SecurityWorld } from './security-world.ts';
import { fillRoutePath } from '../test/route-paths.ts';

/**
 * Every route, as a signed-in instructor (the administrator on administration routes), is sent broken
 * input: malformed JSON, wrong types, huge strings, NUL and lone surrogates, prototype keys, deep nesting,
 * and fast-check's arbitrary JSON in each field of the route's own (OpenAPI) body. None may answer 5xx.
 * The seed is fixed and the cases per route few, so a failure reproduces and the file stays fast.
 */
const SEED = 20_261_126;
const RANDOM_CASES_PER_ROUTE = 4;

/**
 * 5xx answers that are product defects outside this test's reach: route → the error the log shows. Each
 * must still happen (the test says when one is fixed, so the entry goes).
 */
const KNOWN_DEFECTS: Record<string, string> = {};

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

const NUL = 'a\u0000b';
const LONE_SURROGATES = '\uD800x\uDFFF';
const HUGE = 'x'.repeat(300_000);

/** JSON nested this deep, written as text (JSON.stringify itself would run out of stack). */
function deeplyNested(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

/** Values that break assumptions about a field, whatever its type. */
const WEIRD_VALUES: unknown[] = [
  null,
  -1,
  0,
  1.5,
  2 ** 53 + 2,
  '',
  NUL,
  LONE_SURROGATES,
  HUGE,
  '1 OR 1=1',
  [],
  {},
  { __proto__: { polluted: true } },
  true,
];

const PATH_VALUES = ['-1', '0', '99999999999999999999', 'abc', '%00', '__proto__'];

type Case = {
  name: string;
  payload?: string | object;
  contentType?: string;
  pathValue?: string;
  query?: Record<string, string>;
};

function weirdPayloads(base: Record<string, unknown> | undefined): Case[] {
  const cases: Case[] = [
    { name: 'malformed JSON', payload: '{"a": [1, 2,', contentType: 'application/json' },
    { name: 'JSON of the wrong shape', payload: '[1, "two", null]', contentType: 'application/json' },
    {
      name: 'a JSON string',
      payload: JSON.stringify(NUL + LONE_SURROGATES),
      contentType: 'application/json',
    },
    {
      name: 'prototype keys',
      payload: '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
      contentType: 'application/json',
    },
    { name: 'deep nesting', payload: deeplyNested(5_000), contentType: 'application/json' },
    { name: 'form encoding', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  ];
  if (base && Object.keys(base).length > 0) {
    const everyFieldWrong = Object.fromEntries(
      Object.keys(base).map((key, i) => [key, WEIRD_VALUES[i % WEIRD_VALUES.length]]),
    );
    cases.push({ name: 'every field of the wrong type', payload: everyFieldWrong });
    cases.push({
      name: 'text with NUL and lone surrogates in every field',
      payload: Object.fromEntries(Object.keys(base).map((key) => [key, NUL + LONE_SURROGATES])),
    });
    cases.push({
      name: 'the valid body with prototype keys',
      payload: JSON.parse(
        `{${JSON.stringify(base).slice(1, -1)}${Object.keys(base).length ? ',' : ''}"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}`,
      ) as object,
    });
  }
  return cases;
}

/** fast-check's arbitrary JSON, placed into one field of the route's minimal body each time. */
function randomCases(base: Record<string, unknown> | undefined, routeIndex: number): Case[] {
  const keys = Object.keys(base ?? {});
  const arbitrary = fc.record({
    field: keys.length > 0 ? fc.constantFrom(...keys) : fc.constant(undefined),
    value: fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.string({ unit: 'binary', maxLength: 64 }),
      fc.constantFrom(...WEIRD_VALUES),
    ),
    pathValue: fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('-1', '0', '1e3', '99999999999999999999', '0x10', ' 1'),
    ),
  });
  return fc
    .sample(arbitrary, { seed: SEED + routeIndex, numRuns: RANDOM_CASES_PER_ROUTE })
    .map((sample, i) => ({
      name: `random ${i}`,
      payload:
        sample.field === undefined ? { value: sample.value } : { ...base, [sample.field]: sample.value },
      pathValue: i % 2 === 0 ? sample.pathValue : undefined,
    }));
}

function queryCases(route: DeclaredRoute): Case[] {
  const names = queryParameterNames(doc, route.method, route.url);
  const weird: Record<string, string> = {
    __proto__x: '1',
    'constructor[prototype][polluted]': '1',
    '__proto__[polluted]': '1',
  };
  for (const name of names) weird[name] = `${NUL}${LONE_SURROGATES}`;
  const huge: Record<string, string> = {};
  for (const name of names) huge[name] = 'y'.repeat(5_000);
  return [
    { name: 'query with NUL, lone surrogates and prototype keys', query: weird },
    ...(names.length > 0 ? [{ name: 'huge query values', query: huge }] : []),
  ];
}

function sessionFor(route: DeclaredRoute) {
  return route.access === 'org_admin' ? w.sessions.orgAdmin : w.sessions.owner;
}

describe('schema-driven fuzzing of every route', () => {
  it('never answers 5xx, whatever the input', async () => {
    const started = Date.now();
    const routes = routesOf(t.app)
      .filter((route) => route.method !== 'HEAD')
      // Deletions last, so the fixture stays whole for the others; sign-out and simulation use fresh sessions.
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const failures: string[] = [];
    const seenDefects = new Set<string>();
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      const schema = jsonBodySchema(doc, route.method, route.url);
      const base = schema ? (minimalValue(doc, schema) as Record<string, unknown>) : undefined;
      const writes = !['GET', 'DELETE'].includes(route.method);
      const cases: Case[] = [
        ...queryCases(route),
        ...(writes ? [...weirdPayloads(base), ...randomCases(base, index)] : []),
        ...(route.url.includes(':') ? PATH_VALUES : []).map((pathValue) => ({
          name: `path value ${pathValue}`,
          pathValue,
        })),
      ];
      for (const c of cases) {
        const fresh = PERMISSION_MATRIX[`${route.method} ${route.url}`]?.freshSession;
        const session = fresh ? await w.freshSession('owner') : sessionFor(route);
        const url = fillRoutePath(route.url, (name) =>
          c.pathValue !== undefined ? encodeURIComponent(c.pathValue) : String(realId(route.url, name)),
        );
        const res = await injectWithDeadline(t.app, {
          method: route.method as 'POST',
          url,
          query: c.query ?? minimalQuery(doc, route.method, route.url),
          headers: { ...session!.headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
          ...(c.payload === undefined ? {} : { payload: c.payload }),
        });
        sent += 1;
        if (res.statusCode < 500) continue;
        const routeKey = `${route.method} ${route.url}`;
        const cause = errorLogs.get(String(res.headers['x-request-id']));
        const known = KNOWN_DEFECTS[routeKey];
        if (known && cause?.includes(known)) {
          seenDefects.add(routeKey);
          continue;
        }
        failures.push(
          `${routeKey} / ${c.name} → ${res.statusCode}${cause ? ` (${cause.slice(0, 160)})` : ''}`,
        );
      }
    }
    const fixed = Object.keys(KNOWN_DEFECTS)
      .filter((key) => !seenDefects.has(key))
      .map((key) => `${key} no longer fails: remove it from KNOWN_DEFECTS`);
    console.info(`route fuzzing: ${routes.length} routes, ${sent} requests in ${Date.now() - started} ms`);
    expect([...failures, ...fixed]).toEqual([]);
    // Nothing sent reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  }, 120_000);
});

/** A real id for the parameter, so the broken body (not a missing object) is what the route meets. */
function realId(url: string, name: string): number {
  const ids = w.ids;
  if (name === 'childId') return url.includes('/departments/') ? ids.department : ids.semester;
  if (/user|student|examinee|submitter/i.test(name)) return ids.student;
  if (name === 'sid') return ids.examSubmission;
  if (/subject/i.test(name)) return url.startsWith('/api/classroom') ? ids.classroomSubject : ids.examSubject;
  if (name === 'groupId') return ids.group;
  if (url.startsWith('/api/exams/') || url.startsWith('/api/exam/')) return ids.exam;
  if (url.startsWith('/api/classroom')) return ids.classroomExam;
  if (url.startsWith('/api/homework') || url.startsWith('/api/course/activities/')) return ids.homework;
  if (url.startsWith('/api/activities/')) return /comment|topic/.test(url) ? ids.forum : ids.material;
  if (url.startsWith('/api/orgs/')) return ids.org;
  if (url.startsWith('/api/subject-libs/')) return ids.subjectLib;
  if (url.startsWith('/api/comments/')) return ids.comment;
  if (url.startsWith('/api/rubrics/')) return ids.rubric;
  if (url.startsWith('/api/announcements/')) return ids.announcement;
  if (url.startsWith('/api/uploads/')) return ids.upload;
  return ids.course;
}
