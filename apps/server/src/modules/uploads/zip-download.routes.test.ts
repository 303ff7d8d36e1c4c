import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { HOMEWORK_SUBMISSION_PARENT } from '../../db/schema/homework.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { insertHomeworkSubmission, insertHomeworkSubmitter } from '../../test/grades-factories.ts';
import { createCourseTeam } from '../../test/course-team-factories.ts';
import { addMember, createActivity, createUpload, createUser, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;
let teacher: { id: number };
let teacherSession: Session;
let studentSession: Session;
let activityId: number;
let courseId: number;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  const team = await createCourseTeam(t, { student: 'student' });
  ({ orgId, courseId, moduleId } = team);
  teacher = team.users.owner;
  ({ owner: teacherSession, student: studentSession } = team.sessions);
  activityId = (await createActivity(t, { courseId, moduleId, createdBy: teacher.id })).id;
});
afterAll(async () => t.close());

async function attach(uploadId: number, allowDownload: boolean) {
  await t.db.insert(uploadReferences).values({
    uploadId,
    parentType: 'learning_activity',
    parentId: activityId,
    name: 'attached',
    allowDownload,
    createdBy: teacher.id,
  });
}

const zipOf = (session: Session, query: string) =>
  t.app.inject({ method: 'GET', url: `/zip/uploads?${query}`, headers: session.headers });

/** Each central-directory entry's name and DOS time as written (no zone), read straight from the bytes. */
function dosTimes(zip: Buffer): Map<string, string> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const times = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    const time = zip.readUInt16LE(at + 12);
    const date = zip.readUInt16LE(at + 14);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const two = (n: number) => String(n).padStart(2, '0');
    times.set(
      name,
      `${(date >> 9) + 1980}-${two((date >> 5) & 15)}-${two(date & 31)} ` +
        `${two(time >> 11)}:${two((time >> 5) & 63)}:${two((time & 31) * 2)}`,
    );
    at += 46 + nameLength + extra + comment;
  }
  return times;
}

describe('GET /zip/uploads', () => {
  it('streams one zip of the files, names made unique, times on the asked clock', async () => {
    const createdAt = new Date('2026-03-01T06:30:10Z');
    const a = await createUpload(t, orgId, teacher.id, {
      name: 'report.txt',
      bytes: Buffer.from('first'),
      createdAt,
    });
    const b = await createUpload(t, orgId, teacher.id, {
      name: 'report.txt',
      bytes: Buffer.from('second'),
      createdAt,
    });
    const c = await createUpload(t, orgId, teacher.id, {
      name: '实验报告.txt',
      bytes: Buffer.from('third '.repeat(1000)),
      createdAt,
    });

    const res = await zipOf(
      teacherSession,
      `upload_ids=${a.id},${b.id}&upload_ids=${c.id}&timezone=Asia/Shanghai`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="files_\d{8}_\d{6}\.zip"; filename\*=UTF-8''files_/);
    // Streamed: the length is not known up front.
    expect(res.headers['content-length']).toBeUndefined();

    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toEqual(['report.txt', 'report (2).txt', '实验报告.txt']);
    expect(await zip.file('report.txt')!.async('string')).toBe('first');
    expect(await zip.file('report (2).txt')!.async('string')).toBe('second');
    expect(await zip.file('实验报告.txt')!.async('string')).toBe('third '.repeat(1000));

    // 06:30:10 UTC is 14:30:10 in Shanghai; the default is UTC.
    expect(dosTimes(res.rawPayload).get('report.txt')).toBe('2026-03-01 14:30:10');
    const utc = await zipOf(teacherSession, `upload_ids=${a.id}`);
    expect(dosTimes(utc.rawPayload).get('report.txt')).toBe('2026-03-01 06:30:10');
  });

  it("puts homework submission files in a folder named by the submitter's number and name", async () => {
    const homework = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacher.id,
      type: 'homework',
      data: {},
    });
    const files: number[] = [];
    for (const [userNo, name] of [
      ['2024001', '张三'],
      ['2024002', 'Li Si'],
    ] as const) {
      const student = await createUser(t, orgId, { userNo, name });
      await addMember(t, courseId, student.id, ['student']);
      await insertHomeworkSubmitter(t, {
        activityId: homework.id,
        userId: student.id,
        lastVersion: 1,
        status: 1,
      });
      const submission = await insertHomeworkSubmission(t, {
        activityId: homework.id,
        userId: student.id,
        version: 1,
      });
      const upload = await createUpload(t, orgId, student.id, {
        name: 'essay.txt',
        bytes: Buffer.from(userNo),
      });
      await t.db.insert(uploadReferences).values({
        uploadId: upload.id,
        parentType: HOMEWORK_SUBMISSION_PARENT,
        parentId: submission.id,
        name: 'essay.txt',
        createdBy: student.id,
      });
      files.push(upload.id);
    }
    const own = await createUpload(t, orgId, teacher.id, { name: 'essay.txt', bytes: Buffer.from('key') });
    const res = await zipOf(
      teacherSession,
      `upload_ids=${[...files, own.id].join(',')}&timezone=Asia/Shanghai`,
    );
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).filter((n) => !n.endsWith('/'))).toEqual([
      '2024001_张三/essay.txt',
      '2024002_Li Si/essay.txt',
      'essay.txt',
    ]);
    expect(await zip.file('2024002_Li Si/essay.txt')!.async('string')).toBe('2024002');
    // A classmate may not take the others' work.
    expect((await zipOf(studentSession, `upload_ids=${files.join(',')}`)).statusCode).toBe(404);
  });

  it('refuses the whole zip when one file may not be downloaded by the caller', async () => {
    const open = await createUpload(t, orgId, teacher.id, { bytes: Buffer.from('open') });
    await attach(open.id, true);
    const locked = await createUpload(t, orgId, teacher.id, { bytes: Buffer.from('locked') });
    await attach(locked.id, false);
    const unattached = await createUpload(t, orgId, teacher.id, { bytes: Buffer.from('private') });

    const fine = await zipOf(studentSession, `upload_ids=${open.id}`);
    expect(fine.statusCode).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(fine.rawPayload)).files)).toHaveLength(1);

    const withLocked = await zipOf(studentSession, `upload_ids=${open.id},${locked.id}`);
    expect(withLocked.statusCode).toBe(403);
    const withHidden = await zipOf(studentSession, `upload_ids=${open.id},${unattached.id}`);
    expect(withHidden.statusCode).toBe(404);
    const missing = await zipOf(teacherSession, `upload_ids=${open.id},999999`);
    expect(missing.statusCode).toBe(404);
    // The teacher uploaded all of them, so may take them all.
    const teacherZip = await zipOf(teacherSession, `upload_ids=${open.id},${locked.id},${unattached.id}`);
    expect(teacherZip.statusCode).toBe(200);
  });

  it('a client leaving mid-download does not disturb the next one', async () => {
    const big = [];
    for (let i = 0; i < 8; i += 1) {
      big.push(
        await createUpload(t, orgId, teacher.id, {
          name: `big-${i}.bin`,
          bytes: Buffer.alloc(1024 * 1024, i),
        }),
      );
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/zip/uploads?upload_ids=${big.map((u) => u.id).join(',')}`;
    const cookie = String(teacherSession.headers.cookie);
    // A client that reads the first bytes and hangs up.
    await new Promise<void>((resolve, reject) => {
      const request = get(url, { headers: { cookie } }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
    });

    const whole = await fetch(url, { headers: { cookie, connection: 'close' } });
    expect(whole.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await whole.arrayBuffer()));
    expect(Object.keys(zip.files)).toHaveLength(8);
  });

  it('wants ids, a known time zone and a signed-in caller', async () => {
    const file = await createUpload(t, orgId, teacher.id, { bytes: Buffer.from('x') });
    expect((await zipOf(teacherSession, 'timezone=UTC')).statusCode).toBe(400);
    expect((await zipOf(teacherSession, 'upload_ids=abc')).statusCode).toBe(400);
    const zone = await zipOf(teacherSession, `upload_ids=${file.id}&timezone=Mars/Olympus`);
    expect(zone.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `/zip/uploads?upload_ids=${file.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
