import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { samplePdf } from '../../seed/sample-pdf.ts';
import { createOrg, createUser, loginAs, type Session } from '../../test/factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { sofficeStandIn, type StandIn } from '../../test/soffice-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { docxBytes, multipartFile } from '../../test/uploads-fixtures.ts';
import { OFFICE_PREVIEW_JOB } from './office-preview.job.ts';
import { previewKeyOf } from './upload-previews.ts';

// Office previews are rendered by the durable job queue right after the upload, so the first viewer
// finds the PDF ready and any process (not the one asked) does the conversion.

let t: TestApp;
let standIn: StandIn;
let session: Session;

beforeAll(async () => {
  standIn = sofficeStandIn({ pdf: samplePdf({ title: 'Rendered', pages: [{ heading: 'R' }] }) });
  t = await createTestApp({ SOFFICE_PATH: standIn.command });
  session = await loginAs(t, await createUser(t, (await createOrg(t)).id));
});
afterAll(async () => {
  await t.close();
  standIn.remove();
});

async function upload(file: { filename: string; data: Buffer }) {
  const body = multipartFile(file, {});
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const previewJobsOf = (uploadId: number) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, OFFICE_PREVIEW_JOB), eq(jobs.payload, { upload_id: uploadId })));

describe('office previews on the job queue', () => {
  it('renders an Office upload before anyone asks, and the viewer is served without a conversion', async () => {
    const id = await upload({ filename: 'Syllabus.docx', data: docxBytes(['Week 1', 'Week 2']) });
    expect(await previewJobsOf(id)).toHaveLength(1);

    const before = standIn.runs();
    await runJobsUntilIdle(t);
    expect(standIn.runs() - before).toBe(1);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, id));
    const kept = path.join(t.config.dataDir, 'uploads', previewKeyOf(row?.storageKey ?? ''));
    expect(existsSync(kept)).toBe(true);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/preview`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(standIn.runs() - before).toBe(1);
  });

  it('queues nothing for files that need no conversion', async () => {
    const id = await upload({ filename: 'notes.txt', data: Buffer.from('plain text\n') });
    expect(await previewJobsOf(id)).toHaveLength(0);
  });
});
