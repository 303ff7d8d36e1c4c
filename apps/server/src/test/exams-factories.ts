import type { ExamData } from '@lectern/contracts/exams/exam-settings';
import type { SubjectLibType } from '@lectern/contracts/exams/subject-lib.schemas';
import { SubjectInputSchema, type SubjectInput } from '@lectern/contracts/exams/subject.schemas';
import { subjectLibs } from '../db/schema/exams.ts';
import { subjectsRepository, type SubjectOwner } from '../modules/exams/subjects.repository.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
} from './factories.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

const choices = (answers: boolean[], label = 'Option') =>
  answers.map((is_answer, i) => ({ content: `<p>${label} ${i + 1}</p>`, is_answer }));

/**
 * One valid question of every type, 23 points in all: single 2, multiple 3, true/false 1, fill-in 2,
 * cloze 4 (2 + 2), short answer 5, analysis 4 (2 + 2), matching 2, text block 0.
 */
export function everyTypeInputs(): SubjectInput[] {
  return [
    { type: 'single_selection', description: '<p>2 + 2 = ?</p>', point: 2, options: choices([false, true]) },
    {
      type: 'multiple_selection',
      description: '<p>Which are prime?</p>',
      point: 3,
      options: choices([true, true, false]),
    },
    {
      type: 'true_or_false',
      description: '<p>The sky is blue.</p>',
      point: 1,
      options: choices([true, false]),
    },
    {
      type: 'fill_in_blank',
      description: '<p>The capital of France is ___.</p>',
      point: 2,
      blanks: [{ answers: ['Paris', 'paris'] }],
    },
    {
      type: 'cloze',
      description: '<p>I ___ a student. She ___ a teacher.</p>',
      point: 4,
      sub_subjects: [
        { type: 'single_selection', description: '<p>Gap 1</p>', point: 2, options: choices([true, false]) },
        { type: 'single_selection', description: '<p>Gap 2</p>', point: 2, options: choices([false, true]) },
      ],
    },
    {
      type: 'short_answer',
      description: '<p>Explain recursion.</p>',
      point: 5,
      answer: '<p>A function calling itself.</p>',
    },
    {
      type: 'analysis',
      description: '<p>Read the passage.</p>',
      point: 4,
      sub_subjects: [
        {
          type: 'single_selection',
          description: '<p>Main idea?</p>',
          point: 2,
          options: choices([true, false]),
        },
        { type: 'short_answer', description: '<p>Why?</p>', point: 2, answer: 'Because.' },
      ],
    },
    {
      type: 'matching',
      description: '<p>Match the capitals.</p>',
      point: 2,
      options: [
        { content: 'Paris', is_answer: false },
        { content: 'Rome', is_answer: false },
      ],
      pairs: [
        { content: 'France', option_sort: 0 },
        { content: 'Italy', option_sort: 1 },
      ],
    },
    { type: 'paragraph_desc', description: '<p>Part two</p>', point: 0 },
  ];
}

export const EVERY_TYPE_POINTS = 23;

/** A single choice question worth `point`. */
export function singleChoice(point: number, description = 'Pick one'): SubjectInput {
  return {
    type: 'single_selection',
    description: `<p>${description}</p>`,
    point,
    options: choices([true, false]),
  };
}

/** An exam (or classroom exam) activity with settings; published unless told otherwise. */
export async function createExam(
  t: TestApp,
  values: {
    courseId: number;
    moduleId: number;
    createdBy: number;
    type?: 'exam' | 'classroom_exam';
    data?: Partial<ExamData>;
    published?: boolean;
    title?: string;
    startTime?: Date | null;
    endTime?: Date | null;
  },
) {
  const { data, type = 'exam', ...rest } = values;
  return createActivity(t, {
    ...rest,
    type,
    title: values.title ?? `Exam ${next()}`,
    data: data ?? {},
    completionCriterionKey: 'submitted',
  });
}

export async function createSubjectLib(
  t: TestApp,
  values: {
    orgId: number;
    ownerId: number;
    courseId?: number | null;
    parentId?: number | null;
    libType?: SubjectLibType;
    title?: string;
  },
) {
  const [row] = await t.db
    .insert(subjectLibs)
    .values({
      orgId: values.orgId,
      ownerId: values.ownerId,
      courseId: values.courseId ?? null,
      parentId: values.parentId ?? null,
      libType: values.libType ?? 'exam',
      title: values.title ?? `Library ${next()}`,
      sort: next(),
    })
    .returning();
  if (!row) throw new Error('no library');
  return row;
}

/** Stores questions for an owner directly (validated like the API does), returning their ids. */
export async function insertSubjects(
  t: TestApp,
  owner: SubjectOwner,
  inputs: readonly SubjectInput[],
  createdBy: number,
): Promise<number[]> {
  const parsed = inputs.map((input) => SubjectInputSchema.parse(input));
  const start = await subjectsRepository.maxSort(owner, t.db);
  return subjectsRepository.insertTrees(owner, parsed, createdBy, start, t.db);
}

/**
 * The cast of the authoring tests: a course with its teacher, an instructor assistant and students (the
 * first one signed in), a teacher of another course, an org admin, the teacher simulating a student, and
 * a module to put exams in.
 */
export async function createAuthoringFixture(
  t: TestApp,
  options: { studentCount?: number; moduleName?: string } = {},
) {
  const { studentCount = 1, moduleName } = options;
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId, { name: 'Teacher Tao' });
  const assistantUser = await createUser(t, orgId);
  const studentUsers = [];
  for (let i = 0; i < studentCount; i += 1) studentUsers.push(await createUser(t, orgId));
  const [firstStudent] = studentUsers;
  if (!firstStudent) throw new Error('the fixture needs at least one student');
  const otherUser = await createUser(t, orgId);
  const adminUser = await createUser(t, orgId, { orgRole: 'admin' });
  const courseId = (await createCourse(t, orgId, teacherUser.id)).id;
  await addMember(t, courseId, assistantUser.id, ['instructor_assistant']);
  for (const user of studentUsers) await addMember(t, courseId, user.id, ['student']);
  const otherCourseId = (await createCourse(t, orgId, otherUser.id)).id;
  const moduleId = (await createModule(t, courseId, moduleName === undefined ? {} : { name: moduleName })).id;
  const studentIds = studentUsers.map((user) => user.id);
  return {
    orgId,
    teacherId: teacherUser.id,
    assistantId: assistantUser.id,
    studentIds,
    studentId: firstStudent.id,
    otherTeacherId: otherUser.id,
    courseId,
    otherCourseId,
    moduleId,
    teacher: await loginAs(t, teacherUser),
    assistant: await loginAs(t, assistantUser),
    student: await loginAs(t, firstStudent),
    simulating: await loginAs(t, teacherUser, { simulatingCourseId: courseId }),
    otherTeacher: await loginAs(t, otherUser),
    admin: await loginAs(t, adminUser),
  };
}
