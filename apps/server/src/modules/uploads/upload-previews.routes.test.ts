import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/uploads.ts';
import { countPdfPages, samplePdf } from '../../seed/sample-pdf.ts';
import {
  addMember,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import {
  installedSoffice,
  sofficeOpensPresentations,
  sofficeStandIn,
  type StandIn,
} from '../../test/soffice-stand-in.ts';
import { createTestApp } from '../../test/test-app.ts';
import { docxBytes, multipartFile, pptxBytes } from '../../test/uploads-fixtures.ts';
import { previewKeyOf } from './upload-previews.ts';

/** One course with a teacher, a student and an outsider, on an app configured by `env`. */
async function courseApp(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  const student = await createUser(t, orgId);
  const outsider = await createUser(t, orgId);
  const courseId = (await createCourse(t, orgId, teacher.id)).id;
  await addMember(t, courseId, student.id, ['student']);
  const moduleId = (await createModule(t, courseId)).id;
  const sessions = {
    teacher: await loginAs(t, teacher),
    student: await loginAs(t, student),
    outsider: await loginAs(t, outsider),
  };

  async function upload(file: { filename: string; data: Buffer }, fields: Record<string, string> = {}) {
    const body = multipartFile(file, fields);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...sessions.teacher.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; mime_type: string };
  }

  async function attach(uploadIds: number[], published = true) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: sessions.teacher.headers,
      payload: { type: 'material', module_id: moduleId, title: 'Courseware', uploads: uploadIds, published },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  }

  const preview = (session: Session, uploadId: number, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/uploads/${uploadId}/preview`,
      headers: { ...session.headers, ...headers },
    });

  /** Where the app keeps the rendering of this upload, on disk. */
  async function previewFile(uploadId: number): Promise<string> {
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, uploadId));
    return path.join(t.config.dataDir, 'uploads', previewKeyOf(row!.storageKey!));
  }

  return { t, sessions, upload, attach, preview, previewFile };
}

type CourseApp = Awaited<ReturnType<typeof courseApp>>;

const fivePages = samplePdf({
  title: 'Linear lists',
  pages: [1, 2, 3, 4, 5].map((n) => ({ heading: `Part ${n}`, lines: [`Line of page ${n}`] })),
});

describe('GET /api/uploads/{id}/preview', () => {
  let c: CourseApp;
  let standIn: StandIn;

  beforeAll(async () => {
    // A stand-in converter, so this part runs the same with or without LibreOffice on the machine.
    standIn = sofficeStandIn({
      delaySeconds: 0.3,
      pdf: samplePdf({ title: 'Rendered', pages: [{ heading: 'R' }] }),
    });
    c = await courseApp({ SOFFICE_PATH: standIn.command });
  });
  afterAll(async () => {
    await c.t.close();
    standIn.remove();
  });

  it('serves a PDF as it is, inline, with byte ranges for the viewer', async () => {
    const file = await c.upload({ filename: 'Lecture 2.pdf', data: fivePages }, { allow_download: 'false' });
    await c.attach([file.id]);
    const res = await c.preview(c.sessions.student, file.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline; filename="Lecture 2.pdf"/);
    expect(res.rawPayload.equals(fivePages)).toBe(true);
    expect(countPdfPages(res.rawPayload)).toBe(5);
    // Viewing is allowed although downloading the original is not (the attachment forbids it).
    const download = await c.t.app.inject({
      method: 'GET',
      url: `/api/uploads/${file.id}/blob`,
      headers: c.sessions.student.headers,
    });
    expect(download.statusCode).toBe(403);

    const part = await c.preview(c.sessions.student, file.id, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${fivePages.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('%PDF-1.4');
    expect(standIn.runs()).toBe(0);
  });

  it('refuses files that have no PDF view', async () => {
    const csv = await c.upload({ filename: 'grades.csv', data: Buffer.from('a,b\n') });
    await c.attach([csv.id]);
    const res = await c.preview(c.sessions.student, csv.id);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'unsupported_media_type',
      message: 'Files of this type cannot be previewed online. Download the file to view it.',
    });
  });

  it('shows a preview only to those who may read the file', async () => {
    const loose = await c.upload({ filename: 'loose.pdf', data: fivePages });
    expect((await c.preview(c.sessions.teacher, loose.id)).statusCode).toBe(200);
    expect((await c.preview(c.sessions.student, loose.id)).statusCode).toBe(404);

    const drafted = await c.upload({ filename: 'draft.docx', data: docxBytes(['Draft']) });
    await c.attach([drafted.id], false);
    expect((await c.preview(c.sessions.student, drafted.id)).statusCode).toBe(404);

    const published = await c.upload({ filename: 'published.pdf', data: fivePages });
    await c.attach([published.id]);
    expect((await c.preview(c.sessions.outsider, published.id)).statusCode).toBe(404);
    expect((await c.preview(c.sessions.student, 999_999)).statusCode).toBe(404);
    const anonymous = await c.t.app.inject({ method: 'GET', url: `/api/uploads/${published.id}/preview` });
    expect(anonymous.statusCode).toBe(401);
    // Nothing above reached the converter: refusals come first.
    expect(standIn.runs()).toBe(0);
  });

  it('converts an Office file once, however many ask at the same time, then serves the kept PDF', async () => {
    const deck = await c.upload({ filename: 'Week 3.pptx', data: pptxBytes(['One', 'Two']) });
    await c.attach([deck.id]);
    const before = standIn.runs();
    const answers = await Promise.all([1, 2, 3].map(() => c.preview(c.sessions.student, deck.id)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toMatch(/^inline; filename="Week 3.pdf"/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(standIn.runs() - before).toBe(1);

    const kept = await c.previewFile(deck.id);
    expect(existsSync(kept)).toBe(true);
    const again = await c.preview(c.sessions.teacher, deck.id, { range: 'bytes=0-4' });
    expect(again.statusCode).toBe(206);
    expect(again.rawPayload.toString()).toBe('%PDF-');
    expect(standIn.runs() - before).toBe(1);

    // Deleting the upload takes its rendering with it.
    const removed = await c.t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${deck.id}`,
      headers: c.sessions.teacher.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(existsSync(kept)).toBe(false);
  });
});

describe('Office previews when conversion cannot happen', () => {
  it('says LibreOffice is not installed when SOFFICE_PATH points nowhere', async () => {
    const c = await courseApp({ SOFFICE_PATH: '/nonexistent/libreoffice/soffice' });
    try {
      const doc = await c.upload({ filename: 'Syllabus.docx', data: docxBytes(['Week 1']) });
      await c.attach([doc.id]);
      const res = await c.preview(c.sessions.student, doc.id);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'unsupported_media_type',
        message:
          'Office documents cannot be previewed because LibreOffice is not installed on the server. Download the file to view it.',
      });
      const zh = await c.preview(
        { ...c.sessions.student, headers: { ...c.sessions.student.headers, 'accept-language': 'zh-CN' } },
        doc.id,
      );
      expect(zh.json().message).toBe('服务器未安装 LibreOffice，暂时无法预览 Office 文档，请下载后查看');
      // PDFs need no converter.
      const pdf = await c.upload({ filename: 'plain.pdf', data: fivePages });
      await c.attach([pdf.id]);
      expect((await c.preview(c.sessions.student, pdf.id)).statusCode).toBe(200);
    } finally {
      await c.t.close();
    }
  });

  it('reports a failed conversion and does not run it again', async () => {
    const failing = sofficeStandIn();
    const c = await courseApp({ SOFFICE_PATH: failing.command });
    try {
      const doc = await c.upload({ filename: 'Broken.docx', data: docxBytes(['?']) });
      await c.attach([doc.id]);
      const first = await c.preview(c.sessions.student, doc.id);
      expect(first.statusCode).toBe(415);
      expect(first.json().message).toBe(
        'This document could not be converted to a PDF preview. Download the file to view it.',
      );
      expect((await c.preview(c.sessions.student, doc.id)).statusCode).toBe(415);
      expect(failing.runs()).toBe(1);
      expect(existsSync(await c.previewFile(doc.id))).toBe(false);
    } finally {
      await c.t.close();
      failing.remove();
    }
  });
});

describe.skipIf(!installedSoffice())('Office previews with LibreOffice installed', () => {
  let c: CourseApp;
  beforeAll(async () => {
    c = await courseApp();
  });
  afterAll(async () => c.t.close());

  it('renders a Word document to PDF page for page and keeps the result', async () => {
    const doc = await c.upload({ filename: 'Reading list.docx', data: docxBytes(['One', 'Two', 'Three']) });
    await c.attach([doc.id]);
    const res = await c.preview(c.sessions.student, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(countPdfPages(res.rawPayload)).toBe(3);

    // The second request is answered from storage: the kept file is served, not written anew.
    const kept = await c.previewFile(doc.id);
    expect(readFileSync(kept).equals(res.rawPayload)).toBe(true);
    const { ino, mtimeMs } = statSync(kept);
    const again = await c.preview(c.sessions.student, doc.id);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(statSync(kept)).toMatchObject({ ino, mtimeMs });
  }, 120_000);

  it.skipIf(!sofficeOpensPresentations())(
    'renders a PowerPoint deck slide for slide',
    async () => {
      const deck = await c.upload({ filename: 'Slides.pptx', data: pptxBytes(['A', 'B', 'C', 'D']) });
      await c.attach([deck.id]);
      const res = await c.preview(c.sessions.student, deck.id);
      expect(res.statusCode).toBe(200);
      expect(countPdfPages(res.rawPayload)).toBe(4);
    },
    120_000,
  );
});
