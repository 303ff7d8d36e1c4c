import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import type {
  KnowledgeImportResult,
  KnowledgeParsedTree,
} from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { activities } from '../../db/schema/activities.ts';
import { subjectKnowledgeNodes, subjectLibs, subjects } from '../../db/schema/exams.ts';
import {
  knowledgeNodeReferences,
  knowledgeNodeRelations,
  knowledgeNodes,
  knowledgeReferenceFragments,
} from '../../db/schema/knowledge-graph.ts';
import { zeroBombDocx } from '../../platform/files/zip-bomb.fixture.ts';
import { caller, createExamWorld, createOpenExam, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { addMember, createActivity, createCourse, createModule, createUpload } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 1);
  as = caller(t);
});
afterAll(async () => t.close());

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer };

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----lectern${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(url: string, parts: Part[], session = w.teacherSession) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...session.headers, 'content-type': contentType },
  });
}

/** The course's live nodes as "parent > child" paths, in tree order. */
async function paths(courseId: number): Promise<string[]> {
  const rows = await t.db
    .select()
    .from(knowledgeNodes)
    .where(and(eq(knowledgeNodes.courseId, courseId), isNull(knowledgeNodes.deletedAt)))
    .orderBy(asc(knowledgeNodes.sort), asc(knowledgeNodes.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path = (id: number): string => {
    const row = byId.get(id)!;
    return row.parentId === null ? row.name : `${path(row.parentId)} > ${row.name}`;
  };
  return rows.map((r) => path(r.id)).sort();
}

async function freshCourse() {
  const course = await createCourse(t, w.org.id, w.teacher.id);
  return course.id;
}

async function xlsx(rows: (string | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Outline');
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? undefined));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('importing outlines', () => {
  it('reads an Excel outline, one level per column, with a header row and repeated paths', async () => {
    const courseId = await freshCourse();
    const file = await xlsx([
      ['一级知识点', '二级知识点', '三级知识点'],
      ['Mechanics', null, null],
      [null, 'Kinematics', null],
      [null, null, 'Velocity'],
      ['Mechanics', 'Dynamics', 'Newton’s laws'],
      ['Optics', null, null],
    ]);
    const res = await upload(`/api/courses/${courseId}/knowledge-nodes/import`, [
      { name: 'import_type', value: 'excel' },
      { name: 'file', filename: 'outline.xlsx', data: file },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<KnowledgeImportResult>()).toMatchObject({ created_count: 6 });
    expect(await paths(courseId)).toEqual([
      'Mechanics',
      'Mechanics > Dynamics',
      'Mechanics > Dynamics > Newton’s laws',
      'Mechanics > Kinematics',
      'Mechanics > Kinematics > Velocity',
      'Optics',
    ]);
  });

  it('reads a Word outline from its headings, and parses one without saving', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Algebra', heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ text: 'Some explanation that is not a node.' }),
            new Paragraph({ text: 'Linear equations', heading: HeadingLevel.HEADING_2 }),
            new Paragraph({ text: 'Quadratics', heading: HeadingLevel.HEADING_2 }),
            new Paragraph({ text: 'Geometry', heading: HeadingLevel.HEADING_1 }),
          ],
        },
      ],
    });
    const file = await Packer.toBuffer(doc);
    const parsed = await upload('/api/knowledge-nodes/parse/docx', [
      { name: 'file', filename: 'outline.docx', data: file },
    ]);
    expect(parsed.statusCode, parsed.body).toBe(200);
    expect(parsed.json<KnowledgeParsedTree>()).toEqual({
      data: [
        { name: 'Algebra', children: [{ name: 'Linear equations' }, { name: 'Quadratics' }] },
        { name: 'Geometry' },
      ],
      node_count: 4,
    });

    const courseId = await freshCourse();
    expect(await paths(courseId)).toEqual([]);
    const res = await upload(`/api/courses/${courseId}/knowledge-nodes/import?import_type=word`, [
      { name: 'file', filename: 'outline.docx', data: file },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paths(courseId)).toEqual([
      'Algebra',
      'Algebra > Linear equations',
      'Algebra > Quadratics',
      'Geometry',
    ]);
  });

  it('reads a numbered Word outline ("1.", "1.1") when it has no headings', async () => {
    const doc = new Document({
      sections: [
        {
          children: ['1. Cells', '1.1 Membranes', '1.2 Nucleus', '2. Genetics'].map(
            (text) => new Paragraph({ text }),
          ),
        },
      ],
    });
    const parsed = await upload('/api/knowledge-nodes/parse/docx', [
      { name: 'file', filename: 'outline.docx', data: await Packer.toBuffer(doc) },
    ]);
    expect(parsed.json<KnowledgeParsedTree>().data).toEqual([
      { name: 'Cells', children: [{ name: 'Membranes' }, { name: 'Nucleus' }] },
      { name: 'Genetics' },
    ]);
  });

  it('imports a JSON tree', async () => {
    const courseId = await freshCourse();
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/courses/${courseId}/knowledge-nodes/import`,
      payload: { data: [{ name: 'Root', bloom_level: 'apply', children: [{ name: 'Leaf' }] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paths(courseId)).toEqual(['Root', 'Root > Leaf']);
    const [root] = await t.db
      .select()
      .from(knowledgeNodes)
      .where(eq(knowledgeNodes.id, res.json().root_ids[0]));
    expect(root?.bloomLevel).toBe('apply');
  });

  it('copies another course’s tree, relations and the references that map to this course', async () => {
    const source = w.course.id;
    const target = await freshCourse();
    const [a] = await t.db
      .insert(knowledgeNodes)
      .values({ courseId: source, name: 'Source A', nodeKey: 'src-a', sort: 50 })
      .returning();
    const [b] = await t.db
      .insert(knowledgeNodes)
      .values({ courseId: source, name: 'Source B', nodeKey: 'src-b', parentId: a!.id })
      .returning();
    await t.db
      .insert(knowledgeNodeRelations)
      .values({ courseId: source, sourceId: a!.id, targetId: b!.id, type: 'directed' });
    const sourceActivity = await createActivity(t, {
      courseId: source,
      moduleId: w.module.id,
      createdBy: w.teacher.id,
      type: 'material',
      title: 'Shared reading',
    });
    const unmatched = await createActivity(t, {
      courseId: source,
      moduleId: w.module.id,
      createdBy: w.teacher.id,
      type: 'material',
      title: 'Only in the source',
    });
    const targetModule = await createModule(t, target);
    const targetActivity = await createActivity(t, {
      courseId: target,
      moduleId: targetModule.id,
      createdBy: w.teacher.id,
      type: 'material',
      title: 'Shared reading',
    });
    const file = await createUpload(t, w.org.id, w.teacher.id, { bytes: Buffer.from('notes') });
    await t.db.insert(knowledgeNodeReferences).values([
      { courseId: source, knowledgeNodeId: b!.id, referType: 'activity', referId: sourceActivity.id },
      { courseId: source, knowledgeNodeId: b!.id, referType: 'activity', referId: unmatched.id },
      { courseId: source, knowledgeNodeId: a!.id, referType: 'upload', referId: file.id },
    ]);
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/courses/${target}/knowledge-nodes/import`,
      payload: { import_type: 'course', source_course_id: source, import_refer_resource: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<KnowledgeImportResult>()).toMatchObject({ relation_count: 1, reference_count: 2 });
    expect(await paths(target)).toEqual(expect.arrayContaining(['Source A', 'Source A > Source B']));
    const copied = await t.db
      .select()
      .from(knowledgeNodeReferences)
      .where(eq(knowledgeNodeReferences.courseId, target));
    expect(copied.map((r) => [r.referType, r.referId]).sort()).toEqual(
      [
        ['activity', targetActivity.id],
        ['upload', file.id],
      ].sort(),
    );
    const relations = await t.db
      .select()
      .from(knowledgeNodeRelations)
      .where(eq(knowledgeNodeRelations.courseId, target));
    expect(relations).toHaveLength(1);

    // A course the caller does not teach cannot be copied from.
    const foreign = await createCourse(t, w.org.id, w.students[0]!.user.id);
    const refused = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/courses/${target}/knowledge-nodes/import`,
      payload: { import_type: 'course', source_course_id: foreign.id },
    });
    expect([403, 404]).toContain(refused.statusCode);
  });
});

describe('copying a course’s graph with its links', () => {
  it('links the copies of the source’s linked questions and keeps its fragments, mapping every id', async () => {
    const sourceCourse = await createCourse(t, w.org.id, w.teacher.id);
    const sourceModule = await createModule(t, sourceCourse.id);
    const target = await freshCourse();
    const targetModule = await createModule(t, target);
    const [n] = await t.db
      .insert(knowledgeNodes)
      .values({ courseId: sourceCourse.id, name: 'Derivatives', nodeKey: `deriv-${sourceCourse.id}` })
      .returning();
    const question = (text: string, nodes: number[]) => ({
      type: 'single_selection' as const,
      description: `<p>${text}</p>`,
      point: 1,
      options: [
        { content: 'yes', is_answer: true },
        { content: 'no', is_answer: false },
      ],
      knowledge_node_ids: nodes,
    });
    // The source paper: two linked questions with the same text (told apart by place) and one unlinked.
    const sourceExam = await createOpenExam(t, { ...w, course: sourceCourse, module: sourceModule }, [
      question('Same text', [n!.id]),
      question('Same text', []),
      question('Chain rule', [n!.id]),
    ]);
    const targetExam = await createOpenExam(
      t,
      { ...w, course: { ...w.course, id: target }, module: targetModule },
      [question('Same text', []), question('Same text', []), question('Chain rule', [])],
    );
    await t.db.update(activities).set({ title: 'Midterm' }).where(eq(activities.id, sourceExam.id));
    await t.db.update(activities).set({ title: 'Midterm' }).where(eq(activities.id, targetExam.id));
    // A library question of each course, and a paper only the source holds.
    const [sourceLib] = await t.db
      .insert(subjectLibs)
      .values({
        orgId: w.org.id,
        courseId: sourceCourse.id,
        ownerId: w.teacher.id,
        libType: 'exam',
        title: 'Bank',
      })
      .returning();
    const [targetLib] = await t.db
      .insert(subjectLibs)
      .values({ orgId: w.org.id, courseId: target, ownerId: w.teacher.id, libType: 'exam', title: 'Bank' })
      .returning();
    const [sourceLibQuestion] = await t.db
      .insert(subjects)
      .values({ libId: sourceLib!.id, type: 'true_or_false', description: '<p>Limits exist</p>' })
      .returning();
    const [targetLibQuestion] = await t.db
      .insert(subjects)
      .values({ libId: targetLib!.id, type: 'true_or_false', description: '<p>Limits exist</p>' })
      .returning();
    await t.db
      .insert(subjectKnowledgeNodes)
      .values({ subjectId: sourceLibQuestion!.id, knowledgeNodeId: n!.id });
    const onlySource = await createOpenExam(t, { ...w, course: sourceCourse, module: sourceModule }, [
      question('Unmatched', [n!.id]),
    ]);
    await t.db.update(activities).set({ title: 'Only here' }).where(eq(activities.id, onlySource.id));
    // A video chapter of the paper's reference.
    const [reference] = await t.db
      .insert(knowledgeNodeReferences)
      .values({
        courseId: sourceCourse.id,
        knowledgeNodeId: n!.id,
        referType: 'activity',
        referId: sourceExam.id,
      })
      .returning();
    await t.db.insert(knowledgeReferenceFragments).values({
      referenceId: reference!.id,
      chapterId: 'ch-1',
      title: 'Intro',
      startSeconds: 0,
      endSeconds: 30,
    });

    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/courses/${target}/knowledge-nodes/import`,
      payload: { import_type: 'course', source_course_id: sourceCourse.id, import_refer_resource: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<KnowledgeImportResult>()).toMatchObject({
      created_count: 1,
      reference_count: 1,
      question_link_count: 3,
    });
    const [copiedNode] = await t.db
      .select()
      .from(knowledgeNodes)
      .where(and(eq(knowledgeNodes.courseId, target), eq(knowledgeNodes.name, 'Derivatives')));
    const targetPaper = await t.db
      .select()
      .from(subjects)
      .where(eq(subjects.activityId, targetExam.id))
      .orderBy(asc(subjects.sort), asc(subjects.id));
    const links = await t.db
      .select()
      .from(subjectKnowledgeNodes)
      .where(eq(subjectKnowledgeNodes.knowledgeNodeId, copiedNode!.id));
    expect(links.map((l) => l.subjectId).sort((a, b) => a - b)).toEqual(
      [targetPaper[0]!.id, targetPaper[2]!.id, targetLibQuestion!.id].sort((a, b) => a - b),
    );
    // The source keeps its own links.
    const sourceLinks = await t.db
      .select()
      .from(subjectKnowledgeNodes)
      .where(eq(subjectKnowledgeNodes.knowledgeNodeId, n!.id));
    expect(sourceLinks).toHaveLength(4);
    const [copiedReference] = await t.db
      .select()
      .from(knowledgeNodeReferences)
      .where(eq(knowledgeNodeReferences.knowledgeNodeId, copiedNode!.id));
    expect(copiedReference).toMatchObject({
      referType: 'activity',
      referId: targetExam.id,
      courseId: target,
    });
    const fragments = await t.db
      .select()
      .from(knowledgeReferenceFragments)
      .where(eq(knowledgeReferenceFragments.referenceId, copiedReference!.id));
    expect(fragments).toMatchObject([{ chapterId: 'ch-1', title: 'Intro', startSeconds: 0, endSeconds: 30 }]);

    // Without references, nothing but the tree and relations is copied.
    const bare = await freshCourse();
    const plain = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/courses/${bare}/knowledge-nodes/import`,
      payload: { import_type: 'course', source_course_id: sourceCourse.id },
    });
    expect(plain.json<KnowledgeImportResult>()).toMatchObject({ reference_count: 0, question_link_count: 0 });
  });
});

describe('import refusals', () => {
  it('refuses an unknown type, a file that is not an outline, a zip bomb and a file over 10 MB', async () => {
    const courseId = await freshCourse();
    const url = `/api/courses/${courseId}/knowledge-nodes/import`;
    const badType = await upload(url, [
      { name: 'import_type', value: 'pdf' },
      { name: 'file', filename: 'outline.pdf', data: Buffer.from('%PDF-1.4') },
    ]);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors.import_type).toBeDefined();

    const notZip = await upload(url, [
      { name: 'import_type', value: 'excel' },
      { name: 'file', filename: 'outline.xlsx', data: Buffer.from('just text') },
    ]);
    expect(notZip.statusCode).toBe(400);

    const bomb = await upload(url, [
      { name: 'import_type', value: 'word' },
      { name: 'file', filename: 'bomb.docx', data: await zeroBombDocx() },
    ]);
    expect(bomb.statusCode).toBe(413);

    const big = await upload(url, [
      { name: 'import_type', value: 'word' },
      { name: 'file', filename: 'big.docx', data: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(await paths(courseId)).toEqual([]);
  });

  it('refuses a tree deeper than 10 levels and an empty one; students may not import', async () => {
    const courseId = await freshCourse();
    const url = `/api/courses/${courseId}/knowledge-nodes/import`;
    let deep: { name: string; children?: unknown[] } = { name: 'L11' };
    for (let level = 10; level >= 1; level -= 1) deep = { name: `L${level}`, children: [deep] };
    const tooDeep = await as(w.teacherSession, { method: 'POST', url, payload: { data: [deep] } });
    expect(tooDeep.statusCode).toBe(400);
    const empty = await as(w.teacherSession, { method: 'POST', url, payload: { data: [] } });
    expect(empty.statusCode).toBe(400);
    await addMember(t, courseId, w.students[0]!.user.id, ['student']);
    const byStudent = await as(w.students[0]!.session, {
      method: 'POST',
      url,
      payload: { data: [{ name: 'x' }] },
    });
    expect(byStudent.statusCode).toBe(403);
    expect(await paths(courseId)).toEqual([]);
  });
});

describe('questions imported with knowledge-point names', () => {
  it('links them to the course’s nodes of those names, creating the missing ones', async () => {
    const [existing] = await t.db
      .insert(knowledgeNodes)
      .values({ courseId: w.course.id, name: '地理', nodeKey: 'geo' })
      .returning();
    const exam = await createOpenExam(t, w, []);
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: {
        subjects: [
          {
            type: 'single_selection',
            description: '<p>Capital of France?</p>',
            point: 1,
            options: [
              { content: 'Paris', is_answer: true },
              { content: 'Lyon', is_answer: false },
            ],
            knowledge_node_names: ['地理', '首都'],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const subjectId = res.json().subjects[0].id as number;
    const links = await t.db
      .select()
      .from(subjectKnowledgeNodes)
      .where(eq(subjectKnowledgeNodes.subjectId, subjectId));
    const [created] = await t.db
      .select()
      .from(knowledgeNodes)
      .where(and(eq(knowledgeNodes.courseId, w.course.id), eq(knowledgeNodes.name, '首都')));
    expect(created).toBeDefined();
    expect(links.map((l) => l.knowledgeNodeId).sort()).toEqual([existing!.id, created!.id].sort());
  });
});
