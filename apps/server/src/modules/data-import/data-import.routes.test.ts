import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { toSubjectInput } from '@lectern/contracts/data-import/imported-subject';
import type {
  IdentifyImportResponse,
  ImportedSubject,
} from '@lectern/contracts/data-import/data-import.schemas';
import { SUBJECT_IMAGE_PARENT, subjects } from '../../db/schema/exams.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import {
  createAuthoringFixture,
  createExam,
  createSubjectLib,
  everyTypeInputs,
  insertSubjects,
  singleChoice,
} from '../../test/exams-factories.ts';
import type { Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartFile } from '../../test/uploads-fixtures.ts';
import { orphanUploadsService } from '../uploads/orphan-uploads.service.ts';
import { htmlToDocx } from './html-to-docx.writer.ts';

let t: TestApp;
let orgId: number;
let teacherId: number;
let courseId: number;
let moduleId: number;
let teacher: Session;
let student: Session;
let simulating: Session;
let otherTeacher: Session;

beforeAll(async () => {
  t = await createTestApp();
  ({ orgId, teacherId, courseId, moduleId, teacher, student, simulating, otherTeacher } =
    await createAuthoringFixture(t));
});
afterAll(async () => t.close());

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const THREE_QUESTIONS = [
  '1. [Single choice] What is the capital of France?',
  'A. Berlin',
  'B. Paris',
  'C. Rome',
  'Answer: B',
  'Points: 4',
  '2. The sun rises in the east.',
  'Answer: True',
  'Points: 3',
  '3. [Fill in the blank] Water boils at ____ degrees Celsius.',
  'Answer: 100',
  'Points: 3',
].join('\n');

const newExam = (data: object = {}) => createExam(t, { courseId, moduleId, createdBy: teacherId, data });
const examCount = async (activityId: number) => {
  const [row] = await t.db.select({ n: count() }).from(subjects).where(eq(subjects.activityId, activityId));
  return row?.n ?? 0;
};

function identify(session: Session, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/data-import/identify',
    headers: session.headers,
    payload,
  });
}

async function upload(session: Session, filename: string, data: Buffer): Promise<number> {
  const body = multipartFile({ filename, data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

function convert(session: Session, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/data-import/convert', headers: session.headers, payload });
}

function save(session: Session, path: string, list: readonly ImportedSubject[]) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: session.headers,
    payload: { subjects: list.map((s) => toSubjectInput(s)) },
  });
}

describe('identify', () => {
  it('turns text into questions, sorted after the paper’s last question, with the points left', async () => {
    const exam = await newExam();
    await insertSubjects(
      t,
      { activityId: exam.id, isMakeup: false },
      [singleChoice(10), singleChoice(20)],
      teacherId,
    );
    const res = await identify(teacher, { belong: 'exam', belong_id: exam.id, content: THREE_QUESTIONS });
    expect(res.statusCode).toBe(200);
    const body = res.json() as IdentifyImportResponse;
    expect(body.subjects.map((s) => [s.type, s.point, s.sort])).toEqual([
      ['single_selection', 4, 3],
      ['true_or_false', 3, 4],
      ['fill_in_blank', 3, 5],
    ]);
    expect(body.subjects[0]?.options.map((o) => [o.content, o.is_answer])).toEqual([
      ['Berlin', false],
      ['Paris', true],
      ['Rome', false],
    ]);
    expect(body.subjects[2]?.blanks).toEqual([{ sort: 0, answers: ['100'] }]);
    expect(body).toMatchObject({ total_point: 10, error_count: 0, remaining_points: 70, warnings: [] });
    expect(await examCount(exam.id)).toBe(2);
  });

  it('reports what it cannot understand on the question, saying where', async () => {
    const exam = await newExam();
    const content = ['1. Pick one', 'A. yes', 'B. no', 'Answer: D', '2. Fine?', 'Answer: True'].join('\n');
    const res = await identify(teacher, { belong: 'exam', belong_id: exam.id, content });
    expect(res.statusCode).toBe(200);
    const body = res.json() as IdentifyImportResponse;
    expect(body.error_count).toBe(1);
    const [error] = body.subjects[0]?.errors ?? [];
    expect(error).toMatchObject({ code: 'answerInvalid', line: 4 });
    expect(error?.message).toMatch(/Question 1/);
    expect(body.subjects[1]?.errors).toEqual([]);
  });

  it('identifies a file of more than 200 questions whole (the limit of 200 is per save)', async () => {
    const exam = await newExam();
    const content = Array.from({ length: 240 }, (_, i) => `${i + 1}. Is ${i} even?\nAnswer: True`).join('\n');
    const res = await identify(teacher, { belong: 'exam', belong_id: exam.id, content });
    expect(res.statusCode).toBe(200);
    const body = res.json() as IdentifyImportResponse;
    expect(body.subjects).toHaveLength(240);
    expect(body.error_count).toBe(0);
    expect(body.subjects.at(-1)).toMatchObject({ number: '240', sort: 240 });
  });

  it('refuses content without any question', async () => {
    const exam = await newExam();
    const res = await identify(teacher, { belong: 'exam', belong_id: exam.id, content: '<p>Final exam</p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.content).toHaveLength(1);
  });

  it('drops fill-in-the-blank sub-questions of analysis questions for eztest papers', async () => {
    const exam = await newExam();
    const content = [
      '1. [Analysis] Read the passage.',
      '(1) [Single choice] Who?',
      'A. me',
      'B. you',
      'Answer: A',
      'Points: 2',
      '(2) [Fill in the blank] The ____ is blue.',
      'Answer: sky',
      'Points: 3',
    ].join('\n');
    const standard = (await identify(teacher, { belong: 'exam', belong_id: exam.id, content })).json();
    expect(standard.subjects[0].sub_subjects.map((s: ImportedSubject) => s.type)).toEqual([
      'single_selection',
      'fill_in_blank',
    ]);
    expect(standard.subjects[0].point).toBe(5);
    const eztest = await identify(teacher, {
      belong: 'exam',
      belong_id: exam.id,
      content,
      exam_type: 'eztest',
    });
    expect(eztest.statusCode).toBe(200);
    expect(eztest.json().subjects[0].sub_subjects.map((s: ImportedSubject) => s.type)).toEqual([
      'single_selection',
    ]);
    expect(eztest.json().subjects[0].point).toBe(2);
  });

  it('has no points limit for libraries and refuses folders', async () => {
    const lib = await createSubjectLib(t, { orgId, ownerId: teacherId, courseId });
    const res = await identify(teacher, { belong: 'library', belong_id: lib.id, content: THREE_QUESTIONS });
    expect(res.statusCode).toBe(200);
    expect(res.json().remaining_points).toBeNull();
    const folder = await createSubjectLib(t, { orgId, ownerId: teacherId, courseId, libType: 'folder' });
    const refused = await identify(teacher, {
      belong: 'library',
      belong_id: folder.id,
      content: THREE_QUESTIONS,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('takes stand-alone questions only into classroom exams', async () => {
    const classroom = await createExam(t, {
      courseId,
      moduleId,
      createdBy: teacherId,
      type: 'classroom_exam',
    });
    const content = ['1. [Analysis] Read.', '(1) Sure?', 'Answer: True', 'Points: 1'].join('\n');
    const res = await identify(teacher, { belong: 'classroom', belong_id: classroom.id, content });
    expect(res.statusCode).toBe(200);
    expect(res.json().subjects[0].errors.map((e: { code: string }) => e.code)).toContain('typeNotAllowed');
  });

  it('has no make-up paper for a classroom exam: new questions still go after its questions', async () => {
    const classroom = await createExam(t, {
      courseId,
      moduleId,
      createdBy: teacherId,
      type: 'classroom_exam',
    });
    await insertSubjects(t, { activityId: classroom.id, isMakeup: false }, [singleChoice(5)], teacherId);
    const res = await identify(teacher, {
      belong: 'classroom',
      belong_id: classroom.id,
      content: '1. [Single choice] Pick one.\nA. x\nB. y\nAnswer: A',
      is_makeup_exam: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subjects: [{ sort: 2 }], remaining_points: 95 });
  });

  it('is for the teaching team only', async () => {
    const exam = await newExam();
    const payload = { belong: 'exam', belong_id: exam.id, content: THREE_QUESTIONS };
    expect((await identify(student, payload)).statusCode).toBe(403);
    expect((await identify(simulating, payload)).statusCode).toBe(403);
    expect([403, 404]).toContain((await identify(otherTeacher, payload)).statusCode);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/data-import/identify', payload });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('saving what was identified', () => {
  it('stores every question, all or nothing, within the points left', async () => {
    const exam = await newExam();
    const identified = (
      await identify(teacher, { belong: 'exam', belong_id: exam.id, content: THREE_QUESTIONS })
    ).json() as IdentifyImportResponse;
    const saved = await save(teacher, `/api/exams/${exam.id}/subjects`, identified.subjects);
    expect(saved.statusCode).toBe(201);
    expect(await examCount(exam.id)).toBe(3);

    const full = await newExam({ total_points: 8 });
    const over = await save(teacher, `/api/exams/${full.id}/subjects`, identified.subjects);
    expect(over.statusCode).toBe(400);
    expect(await examCount(full.id)).toBe(0);
  });

  it('stores nothing when one question of the batch is invalid, or when there are more than 200', async () => {
    const exam = await newExam();
    const identified = (
      await identify(teacher, { belong: 'exam', belong_id: exam.id, content: THREE_QUESTIONS })
    ).json() as IdentifyImportResponse;
    const broken = identified.subjects.map((s, i) => (i === 1 ? { ...s, options: [] } : s));
    const res = await save(teacher, `/api/exams/${exam.id}/subjects`, broken);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('subjects.1.options');
    const tooMany = Array.from({ length: 201 }, () => identified.subjects[0]!).map((s) => ({
      ...s,
      point: 0,
    }));
    expect((await save(teacher, `/api/exams/${exam.id}/subjects`, tooMany)).statusCode).toBe(400);
    expect(await examCount(exam.id)).toBe(0);
  });

  it('refuses a student', async () => {
    const exam = await newExam();
    const identified = (
      await identify(teacher, { belong: 'exam', belong_id: exam.id, content: THREE_QUESTIONS })
    ).json() as IdentifyImportResponse;
    expect((await save(student, `/api/exams/${exam.id}/subjects`, identified.subjects)).statusCode).toBe(403);
    expect(await examCount(exam.id)).toBe(0);
  });
});

describe('convert', () => {
  it('turns a Word file into raw content, pictures stored as the teacher’s uploads', async () => {
    const exam = await newExam();
    const docx = await htmlToDocx(
      '<p>1. [Single choice] Which picture? <img src="/picture.png"></p><p>A. this</p><p>B. that</p><p>Answer: A</p>',
      { loadImage: async () => ({ data: PNG, type: 'png', width: 1, height: 1 }) },
    );
    const uploadId = await upload(teacher, 'paper.docx', docx);
    const res = await convert(teacher, { upload_id: uploadId, belong: 'exam', belong_id: exam.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.format).toBe('docx');
    expect(body.content).toMatch(/Which picture\?/);
    const src = /\/api\/uploads\/(\d+)\/blob/.exec(body.content);
    expect(src).not.toBeNull();
    const [image] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, Number(src?.[1])));
    expect(image).toMatchObject({ createdBy: teacherId, mimeType: 'image/png', status: 'ready' });
    expect(body.content).not.toMatch(/base64/);
  });

  it('reads GIFT, Aiken and Moodle XML into the same text format', async () => {
    const exam = await newExam();
    const gift = await upload(
      teacher,
      'quiz.gift',
      Buffer.from('::Q1:: 2 + 2 = ? {=4 ~3 ~5}\n\n::Q2:: The earth is flat. {F}\n'),
    );
    const res = await convert(teacher, { upload_id: gift, belong: 'exam', belong_id: exam.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().format).toBe('gift');
    const identified = (
      await identify(teacher, { belong: 'exam', belong_id: exam.id, content: res.json().content })
    ).json() as IdentifyImportResponse;
    expect(identified.subjects.map((s) => s.type)).toEqual(['single_selection', 'true_or_false']);
    expect(identified.error_count).toBe(0);

    const aiken = await upload(teacher, 'aiken.txt', Buffer.from('Is 7 prime?\nA. Yes\nB. No\nANSWER: A\n'));
    expect(
      (await convert(teacher, { upload_id: aiken, belong: 'exam', belong_id: exam.id })).json().format,
    ).toBe('aiken');

    // Moodle writes a declaration; files edited by hand often lose it, and both are stored as XML.
    const moodle = await upload(
      teacher,
      'bank.xml',
      Buffer.from(
        '<quiz><question type="truefalse"><name><text>Q</text></name>' +
          '<questiontext format="html"><text>Water is wet.</text></questiontext>' +
          '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>' +
          '</question></quiz>',
      ),
    );
    const moodleRes = await convert(teacher, { upload_id: moodle, belong: 'exam', belong_id: exam.id });
    expect(moodleRes.json().format).toBe('moodle_xml');
    expect(moodleRes.json().content).toMatch(/Water is wet\./);
  });

  it('refuses files it cannot read, and files of somebody else', async () => {
    const exam = await newExam();
    const text = await upload(teacher, 'notes.txt', Buffer.from('just some notes, no questions at all'));
    const res = await convert(teacher, { upload_id: text, belong: 'exam', belong_id: exam.id });
    expect(res.statusCode).toBe(415);
    const picture = await upload(teacher, 'photo.png', PNG);
    expect(
      (await convert(teacher, { upload_id: picture, belong: 'exam', belong_id: exam.id })).statusCode,
    ).toBe(415);
    const theirs = await upload(otherTeacher, 'theirs.txt', Buffer.from('Q?\nA. a\nB. b\nANSWER: A\n'));
    expect(
      (await convert(teacher, { upload_id: theirs, belong: 'exam', belong_id: exam.id })).statusCode,
    ).toBe(403);
    expect((await convert(student, { upload_id: text, belong: 'exam', belong_id: exam.id })).statusCode).toBe(
      403,
    );
  });
});

describe('pictures inside questions', () => {
  it('are attached to the saved question, shown to its students and kept by the sweep', async () => {
    const exam = await newExam();
    const pictureId = await upload(teacher, 'graph.png', PNG);
    const content = `1. [True or false] Is this a graph? <img src="/api/uploads/${pictureId}/blob">\nAnswer: True\nPoints: 5`;
    const identified = (await identify(teacher, { belong: 'exam', belong_id: exam.id, content })).json();
    expect(identified.error_count).toBe(0);
    const saved = await save(teacher, `/api/exams/${exam.id}/subjects`, identified.subjects);
    expect(saved.statusCode).toBe(201);
    const subjectId = saved.json().subjects[0].id as number;
    const refs = await t.db
      .select()
      .from(uploadReferences)
      .where(
        and(eq(uploadReferences.parentType, SUBJECT_IMAGE_PARENT), eq(uploadReferences.parentId, subjectId)),
      );
    expect(refs.map((r) => r.uploadId)).toEqual([pictureId]);

    const blob = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${pictureId}/blob`,
      headers: student.headers,
    });
    expect(blob.statusCode).toBe(200);

    const swept = await orphanUploadsService({
      config: t.config,
      db: t.db,
      storage: t.storage,
      log: t.app.log,
    }).sweepOrphanUploads(new Date(Date.now() + 365 * 24 * 3600_000));
    expect(swept).toBeGreaterThanOrEqual(0);
    const [still] = await t.db.select().from(uploads).where(eq(uploads.id, pictureId));
    expect(still).toBeDefined();
  });

  it('does not hand on a file the author may not share', async () => {
    const exam = await newExam();
    const theirs = await upload(otherTeacher, 'secret.png', PNG);
    const content = `1. Look <img src="/api/uploads/${theirs}/blob">\nAnswer: True\nPoints: 1`;
    const identified = (await identify(teacher, { belong: 'exam', belong_id: exam.id, content })).json();
    const saved = await save(teacher, `/api/exams/${exam.id}/subjects`, identified.subjects);
    expect(saved.statusCode).toBe(201);
    const blob = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${theirs}/blob`,
      headers: student.headers,
    });
    expect(blob.statusCode).toBe(404);
  });
});

describe('export', () => {
  it('gives back equal questions when an exported paper is imported again', async () => {
    const exam = await newExam();
    const content = [
      THREE_QUESTIONS,
      '4. [Multiple choice] Which are <strong>even</strong>?',
      'A. 2',
      'B. 3',
      'C. 4',
      'Answer: AC',
      'Explanation: 2 and 4 divide by two.',
      'Points: 5',
      'Difficulty: hard',
      'Knowledge points: numbers; parity',
      '5. [Short answer] Explain recursion.',
      'Answer: A function calling itself.',
      'Points: 5',
      '6. [Analysis] Read the passage.',
      '(1) [Single choice] Who?',
      'A. me',
      'B. you',
      'Answer: A',
      'Points: 2',
      '(2) [True or false] Sure?',
      'Answer: False',
      'Points: 3',
    ].join('\n');
    const first = (
      await identify(teacher, { belong: 'exam', belong_id: exam.id, content })
    ).json() as IdentifyImportResponse;
    expect(first.error_count).toBe(0);
    expect((await save(teacher, `/api/exams/${exam.id}/subjects`, first.subjects)).statusCode).toBe(201);

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/exams/${exam.id}/subjects/export?format=docx`,
      headers: teacher.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/wordprocessingml/);
    const uploadId = await upload(teacher, 'export.docx', exported.rawPayload);
    const target = await newExam();
    const converted = (
      await convert(teacher, { upload_id: uploadId, belong: 'exam', belong_id: target.id })
    ).json();
    const again = (
      await identify(teacher, { belong: 'exam', belong_id: target.id, content: converted.content })
    ).json() as IdentifyImportResponse;
    expect(again.error_count).toBe(0);
    expect(again.subjects.map((s) => toSubjectInput(s))).toEqual(
      first.subjects.map((s) => toSubjectInput(s)),
    );
  });

  it('writes Moodle XML, and only for the teaching team', async () => {
    const exam = await newExam();
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, everyTypeInputs(), teacherId);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/exams/${exam.id}/subjects/export?format=moodle_xml`,
      headers: teacher.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<\?xml/);
    expect(res.body).toMatch(/<question type="multichoice">/);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/exams/${exam.id}/subjects/export?format=docx`,
      headers: student.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('templates', () => {
  it('serves each template by name and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/static/data_import_templates/exam-zh-cn.docx' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/static/data_import_templates/exam-fr-fr.docx',
    });
    expect(missing.statusCode).toBe(404);
  });
});
