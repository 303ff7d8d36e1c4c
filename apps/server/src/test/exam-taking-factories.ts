import type { ExamData } from '@lectern/contracts/exams/exam-settings';
import type { SubmittedAnswerInput } from '@lectern/contracts/exams/exam-taking.schemas';
import type { Subject, SubjectInput } from '@lectern/contracts/exams/subject.schemas';
import { toSubject } from '../modules/exams/subjects.presenter.ts';
import { subjectsRepository } from '../modules/exams/subjects.repository.ts';
import { createExam, insertSubjects } from './exams-factories.ts';
import {
  addMember,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from './factories.ts';
import type { TestApp } from './test-app.ts';

const HOUR = 3600_000;

/** A course with a teacher, students and sessions for each (and one simulating the course as a student). */
export async function createExamWorld(t: TestApp, studentCount = 3) {
  const org = await createOrg(t);
  const teacher = await createUser(t, org.id, { name: 'Teacher Tan' });
  const course = await createCourse(t, org.id, teacher.id);
  const module = await createModule(t, course.id);
  const students = [];
  for (let i = 0; i < studentCount; i += 1) {
    const user = await createUser(t, org.id, { name: `Student ${i + 1}`, userNo: `S${i + 1}-${course.id}` });
    await addMember(t, course.id, user.id, ['student']);
    students.push({ user, session: await loginAs(t, user) });
  }
  return {
    org,
    teacher,
    course,
    module,
    students,
    teacherSession: await loginAs(t, teacher),
    simulatingSession: await loginAs(t, teacher, { simulatingCourseId: course.id }),
  };
}
export type ExamWorld = Awaited<ReturnType<typeof createExamWorld>>;

/** An exam open from an hour ago to an hour from now, with these questions on its main paper. */
export async function createOpenExam(
  t: TestApp,
  world: ExamWorld,
  inputs: readonly SubjectInput[],
  options: {
    data?: Partial<ExamData>;
    startTime?: Date | null;
    endTime?: Date | null;
    published?: boolean;
    type?: 'exam' | 'classroom_exam';
    makeupInputs?: readonly SubjectInput[];
  } = {},
) {
  const exam = await createExam(t, {
    courseId: world.course.id,
    moduleId: world.module.id,
    createdBy: world.teacher.id,
    data: options.data ?? {},
    published: options.published ?? true,
    type: options.type ?? 'exam',
    startTime: options.startTime === undefined ? new Date(Date.now() - HOUR) : options.startTime,
    endTime: options.endTime === undefined ? new Date(Date.now() + HOUR) : options.endTime,
  });
  if (inputs.length > 0) {
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, inputs, world.teacher.id);
  }
  if (options.makeupInputs && options.makeupInputs.length > 0) {
    await insertSubjects(t, { activityId: exam.id, isMakeup: true }, options.makeupInputs, world.teacher.id);
  }
  return exam;
}

/** The paper's questions with their answers, as authors see them. */
export async function paperSubjects(t: TestApp, examId: number, isMakeup = false): Promise<Subject[]> {
  const trees = await subjectsRepository.loadTrees({ activityId: examId, isMakeup }, {}, t.db);
  return trees.map(toSubject);
}

/** The right answer to every question a student can answer (short answers get some text). */
export function rightAnswers(subjects: readonly Subject[]): SubmittedAnswerInput[] {
  const one = (s: Subject | Subject['sub_subjects'][number]): SubmittedAnswerInput | undefined => {
    switch (s.type) {
      case 'single_selection':
      case 'multiple_selection':
      case 'true_or_false':
        return { subject_id: s.id, answer_option_ids: s.options.filter((o) => o.is_answer).map((o) => o.id) };
      case 'fill_in_blank':
        return {
          subject_id: s.id,
          answers: s.blanks.map((b) => ({ sort: b.sort, content: b.answers[0] ?? '' })),
        };
      case 'matching':
        return {
          subject_id: s.id,
          answers: s.pairs.map((p) => ({
            sort: p.sort,
            content: String(s.options.find((o) => o.sort === p.option_sort)?.id),
          })),
        };
      case 'short_answer':
        return { subject_id: s.id, answer: '<p>My essay</p>' };
      default:
        return undefined;
    }
  };
  return subjects.flatMap((s) => {
    const own = one(s);
    const subs = s.sub_subjects.flatMap((sub) => {
      const answer = one(sub);
      return answer ? [{ ...answer, parent_id: s.id }] : [];
    });
    return [...(own ? [own] : []), ...subs];
  });
}

/**
 * The student takes the exam and hands it in: every answer right (short answers get some text) unless
 * `answers` says otherwise. Returns the submission id.
 */
export async function takeExam(
  t: TestApp,
  examId: number,
  session: Session,
  answers?: readonly object[],
): Promise<number> {
  const as = caller(t);
  const paper = (await as(session, { method: 'GET', url: `/api/exams/${examId}/distribute` })).json();
  const res = await as(session, {
    method: 'POST',
    url: `/api/exams/${examId}/submissions`,
    payload: {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
      subjects: answers ?? rightAnswers(await paperSubjects(t, examId)),
    },
  });
  if (res.statusCode !== 200) throw new Error(`hand-in answered ${res.statusCode}: ${res.body}`);
  return res.json().id;
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

export function caller(t: TestApp) {
  return (session: Session, call: Call) => t.app.inject({ ...call, headers: session.headers });
}
