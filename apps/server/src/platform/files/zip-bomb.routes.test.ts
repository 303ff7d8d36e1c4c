import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthoringFixture, createExam } from '../../test/exams-factories.ts';
import type { Session } from '../../test/factories.ts';
import { sofficeStandIn, type StandIn } from '../../test/soffice-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartFile } from '../../test/uploads-fixtures.ts';
import { zeroBombDocx } from './zip-bomb.fixture.ts';

/** Every place the server opens an uploaded zip answers a bomb with 413, quickly, without inflating it. */
let t: TestApp;
let teacher: Session;
let teacherId: number;
let courseId: number;
let moduleId: number;
let standIn: StandIn;
let honestBomb: Buffer;
let lyingBomb: Buffer;
const MB = 1024 * 1024;

beforeAll(async () => {
  // The converter must never be reached; a stand-in counts whether it was.
  standIn = sofficeStandIn({ pdf: Buffer.from('%PDF-1.4\n%%EOF\n') });
  t = await createTestApp({ SOFFICE_PATH: standIn.command });
  ({ teacher, teacherId, courseId, moduleId } = await createAuthoringFixture(t));
  honestBomb = await zeroBombDocx(100 * MB);
  lyingBomb = await zeroBombDocx(100 * MB, { lie: true });
});
afterAll(async () => {
  await t.close();
  standIn.remove();
});

async function upload(filename: string, data: Buffer): Promise<number> {
  const body = multipartFile({ filename, data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...teacher.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

/** The growth of memory outside the JS heap (where inflated buffers live) at its peak during `run`. */
async function timedWithMemory<T>(run: () => Promise<T>) {
  const before = process.memoryUsage().arrayBuffers;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 1);
  const started = Date.now();
  try {
    const result = await run();
    return {
      result,
      ms: Date.now() - started,
      grew: Math.max(peak, process.memoryUsage().arrayBuffers) - before,
    };
  } finally {
    clearInterval(timer);
  }
}

describe('zip bombs', () => {
  it('POST /api/data-import/convert answers 413 for a Word file unpacking to 100 MB', async () => {
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    for (const bomb of [honestBomb, lyingBomb]) {
      expect(bomb.length).toBeLessThan(MB);
      const uploadId = await upload('paper.docx', bomb);
      const {
        result: res,
        ms,
        grew,
      } = await timedWithMemory(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/data-import/convert',
          headers: { ...teacher.headers, 'accept-language': 'en-US' },
          payload: { upload_id: uploadId, belong: 'exam', belong_id: exam.id },
        }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'payload_too_large',
        message: expect.stringContaining('unpacks to more than 64 MB'),
      });
      expect(ms).toBeLessThan(1500);
      expect(grew).toBeLessThan(16 * MB);
    }
  });

  it('says so in the caller’s language', async () => {
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    const uploadId = await upload('paper.docx', honestBomb);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data-import/convert',
      headers: { ...teacher.headers, 'accept-language': 'zh-TW' },
      payload: { upload_id: uploadId, belong: 'exam', belong_id: exam.id },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('解壓縮後超過 64 MB');
  });

  it('GET /api/uploads/{id}/preview answers 413 before LibreOffice opens the file', async () => {
    const uploadId = await upload('deck.pptx', await zeroBombDocx(MB, { declaredSize: 600 * MB }));
    const lyingId = await upload('sheet.xlsx', lyingBomb);
    for (const id of [uploadId, lyingId]) {
      const { result: res, grew } = await timedWithMemory(() =>
        t.app.inject({ method: 'GET', url: `/api/uploads/${id}/preview`, headers: teacher.headers }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('payload_too_large');
      expect(grew).toBeLessThan(16 * MB);
    }
    expect(standIn.runs()).toBe(0);
  });
});
