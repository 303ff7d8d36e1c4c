// First load (issue 11): how much JavaScript the sign-in and course pages need before they are shown, and
// their first contentful paint, in headless Chromium against the built server with the demo data: the
// scripts the browser itself requested before the page's content appeared (lazy chunks and message
// namespaces included), each counted at its gzip -9 size. Other entry routes are sized from the Vite
// manifest's static import graph, for comparison. It builds nothing: run `npm run build` first.
// Targets: at most 300 KB of gzipped JavaScript on the sign-in and course pages, first paint under 0.8 s.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { freePort, LECTERN_NODE_FLAGS, repoRoot, startNodeServer } from './processes.ts';

export const FIRST_LOAD_NAME = 'first-load: gzipped JavaScript per entry route and first contentful paint';

const TARGET_KB = 300;
const TARGET_FCP_MS = 800;

/**
 * What each page weighed, browser-counted, when decision 0014 last recorded it, plus a few KB for lazy
 * chunks racing the content: a page above its ceiling has regressed, whether or not it meets the target
 * yet. Lower a ceiling when a change makes its page lighter; raise one only with a reason in 0014.
 */
const CEILING_KB: Record<string, number> = { login: 288, 'course page': 298 };

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** The app shell every signed-in page renders in (apps/web/src/app/router.tsx loads it lazily). */
const SHELL = 'src/app/app-layout.tsx';
const COURSE_LAYOUT = 'src/features/courses/public/course-layout.tsx';

type EntryRoute = {
  name: string;
  /** An address of the route, as shown in the report. */
  path: string;
  /**
   * The lazily loaded modules the router fetches for this address (every matched route's `lazy`), as
   * keyed in the manifest; what they import statically comes with them.
   */
  modules: string[];
};

/**
 * Sized from the manifest for comparison (the targets are measured in the browser). Keep in step with
 * router.tsx: a module named here that is no chunk of its own fails the bench.
 */
const ENTRY_ROUTES: EntryRoute[] = [
  {
    name: 'login',
    path: '/login',
    modules: ['src/features/identity/routes/login-page.tsx'],
  },
  {
    name: 'my courses',
    path: '/user/courses',
    modules: [SHELL, 'src/features/courses/routes/my-courses-page.tsx'],
  },
  {
    name: 'course page',
    path: '/course/:courseId',
    modules: [SHELL, COURSE_LAYOUT, 'src/features/activities/routes/course-content-page.tsx'],
  },
  {
    name: 'exam taking',
    path: '/exam/:id/take',
    modules: [SHELL, 'src/features/exams/routes/exam-take-page.tsx'],
  },
  {
    name: 'homework',
    path: '/course/:courseId/activity/:homeworkId',
    modules: [SHELL, COURSE_LAYOUT, 'src/features/activities/routes/activity-page.tsx'],
  },
];

/**
 * The interface language the measurements use; main.tsx fetches its shared messages (the chunk
 * vite.config.ts names locale-<lang>-shared) before the first render, pages their own namespaces.
 */
const LOCALE = 'zh-CN';

const DEMO_STUDENT = { login: 's20240001', password: 'lectern-demo' };
const DEMO_COURSE = '数据结构与算法';

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function readManifest(webDist: string): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      `${path.relative(repoRoot, file)} is missing: build the web app first (npm run build -w @lectern/web; ` +
        'vite.config.ts writes the manifest)',
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The gzipped size (level 9) of each built file, read once. */
function gzipSizer(webDist: string): (file: string) => number {
  const sizes = new Map<string, number>();
  return (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

/** The JavaScript files a set of manifest entries brings, following static imports only. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the web manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

type RouteSize = { route: EntryRoute; files: Set<string>; bytes: number };

/** The entry (index.html's module and what it imports), the language chunk, and each route's lazy modules. */
function sizeRoutes(manifest: Manifest, gzipped: (file: string) => number): RouteSize[] {
  const entries = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  const localeKeys = Object.keys(manifest).filter((key) => manifest[key]!.name === `locale-${LOCALE}-shared`);
  return ENTRY_ROUTES.map((route) => {
    for (const key of route.modules) {
      if (!manifest[key]) {
        throw new Error(
          `${route.name}: ${key} is not a chunk of its own in the web manifest (is it still loaded lazily? ` +
            'update ENTRY_ROUTES in bench/src/first-load.ts with router.tsx)',
        );
      }
    }
    const files = staticClosure(manifest, [...entries, ...localeKeys, ...route.modules]);
    let bytes = 0;
    for (const file of files) bytes += gzipped(file);
    return { route, files, bytes };
  });
}

type PaintSample = {
  fcpMs: number;
  /** When the page's content was in the document (its `shown` test first held). */
  shownMs: number;
  /** Scripts the page requested before it was shown, as paths in the web build. */
  jsBeforeShown: string[];
};

/**
 * Installed before any of the page's scripts (a string: the bench compiles without the DOM's types):
 * records the first contentful paint and the moment `shown` first holds.
 */
function shownProbe(shown: string): string {
  return `(() => {
  const probe = (window.__firstLoadProbe = { fcp: undefined, shown: undefined });
  new PerformanceObserver((list) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (paint && probe.fcp === undefined) probe.fcp = paint.startTime;
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    if (probe.shown === undefined && (${shown})) probe.shown = performance.now();
    return probe.shown !== undefined;
  };
  new MutationObserver((_records, observer) => {
    if (check()) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true });
})()`;
}

/** Reads the probe once the page is shown and painted; lists the scripts requested before it was shown. */
const READ_PROBE = `(() => {
  const probe = window.__firstLoadProbe;
  const jsBeforeShown = performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= probe.shown)
    .map((entry) => new URL(entry.name).pathname.slice(1));
  return { fcpMs: probe.fcp, shownMs: probe.shown, jsBeforeShown };
})()`;

/** One cold visit (fresh context: empty cache) until the page's content is shown. */
async function measurePaint(context: BrowserContext, url: string, shown: string): Promise<PaintSample> {
  const page = await context.newPage();
  try {
    await page.addInitScript(shownProbe(shown));
    await page.goto(url, { waitUntil: 'commit' });
    // A function, not a string: the app's CSP forbids the eval a string predicate needs.
    await page.waitForFunction(
      () => {
        const probe = (globalThis as { __firstLoadProbe?: { fcp?: number; shown?: number } })
          .__firstLoadProbe;
        return probe?.shown !== undefined && probe.fcp !== undefined;
      },
      undefined,
      { timeout: 30_000, polling: 50 },
    );
    return (await page.evaluate(READ_PROBE)) as PaintSample;
  } finally {
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Signs the context in through the API (cookies land in the context) and finds the demo course. */
async function signInAndFindCourse(context: BrowserContext, baseUrl: string): Promise<number> {
  const login = await context.request.post(`${baseUrl}/api/login`, { data: DEMO_STUDENT });
  if (!login.ok())
    throw new Error(`login as ${DEMO_STUDENT.login} failed: ${login.status()} ${await login.text()}`);
  const courses = await context.request.post(`${baseUrl}/api/my-courses`, {
    data: { page: 1, page_size: 100, conditions: {} },
  });
  if (!courses.ok())
    throw new Error(`POST /api/my-courses answered ${courses.status()}: ${await courses.text()}`);
  const { courses: list } = (await courses.json()) as { courses: { id: number; name: string }[] };
  const course = list.find((candidate) => candidate.name === DEMO_COURSE);
  if (!course) throw new Error(`the demo student has no course named ${DEMO_COURSE}`);
  return course.id;
}

type PaintResult = { name: string; samples: PaintSample[] };

async function measurePaints(baseUrl: string, runs: number): Promise<PaintResult[]> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const browser: Browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = () => browser.newContext({ locale: LOCALE, viewport: { width: 1366, height: 768 } });
  try {
    const setup = await newContext();
    const courseId = await signInAndFindCourse(setup, baseUrl);
    const cookies = await setup.cookies();
    await setup.close();

    // What "shown" means: the form one can sign in with; the course's title and its outline's modules.
    const pages = [
      {
        name: 'login',
        url: `${baseUrl}/login`,
        signedIn: false,
        shown: `document.querySelector('form button[type="submit"]') !== null`,
      },
      {
        name: 'course page',
        url: `${baseUrl}/course/${courseId}`,
        signedIn: true,
        shown: `document.querySelector('main h1') !== null && document.querySelector('main section[aria-label]') !== null`,
      },
    ];
    const results: PaintResult[] = pages.map((page) => ({ name: page.name, samples: [] }));
    // One visit of each first, not counted: the server's first answers include its own warm-up.
    for (let run = -1; run < runs; run += 1) {
      for (const [index, page] of pages.entries()) {
        const context = await newContext();
        if (page.signedIn) await context.addCookies(cookies);
        const sample = await measurePaint(context, page.url, page.shown);
        await context.close();
        if (run >= 0) results[index]!.samples.push(sample);
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * The built web app measured: apps/web/dist, or BENCH_WEB_DIST (another build of it, to compare two
 * builds on the same machine in the same hour).
 */
function webDistDir(): string {
  return path.resolve(process.env.BENCH_WEB_DIST || path.join(repoRoot, 'apps', 'web', 'dist'));
}

/** The built server on an embedded database of its own with the demo data, as the browser tests run it. */
async function startDemoServer() {
  const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
  if (!existsSync(serverEntry))
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-first-load-'));
  try {
    const server = await startNodeServer({
      name: 'Lectern server (demo data)',
      args: [...LECTERN_NODE_FLAGS, serverEntry],
      port: await freePort(),
      healthPath: '/api/health',
      // The demo seed on the embedded database comes first; on a busy machine it takes minutes.
      healthTimeoutMs: 300_000,
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Empty means "not set": the demo data must never go into a developer's PostgreSQL database.
        DATABASE_URL: '',
        WEB_DIST: webDistDir(),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
    });
    return {
      server,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Prints the table and the verdicts; true when every target is met. */
export async function runFirstLoad(): Promise<boolean> {
  const webDist = webDistDir();
  const manifest = readManifest(webDist);
  const gzipped = gzipSizer(webDist);
  const sizes = sizeRoutes(manifest, gzipped);

  const runs = Number(process.env.BENCH_FIRST_LOAD_RUNS || 5);
  console.log(`  starting the built server with the demo data; ${runs} cold visits per page (${LOCALE})`);
  const demo = await startDemoServer();
  let paints: PaintResult[];
  // Paint times follow the machine's load (other builds and tests share it): the load average before and
  // after the visits is printed beside them, so two runs can be compared for what they are.
  const loadBefore = loadavg()[0]!;
  let loadAfter: number;
  try {
    paints = await measurePaints(demo.server.baseUrl, runs);
    loadAfter = loadavg()[0]!;
  } finally {
    await demo.stop();
  }

  let allMet = true;
  const width = Math.max(...sizes.map((size) => size.route.name.length));
  console.log(
    `\n  JavaScript requested before the page was shown, headless Chromium, cold cache (gzip -9; ${runs} visits)`,
  );
  for (const { name, samples } of paints) {
    // The same scripts every visit, unless a lazy chunk raced the content; the largest visit counts.
    const perVisit = samples.map((sample) => {
      const files = new Set(sample.jsBeforeShown);
      let bytes = 0;
      for (const file of files) bytes += gzipped(file);
      return { files, bytes };
    });
    const worst = perVisit.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const met = worst.bytes <= TARGET_KB * 1024;
    const ceiling = CEILING_KB[name];
    const regressed = ceiling !== undefined && worst.bytes > ceiling * 1024;
    allMet &&= met && !regressed;
    const fcp = median(samples.map((sample) => sample.fcpMs));
    console.log(
      `  ${name.padEnd(width)}  ${kb(worst.bytes).padStart(6)} KB in ${String(worst.files.size).padStart(2)} files  (target <= ${TARGET_KB} KB: ${met ? 'met' : 'MISSED'}` +
        `${ceiling === undefined ? '' : `; recorded ceiling ${ceiling} KB: ${regressed ? 'REGRESSED' : 'held'}`})` +
        `  FCP median ${fcp.toFixed(0)} ms`,
    );
    // What the static graph below does not show: lazy chunks and message namespaces, largest first.
    const counted = sizes.find((size) => size.route.name === name)?.files ?? new Set<string>();
    const beyond = [...worst.files]
      .filter((file) => !counted.has(file))
      .map((file) => ({ file, bytes: gzipped(file) }))
      .sort((a, b) => b.bytes - a.bytes);
    if (beyond.length > 0) {
      const total = beyond.reduce((sum, entry) => sum + entry.bytes, 0);
      const largest = beyond
        .slice(0, 8)
        .map((entry) => `${path.basename(entry.file)} ${kb(entry.bytes)}`)
        .join(', ');
      console.log(
        `  ${''.padEnd(width)}  of which ${kb(total)} KB in ${beyond.length} files beyond its static graph: ${largest}${beyond.length > 8 ? ', …' : ''}`,
      );
    }
  }

  console.log(
    `\n  first contentful paint and page shown, same visits (median of ${runs}; min–max; ` +
      `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, ${cpus().length} CPUs)`,
  );
  for (const { name, samples } of paints) {
    const times = samples.map((sample) => sample.fcpMs);
    const shown = samples.map((sample) => sample.shownMs);
    const fcp = median(times);
    const met = fcp < TARGET_FCP_MS;
    allMet &&= met;
    console.log(
      `  ${name.padEnd(width)}  FCP ${fcp.toFixed(0).padStart(5)} ms (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)})  (target < ${TARGET_FCP_MS} ms: ${met ? 'met' : 'MISSED'});` +
        `  shown ${median(shown).toFixed(0)} ms (${Math.min(...shown).toFixed(0)}–${Math.max(...shown).toFixed(0)})`,
    );
  }

  console.log(
    `\n  for comparison, the static import graph (Vite manifest: entry + ${LOCALE} shared messages + the route's lazy chunks)`,
  );
  for (const { route, files, bytes } of sizes) {
    console.log(
      `  ${route.name.padEnd(width)}  ${kb(bytes).padStart(6)} KB in ${String(files.size).padStart(2)} files  ${route.path}`,
    );
  }
  console.log(`\n${FIRST_LOAD_NAME}: ${allMet ? 'TARGETS MET' : 'TARGETS NOT MET'}`);
  return allMet;
}
