import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOMEWORK_SUBMISSION_PARENT } from '../../db/schema/homework.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { buildDocx, paragraph } from '../data-import/fixtures/docx-builder.fixture.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createExamWorld } from '../../test/exam-taking-factories.ts';
import { insertHomeworkSubmission, insertHomeworkSubmitter } from '../../test/grades-factories.ts';
import { createHomework } from '../../test/homework-factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DUPLICATE_CHECK_JOB } from './duplicate-check.job.ts';

// ---- texts and files made in the test ----------------------------------------------------------------

const VOCABULARY =
  'analysis data method result theory model system process structure function value growth energy market ' +
  'policy culture history language network signal pattern evidence research sample variable effect factor ' +
  'study report design practice approach framework concept element feature measure level region period'.split(
    ' ',
  );

/** An essay of `count` words, the same for the same seed. */
function essay(seed: number, count: number): string {
  let x = seed;
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    words.push(VOCABULARY[(x >>> 8) % VOCABULARY.length]!);
    if (i % 12 === 11) words[words.length - 1] += '.';
  }
  return words.join(' ');
}

async function docx(text: string): Promise<Buffer> {
  const paragraphs = text.match(/[^.]+\./g) ?? [text];
  return buildDocx({ body: paragraphs.map((p) => paragraph(p.trim())).join('') });
}

/** A one-page PDF showing these lines in Helvetica, with a correct cross-reference table. */
function pdf(lines: readonly string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 10 Tf 40 800 Td 12 TL ${lines.map((l) => `(${escape(l)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Cut into lines of about `width` characters at spaces. */
function lines(text: string, width = 90): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

// ---- fixture -------------------------------------------------------------------------------------------

type Course = {
  orgId: number;
  courseId: number;
  moduleId: number;
  teacher: { id: number };
  teacherSession: Session;
};

async function course(t: TestApp): Promise<Course> {
  const orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  const courseId = (await createCourse(t, orgId, teacher.id)).id;
  const moduleId = (await createModule(t, courseId)).id;
  return { orgId, courseId, moduleId, teacher, teacherSession: await loginAs(t, teacher) };
}

async function homework(t: TestApp, c: Course) {
  return createActivity(t, {
    courseId: c.courseId,
    moduleId: c.moduleId,
    createdBy: c.teacher.id,
    type: 'homework',
    data: {},
  });
}

/** A student of the course hands in these files, and the hand-in queues the check (as the hand-in does). */
async function handIn(t: TestApp, c: Course, activityId: number, files: { name: string; bytes: Buffer }[]) {
  const student = await createUser(t, c.orgId);
  await addMember(t, c.courseId, student.id, ['student']);
  await insertHomeworkSubmitter(t, { activityId, userId: student.id, lastVersion: 1, status: 1 });
  const submission = await insertHomeworkSubmission(t, { activityId, userId: student.id, version: 1 });
  for (const [sort, file] of files.entries()) {
    const upload = await createUpload(t, c.orgId, student.id, { name: file.name, bytes: file.bytes });
    await t.db.insert(uploadReferences).values({
      uploadId: upload.id,
      parentType: HOMEWORK_SUBMISSION_PARENT,
      parentId: submission.id,
      name: file.name,
      sort,
      createdBy: student.id,
    });
  }
  await enqueue(t.db, DUPLICATE_CHECK_JOB, { submission_id: submission.id });
  return { student, submission };
}

const get = (t: TestApp, session: Session, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session.headers });

// ---- tests ---------------------------------------------------------------------------------------------

describe('duplicate check of docx submissions', () => {
  let t: TestApp;
  let c: Course;
  let activityId: number;
  let near1: Awaited<ReturnType<typeof handIn>>;
  let near2: Awaited<ReturnType<typeof handIn>>;
  let different: Awaited<ReturnType<typeof handIn>>;
  let picture: Awaited<ReturnType<typeof handIn>>;
  const shared = essay(1, 400);

  beforeAll(async () => {
    t = await createTestApp();
    c = await course(t);
    activityId = (await homework(t, c)).id;
    near1 = await handIn(t, c, activityId, [
      { name: 'essay.docx', bytes: await docx(`${shared} ${essay(2, 40)}`) },
    ]);
    // The same essay with a few words changed and a different ending.
    const edited = shared.replace(/analysis/g, 'examination');
    near2 = await handIn(t, c, activityId, [
      { name: '论文.docx', bytes: await docx(`${edited} ${essay(3, 60)}`) },
    ]);
    different = await handIn(t, c, activityId, [{ name: 'mine.docx', bytes: await docx(essay(4, 400)) }]);
    picture = await handIn(t, c, activityId, [{ name: 'photo.png', bytes: Buffer.from('not really a png') }]);
  }, 60_000);
  afterAll(async () => t.close());

  it('is only pending until the background job has run', async () => {
    const res = await get(
      t,
      c.teacherSession,
      `/api/homework/${activityId}/duplicate-detect/rate?target_ids=${near1.student.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().rates[0]).toMatchObject({ state: 'pending', rate: null });
    expect(await runJobsUntilIdle(t)).toBe(4);
  }, 60_000);

  it('flags the near-identical pair above the threshold and not the different one', async () => {
    const nobody = await createUser(t, c.orgId);
    const ids = [near1, near2, different, picture].map((s) => s.student.id);
    const res = await get(
      t,
      c.teacherSession,
      `/api/homework/${activityId}/duplicate-detect/rate?target_ids=${ids.join(',')}&target_ids=${nobody.id}`,
    );
    expect(res.statusCode).toBe(200);
    const [r1, r2, r3, r4, r5] = res.json().rates;
    expect(r1.state).toBe('checked');
    expect(r1.rate).toBeGreaterThan(50);
    expect(r1.similar_to).toMatchObject({ target_id: near2.student.id, submission_id: near2.submission.id });
    expect(r2.rate).toBeGreaterThan(50);
    expect(r2.similar_to.target_id).toBe(near1.student.id);
    expect(r3.state).toBe('checked');
    expect(r3.rate).toBeLessThan(20);
    expect(r4).toMatchObject({ state: 'not_checkable', rate: null, similar_to: null });
    expect(r5).toMatchObject({
      target_id: nobody.id,
      state: 'no_submission',
      rate: null,
      submission_id: null,
    });
    // Rates have two decimals at most.
    expect(Math.round(r1.rate * 100) / 100).toBe(r1.rate);

    const pairs = await get(t, c.teacherSession, `/api/homework/${activityId}/duplicate-detect/pairs`);
    expect(pairs.statusCode).toBe(200);
    expect(pairs.json()).toMatchObject({ threshold: 20, total: 1 });
    expect(pairs.json().summary).toEqual({ checked: 3, pending: 0, not_checkable: 1, failed: 0 });
    const [pair] = pairs.json().items;
    expect([pair.a.submission_id, pair.b.submission_id].sort()).toEqual(
      [near1.submission.id, near2.submission.id].sort(),
    );
    expect(pair.rate).toBe(Math.max(pair.a.rate, pair.b.rate));

    const everything = await get(
      t,
      c.teacherSession,
      `/api/homework/${activityId}/duplicate-detect/pairs?threshold=0`,
    );
    expect(everything.json().total).toBeGreaterThanOrEqual(1);
    const none = await get(
      t,
      c.teacherSession,
      `/api/homework/${activityId}/duplicate-detect/pairs?threshold=100`,
    );
    expect(none.json().total).toBe(0);
    const bad = await get(
      t,
      c.teacherSession,
      `/api/homework/${activityId}/duplicate-detect/pairs?threshold=101`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('shows the shared passages of a pair side by side', async () => {
    const pairs = await get(t, c.teacherSession, `/api/homework/${activityId}/duplicate-detect/pairs`);
    const pairId = pairs.json().items[0].id;
    const res = await get(
      t,
      c.teacherSession,
      `/api/homework/${activityId}/duplicate-detect/pairs/${pairId}`,
    );
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.passages.length).toBeGreaterThan(0);
    const [first] = detail.passages;
    const inA: string = detail.a_text.slice(first.a.start, first.a.end);
    const inB: string = detail.b_text.slice(first.b.start, first.b.end);
    expect(inA.length).toBeGreaterThan(20);
    // The same words on both sides (the edit swapped one word for another).
    expect(
      inA
        .replace(/examination/g, 'analysis')
        .replace(/\s+/g, ' ')
        .slice(0, 20),
    ).toBe(
      inB
        .replace(/examination/g, 'analysis')
        .replace(/\s+/g, ' ')
        .slice(0, 20),
    );
    const other = await get(t, c.teacherSession, `/api/homework/${activityId}/duplicate-detect/pairs/999999`);
    expect(other.statusCode).toBe(404);
  });

  it('is for the course teaching team only', async () => {
    const student = await loginAs(t, near1.student);
    const url = `/api/homework/${activityId}/duplicate-detect/rate?target_ids=${near1.student.id}`;
    expect((await get(t, student, url)).statusCode).toBe(403);
    expect((await get(t, student, `/api/homework/${activityId}/duplicate-detect/pairs`)).statusCode).toBe(
      403,
    );
    const outsider = await loginAs(t, await createUser(t, c.orgId));
    expect([403, 404]).toContain((await get(t, outsider, url)).statusCode);
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const noTargets = await get(t, c.teacherSession, `/api/homework/${activityId}/duplicate-detect/rate`);
    expect(noTargets.statusCode).toBe(400);
  });

  it('says the third-party checker is not configured by default', async () => {
    const res = await get(t, c.teacherSession, `/api/homework/${activityId}/duplicate-detect/third-party`);
    expect(res.json()).toEqual({ configured: false, provider: null, items: [] });
  });
});

describe('through the real upload and hand-in calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** The clients' flow: declare the file, PUT it to upload_url, then hand it in. */
  async function uploadAndHandIn(session: Session, homeworkId: number, name: string, bytes: Buffer) {
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: session.headers,
      payload: { name, size: bytes.length, parent_type: null, parent_id: 0, is_scorm: false },
    });
    expect(declared.statusCode).toBe(201);
    const boundary = 'lectern-boundary';
    const sent = await t.app.inject({
      method: 'PUT',
      url: declared.json().upload_url,
      headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(sent.statusCode).toBe(200);
    const handedIn = await t.app.inject({
      method: 'POST',
      url: `/api/course/activities/${homeworkId}/submissions`,
      headers: session.headers,
      payload: { comment: '<p>my work</p>', uploads: [declared.json().id] },
    });
    expect(handedIn.statusCode).toBe(201);
  }

  it('a hand-in queues the check; a new version replaces the old one in the rates', async () => {
    const w = await createExamWorld(t, 3);
    const hw = await createHomework(t, w);
    const [s0, s1, s2] = w.students as [
      (typeof w.students)[0],
      (typeof w.students)[0],
      (typeof w.students)[0],
    ];
    const copied = essay(31, 300);
    await uploadAndHandIn(s0.session, hw.id, 'a.txt', Buffer.from(copied));
    await uploadAndHandIn(s1.session, hw.id, 'b.txt', Buffer.from(copied));
    await uploadAndHandIn(s2.session, hw.id, 'c.txt', Buffer.from(essay(32, 300)));
    expect(await runJobsUntilIdle(t)).toBe(3);

    const rates = async () => {
      const ids = [s0, s1, s2].map((s) => s.user.id).join(',');
      const res = await get(
        t,
        w.teacherSession,
        `/api/homework/${hw.id}/duplicate-detect/rate?target_ids=${ids}`,
      );
      expect(res.statusCode).toBe(200);
      return (res.json().rates as { rate: number | null }[]).map((r) => r.rate);
    };
    const [r0, r1, r2] = await rates();
    expect(r0).toBe(100);
    expect(r1).toBe(100);
    expect(r2!).toBeLessThan(20);

    // The second student hands in their own work as version 2: the copy no longer counts.
    await uploadAndHandIn(s1.session, hw.id, 'b2.txt', Buffer.from(essay(33, 300)));
    expect((await rates())[1]).toBeNull();
    expect(await runJobsUntilIdle(t)).toBe(1);
    const after = await rates();
    expect(after[0]!).toBeLessThan(20);
    expect(after[1]!).toBeLessThan(20);
  }, 60_000);
});

describe('duplicate check of pdf and txt submissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reads text from a PDF and from a UTF-8 text file with a BOM, and compares them', async () => {
    const c = await course(t);
    const activityId = (await homework(t, c)).id;
    const text = essay(11, 300);
    const fromPdf = await handIn(t, c, activityId, [{ name: 'report.pdf', bytes: pdf(lines(text)) }]);
    const fromTxt = await handIn(t, c, activityId, [
      { name: 'report.txt', bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]) },
    ]);
    const unrelated = await handIn(t, c, activityId, [
      { name: 'other.txt', bytes: Buffer.from(essay(12, 300)) },
    ]);
    await runJobsUntilIdle(t);
    const ids = [fromPdf, fromTxt, unrelated].map((s) => s.student.id).join(',');
    const res = await get(
      t,
      c.teacherSession,
      `/api/homework/${activityId}/duplicate-detect/rate?target_ids=${ids}`,
    );
    const [pdfRate, txtRate, otherRate] = res.json().rates;
    expect(pdfRate.state).toBe('checked');
    expect(pdfRate.rate).toBeGreaterThan(90);
    expect(txtRate.rate).toBeGreaterThan(90);
    expect(otherRate.rate).toBeLessThan(20);
  }, 60_000);
});

describe('third-party checker', () => {
  let t: TestApp;
  let double: Server;
  const received: { auth: string | undefined; body: { file_name: string; content_base64: string } }[] = [];
  let polls = 0;

  beforeAll(async () => {
    // A local stand-in for the external service, speaking the generic HTTP JSON protocol.
    double = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        if (request.method === 'POST' && request.url === '/submissions') {
          received.push({ auth: request.headers.authorization, body: JSON.parse(raw) });
          response.end(JSON.stringify({ id: `ext-${received.length}` }));
        } else if (request.method === 'GET' && request.url?.startsWith('/submissions/ext-')) {
          polls += 1;
          response.end(
            JSON.stringify(
              polls < 2
                ? { status: 'pending' }
                : { status: 'done', similarity: 42.5, report_url: 'https://checker.example/report/1' },
            ),
          );
        } else {
          response.statusCode = 404;
          response.end('{}');
        }
      });
    });
    await new Promise<void>((resolve) => double.listen(0, '127.0.0.1', resolve));
    const { port } = double.address() as AddressInfo;
    t = await createTestApp({
      DUPLICATE_CHECK_PROVIDER_URL: `http://127.0.0.1:${port}`,
      DUPLICATE_CHECK_PROVIDER_TOKEN: 'secret-token',
      DUPLICATE_CHECK_PROVIDER_NAME: 'Checker',
      DUPLICATE_CHECK_POLL_SECONDS: '0.001',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => double.close(resolve));
  });

  it('shows a file as failed once the checker stayed unreachable through every retry', async () => {
    const down = await createTestApp({ DUPLICATE_CHECK_PROVIDER_URL: 'http://127.0.0.1:9/unreachable' });
    try {
      const c = await course(down);
      const activityId = (await homework(down, c)).id;
      await handIn(down, c, activityId, [{ name: 'essay.txt', bytes: Buffer.from(essay(22, 100)) }]);
      await runJobsUntilIdle(down);
      // Retries wait with backoff: make them due now, as time passing would.
      for (let round = 0; round < 5; round += 1) {
        await down.db
          .update(jobs)
          .set({ runAt: new Date(0) })
          .where(eq(jobs.status, 'init'));
        await runJobsUntilIdle(down);
      }
      const res = await get(
        down,
        c.teacherSession,
        `/api/homework/${activityId}/duplicate-detect/third-party`,
      );
      expect(res.json().items).toEqual([expect.objectContaining({ status: 'failed', similarity: null })]);
    } finally {
      await down.close();
    }
  }, 60_000);

  it('submits checkable files, polls until done, and shows similarity and report link', async () => {
    const c = await course(t);
    const activityId = (await homework(t, c)).id;
    const essayText = essay(21, 200);
    const submitted = await handIn(t, c, activityId, [
      { name: 'essay.txt', bytes: Buffer.from(essayText) },
      { name: 'photo.png', bytes: Buffer.from('picture') },
    ]);
    for (let round = 0; round < 5; round += 1) {
      await runJobsUntilIdle(t);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(received).toHaveLength(1);
    expect(received[0]!.auth).toBe('Bearer secret-token');
    expect(received[0]!.body.file_name).toBe('essay.txt');
    expect(Buffer.from(received[0]!.body.content_base64, 'base64').toString()).toBe(essayText);
    expect(polls).toBe(2);

    const res = await get(t, c.teacherSession, `/api/homework/${activityId}/duplicate-detect/third-party`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ configured: true, provider: 'Checker' });
    expect(res.json().items).toEqual([
      expect.objectContaining({
        submission_id: submitted.submission.id,
        file_name: 'essay.txt',
        status: 'done',
        similarity: 42.5,
        report_url: 'https://checker.example/report/1',
      }),
    ]);
  }, 60_000);
});

describe('common material', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('leaves the assignment, its files and what most hand-ins hold out of the rate; copying still shows', async () => {
    const c = await course(t);
    const assignment = essay(10, 100);
    const worksheet = essay(20, 100);
    // A statement every hand-in carries (not part of the assignment): common to most of them.
    const honour = essay(30, 60);
    const activityId = (
      await createActivity(t, {
        courseId: c.courseId,
        moduleId: c.moduleId,
        createdBy: c.teacher.id,
        type: 'homework',
        data: { description: `<p>${assignment}</p>` },
      })
    ).id;
    const sheet = await createUpload(t, c.orgId, c.teacher.id, {
      name: 'worksheet.txt',
      bytes: Buffer.from(worksheet),
    });
    await t.db.insert(uploadReferences).values({
      uploadId: sheet.id,
      parentType: 'learning_activity',
      parentId: activityId,
      name: 'worksheet.txt',
      createdBy: c.teacher.id,
    });

    // Two students paste the question and the worksheet, then answer in their own words.
    const copyA = await handIn(t, c, activityId, [
      { name: 'a.docx', bytes: await docx(`${assignment} ${worksheet} ${honour} ${essay(11, 300)}`) },
    ]);
    const copyB = await handIn(t, c, activityId, [
      { name: 'b.txt', bytes: Buffer.from(`${assignment}\n${worksheet}\n${honour}\n${essay(12, 300)}`) },
    ]);
    // Two others hand in nearly the same answer.
    const answer = essay(13, 300);
    const nearC = await handIn(t, c, activityId, [
      { name: 'c.txt', bytes: Buffer.from(`${honour} ${answer}`) },
    ]);
    const nearD = await handIn(t, c, activityId, [
      { name: 'd.docx', bytes: await docx(`${honour} ${answer.replace(/model/g, 'framework')}`) },
    ]);
    await runJobsUntilIdle(t);

    const ids = [copyA, copyB, nearC, nearD].map((s) => s.student.id).join(',');
    const res = await get(
      t,
      c.teacherSession,
      `/api/homework/${activityId}/duplicate-detect/rate?target_ids=${ids}`,
    );
    expect(res.statusCode).toBe(200);
    const [a, b, cRate, d] = res.json().rates;
    expect(a.state).toBe('checked');
    expect(a.rate).toBeLessThan(20);
    expect(b.rate).toBeLessThan(20);
    expect(cRate.rate).toBeGreaterThan(50);
    expect(d.rate).toBeGreaterThan(50);

    const pairs = await get(t, c.teacherSession, `/api/homework/${activityId}/duplicate-detect/pairs`);
    expect(pairs.json().total).toBe(1);
    const [pair] = pairs.json().items;
    expect([pair.a.submission_id, pair.b.submission_id].sort()).toEqual(
      [nearC.submission.id, nearD.submission.id].sort(),
    );
  }, 60_000);
});
