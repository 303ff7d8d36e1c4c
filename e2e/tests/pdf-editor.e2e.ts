import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login } from '../support/browser.ts';
import { CS201, toast, UI_TIMEOUT, useJourneyServer, visible } from '../support/journey.ts';

const journey = useJourneyServer();

/** An open individual homework of CS201 in the demo data. */
const HOMEWORK_TITLE = '作业一：线性表的基本操作';
const STUDENT = 's20240001';
const TEACHER = 't1001';

async function essayPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [index, line] of ['Linked lists: insertion and deletion', 'Reversal in O(n)'].entries()) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Page ${index + 1}: ${line}`, { x: 60, y: 760, size: 18, font });
  }
  return Buffer.from(await pdf.save());
}

async function json<T>(response: { status(): number; json(): Promise<unknown>; text(): Promise<string> }) {
  if (response.status() >= 300) throw new Error(`${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function homeworkId(page: Page): Promise<number> {
  const { courses } = await json<{ courses: { id: number; name: string }[] }>(
    await page.request.post('/api/my-courses', { data: { page: 1, page_size: 100 } }),
  );
  const course = courses.find((c) => c.name === CS201.name);
  if (!course) throw new Error(`${CS201.name} is not among ${courses.map((c) => c.name).join(', ')}`);
  const { activities } = await json<{ activities: { id: number; title: string }[] }>(
    await page.request.get(`/api/courses/${course.id}/activities`),
  );
  const homework = activities.find((a) => a.title === HOMEWORK_TITLE);
  if (!homework) throw new Error(`no ${HOMEWORK_TITLE}`);
  return homework.id;
}

/** A photo of handwritten work, as a phone would send it: a PNG the browser draws. */
async function photoPng(page: Page): Promise<Buffer> {
  // Evaluated as text: this workspace compiles without the DOM's types.
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d');
    context.fillStyle = '#fffdf5';
    context.fillRect(0, 0, 800, 600);
    context.fillStyle = '#223';
    context.font = '40px sans-serif';
    context.fillText('head -> 3 -> 7 -> null', 60, 120);
    return canvas.toDataURL('image/png');
  })()`);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The student hands in a file; answers its upload and the submission. */
async function handIn(
  page: Page,
  activityId: number,
  bytes: Buffer,
  file = { name: 'essay.pdf', mimeType: 'application/pdf' },
) {
  const upload = await json<{ id: number }>(
    await page.request.post('/api/uploads', {
      multipart: { file: { ...file, buffer: bytes } },
    }),
  );
  const { submission } = await json<{ submission: { id: number } }>(
    await page.request.post(`/api/course/activities/${activityId}/submissions`, {
      data: { comment: 'My essay', uploads: [upload.id] },
    }),
  );
  return { uploadId: upload.id, submissionId: submission.id };
}

/** Every annotation on every page of a PDF: its subtype and its text, if any. */
async function annotations(bytes: Buffer): Promise<{ subtype: string; contents: string | null }[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().flatMap((page) => {
    const annots = page.node.Annots();
    if (!annots) return [];
    return annots.asArray().map((ref) => {
      const dict = pdf.context.lookup(ref, PDFDict);
      const contents = dict.get(PDFName.of('Contents'));
      return {
        subtype: dict.get(PDFName.of('Subtype'))?.toString() ?? '',
        contents:
          contents instanceof PDFString || contents instanceof PDFHexString ? contents.decodeText() : null,
      };
    });
  });
}

async function annotationTypes(bytes: Buffer): Promise<string[]> {
  return (await annotations(bytes)).map((a) => a.subtype);
}

async function pageRotations(bytes: Buffer): Promise<number[]> {
  return (await PDFDocument.load(bytes)).getPages().map((page) => page.getRotation().angle);
}

/** The teacher's page on the editor, opened for one submission's file. */
async function openEditor(page: Page, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  await page.goto(`/pdf/editor?${search}`);
  const firstPage = page.locator('.pdfViewer .page').first();
  await visible(firstPage.locator('canvas'));
  return firstPage;
}

async function markedCopies(page: Page, submissionId: number) {
  const { marked_attachments: attachments } = await json<{
    marked_attachments: { upload_id: number; origin_upload_id: number | null; name: string }[];
  }>(await page.request.get(`/api/submissions/${submissionId}/marked_attachments`));
  return attachments;
}

/** The bytes of the marker's own upload (a marked reference's blob_url is the homework slice's to grant). */
async function uploadBytes(page: Page, uploadId: number): Promise<Buffer> {
  return Buffer.from(await (await page.request.get(`/api/uploads/${uploadId}/blob`)).body());
}

describe('the PDF annotation editor', () => {
  test('a teacher marks up a handed-in PDF and saves it as a new marked attachment', async () => {
    const original = await essayPdf();
    const student = await journey.browser.newPage('en-US');
    await login(student, STUDENT);
    const activityId = await homeworkId(student);
    const { uploadId, submissionId } = await handIn(student, activityId, original);

    const teacher = await journey.browser.newPage('en-US');
    await login(teacher, TEACHER);
    const firstPage = await openEditor(teacher, {
      uploadId,
      fileType: 'pdf',
      fileName: 'essay.pdf',
      rotatedAngle: 0,
      activity_id: activityId,
      submission_id: submissionId,
    });

    // Preview first: the page is drawn, and editing waits for the teacher's choice.
    await visible(teacher.getByRole('heading', { name: 'Mark up essay.pdf' }));
    await expect.poll(() => teacher.getByRole('button', { name: 'Draw', exact: true }).count()).toBe(0);
    await teacher.getByRole('button', { name: 'Mark up' }).click();

    // A text box.
    await teacher.getByRole('button', { name: 'Text', exact: true }).click();
    await visible(firstPage.locator('.annotationEditorLayer.freetextEditing'));
    const box = await firstPage.boundingBox();
    if (!box) throw new Error('the page has no box');
    // Near the top: a fitted page is taller than the window.
    await teacher.mouse.click(box.x + box.width * 0.3, box.y + 200);
    const textEditor = teacher.locator('.freeTextEditor [contenteditable="true"]').first();
    await visible(textEditor);
    await teacher.keyboard.type('Well argued');

    // An ink stroke.
    await teacher.getByRole('button', { name: 'Draw', exact: true }).click();
    await visible(teacher.getByRole('spinbutton', { name: 'Pen thickness' }));
    // pdf.js switches its editor layer to drawing asynchronously.
    await visible(firstPage.locator('.annotationEditorLayer.inkEditing'));
    const start = { x: box.x + box.width * 0.2, y: box.y + 400 };
    await teacher.mouse.move(start.x, start.y);
    await teacher.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await teacher.mouse.move(start.x + step * 15, start.y + (step % 2) * 12);
    }
    await teacher.mouse.up();
    const save = teacher.getByRole('button', { name: /Save/ });
    await expect.poll(() => save.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await save.click();
    await visible(toast(teacher, 'Saved as a marked attachment: essay (marked).pdf'));

    // A new upload, attached to the submission, holds the annotations.
    const attachments = await markedCopies(teacher, submissionId);
    expect(attachments).toHaveLength(1);
    const [marked] = attachments;
    expect(marked!.origin_upload_id).toBe(uploadId);
    expect(marked!.upload_id).not.toBe(uploadId);
    expect(marked!.name).toBe('essay (marked).pdf');
    const markedBytes = await uploadBytes(teacher, marked!.upload_id);
    expect(markedBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const types = await annotationTypes(markedBytes);
    expect(types).toContain('/FreeText');
    expect(types).toContain('/Ink');
    expect(markedBytes.toString('latin1')).toContain('Well argued');

    // The student's file is untouched.
    const originalNow = Buffer.from(
      await (await student.request.get(`/api/uploads/${uploadId}/blob`)).body(),
    );
    expect(originalNow.equals(original)).toBe(true);
    expect(await annotationTypes(originalNow)).toEqual([]);
  });

  test('a photo becomes a PDF with a stamp, Chinese text and the rotation the teacher chose', async () => {
    const student = await journey.browser.newPage('en-US');
    await login(student, 's20240002');
    const activityId = await homeworkId(student);
    const photo = await photoPng(student);
    const { uploadId, submissionId } = await handIn(student, activityId, photo, {
      name: 'photo.png',
      mimeType: 'image/png',
    });

    // In Chinese, pdf.js's own words included.
    const teacher = await journey.browser.newPage('zh-CN');
    await login(teacher, TEACHER);
    const firstPage = await openEditor(teacher, {
      uploadId,
      fileType: 'image',
      fileName: 'photo.png',
      rotatedAngle: 90,
      activity_id: activityId,
      submission_id: submissionId,
    });
    await teacher.getByRole('button', { name: '批改', exact: true }).click();

    await teacher.getByRole('button', { name: '文字', exact: true }).click();
    await visible(firstPage.locator('.annotationEditorLayer.freetextEditing'));
    const box = await firstPage.boundingBox();
    if (!box) throw new Error('the page has no box');
    await teacher.mouse.click(box.x + 120, box.y + 120);
    const textBox = teacher.locator('.freeTextEditor [contenteditable="true"]');
    await visible(textBox);
    await expect.poll(() => textBox.getAttribute('aria-label'), { timeout: UI_TIMEOUT }).toBe('文本编辑器');
    await teacher.keyboard.insertText('论证充分');

    await teacher.getByRole('button', { name: '印章', exact: true }).click();
    await teacher.getByRole('menuitem', { name: '对 ✓' }).click();
    await visible(firstPage.locator('.stampEditor canvas'));

    await teacher.getByRole('button', { name: '向右旋转' }).click();
    await teacher.getByRole('button', { name: /保\s*存/ }).click();
    await visible(toast(teacher, '已保存为批改附件：photo（批改）.pdf'));

    const [marked] = await markedCopies(teacher, submissionId);
    expect(marked).toMatchObject({ origin_upload_id: uploadId, name: 'photo（批改）.pdf' });
    const bytes = await uploadBytes(teacher, marked!.upload_id);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Opened at 90° and turned once more: the copy's page stands at 180°.
    expect(await pageRotations(bytes)).toEqual([180]);
    const found = await annotations(bytes);
    expect(found.map((a) => a.subtype).sort()).toEqual(['/FreeText', '/Stamp']);
    expect(found.find((a) => a.subtype === '/FreeText')?.contents).toBe('论证充分');

    // Nothing unsaved is left: the teacher may leave without a warning.
    await teacher.getByRole('button', { name: /关\s*闭/ }).click();
    await expect.poll(() => new URL(teacher.url()).pathname, { timeout: UI_TIMEOUT }).not.toBe('/pdf/editor');

    const photoNow = Buffer.from(await (await student.request.get(`/api/uploads/${uploadId}/blob`)).body());
    expect(photoNow.equals(photo)).toBe(true);
  });
});
