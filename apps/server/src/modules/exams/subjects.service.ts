import type { z } from 'zod';
import type {
  ExamSubjectsQuerySchema,
  ExamType,
  MakeupQuerySchema,
  PointsResponse,
  SortSubjectsRequestSchema,
  SubjectQuerySchema,
} from '@lectern/contracts/exams/exam.schemas';
import {
  SUBJECTIVE_SUBJECT_TYPES,
  type ParsedSubjectInput,
  subjectInputSchemaFor,
  type SaveSubjectsRequestSchema,
  type Subject,
  type SubjectType,
} from '@lectern/contracts/exams/subject.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { conflict, invalid, notFound, AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { recycleBinService } from '../courses/recycle-bin.service.ts';
import { examAccess, type LoadedExam } from './exam-access.ts';
import { assertAuthorRead } from './exams.policy.ts';
import { examsRepository, type PaperKey } from './exams.repository.ts';
import { cleanAndCheckSubjects, pointsOf, roundPoints } from './subject-input.ts';
import { subjectLibAccess, type LoadedLib } from './subject-lib-access.ts';
import { toSubject } from './subjects.presenter.ts';
import { syncSubjectImages } from './subject-images.ts';
import { subjectsRepository, type SubjectOwner, type SubjectTree } from './subjects.repository.ts';
import { foreignKnowledgeNodes, linkNamedSubjects } from '../knowledge-graph/knowledge-import.linking.ts';

type ExamSubjectsQuery = z.output<typeof ExamSubjectsQuerySchema>;
type MakeupQuery = z.output<typeof MakeupQuerySchema>;
type SaveSubjects = z.output<typeof SaveSubjectsRequestSchema>;
type SortSubjects = z.output<typeof SortSubjectsRequestSchema>;
type SubjectQuery = z.output<typeof SubjectQuerySchema>;

/** Which paper of an exam a request is about; classroom exams have only one. */
function paperOf(exam: LoadedExam, isMakeup: boolean | undefined): PaperKey {
  return { activityId: exam.activity.id, isMakeup: exam.activity.type === 'exam' && isMakeup === true };
}

/** The question's text without markup, short enough to name it in the recycle bin. */
function questionTitle(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const needsMarking = (type: SubjectType) => (SUBJECTIVE_SUBJECT_TYPES as readonly string[]).includes(type);

/**
 * Questions of exams and classroom exams (and single questions wherever they live). Writes to an exam's
 * paper run under the exam's row lock, so the points limit and the "students have started" lock are
 * checked against what is really there when the write lands.
 */
export function subjectsService(ctx: AppContext) {
  const exams = examAccess(ctx.db);
  const libs = subjectLibAccess(ctx.db);
  const repo = examsRepository(ctx.db);
  const bin = recycleBinService(ctx);

  async function loadAuthored(actor: Actor, id: number, type: ExamType): Promise<LoadedExam> {
    const exam = await exams.loadExam(actor, id, { type });
    assertAuthorRead(exam.access);
    return exam;
  }

  /**
   * An exam paper a student has been handed keeps its question and option ids (the paper instance and
   * the answers point at them), so it takes no more changes. A classroom exam is released question by
   * question: only an answered question is fixed.
   */
  async function assertOpen(exam: LoadedExam, paper: PaperKey, subjectIds: number[], tx: Executor) {
    if (exam.activity.type === 'exam') {
      if (await repo.paperStarted(paper, tx)) throw conflict('exams.paperLocked');
    } else if (await repo.anyClassroomAnswer(subjectIds, tx)) {
      throw conflict('exams.subjectAnswered');
    }
  }

  /** Spec 000 section 5: questions may use at most the exam's total points (100 by default). */
  async function assertPointsFit(
    exam: LoadedExam,
    paper: PaperKey,
    adding: number,
    exceptId: number | null,
    field: string,
    tx: Executor,
  ) {
    const used = await repo.usedPoints(paper, exceptId, tx);
    const total = exam.settings.total_points;
    if (used + adding > total + 1e-9) {
      throw invalid({
        [field]: [
          {
            key: 'exams.pointsExceeded',
            params: { points: roundPoints(adding), remaining: roundPoints(Math.max(0, total - used)), total },
          },
        ],
      });
    }
  }

  async function loadTree(id: number, tx: Executor): Promise<SubjectTree> {
    const [tree] = await subjectsRepository.loadByIds([id], tx);
    if (!tree) throw notFound('exams.subjectNotFound');
    return tree;
  }

  /**
   * Appends checked questions to an exam paper after its last one, all or nothing. `field` names where a
   * points problem is reported (`subjects` for a save, the copy target for a library copy).
   */
  async function appendToPaper(
    actor: Actor,
    exam: LoadedExam,
    isMakeup: boolean | undefined,
    inputs: readonly ParsedSubjectInput[],
    field: string,
  ): Promise<SubjectTree[]> {
    const paper = paperOf(exam, isMakeup);
    return ctx.db.transaction(async (tx) => {
      await repo.lockActivity(exam.activity.id, tx);
      await assertOpen(exam, paper, [], tx);
      await assertPointsFit(exam, paper, pointsOf(inputs), null, field, tx);
      const start = await subjectsRepository.maxSort(paper, tx);
      const ids = await subjectsRepository.insertTrees(paper, inputs, actor.userId, start, tx);
      await linkNamedSubjects(ctx, exam.activity.courseId, ids, actor.userId, tx);
      await syncSubjectImages(actor, ids, tx);
      return subjectsRepository.loadByIds(ids, tx);
    });
  }

  /** The owner of a stored question, checked for the caller: a library, or an exam's paper. */
  async function ownerFor(
    actor: Actor,
    row: { libId: number | null; activityId: number | null },
    mode: 'read' | 'write',
  ): Promise<{ exam: LoadedExam | null; lib: LoadedLib | null }> {
    if (row.libId !== null) {
      return { exam: null, lib: await libs.load(actor, row.libId, mode) };
    }
    if (row.activityId === null) throw notFound('exams.subjectNotFound');
    const exam = await exams.loadExam(actor, row.activityId, { type: 'any', manage: mode === 'write' });
    if (mode === 'read') assertAuthorRead(exam.access);
    return { exam, lib: null };
  }

  async function findRow(id: number) {
    const row = await subjectsRepository.findById(id, ctx.db);
    if (!row) throw notFound('exams.subjectNotFound');
    return row;
  }

  return {
    appendToPaper,

    async list(actor: Actor, id: number, type: ExamType, query: ExamSubjectsQuery): Promise<Subject[]> {
      const exam = await loadAuthored(actor, id, type);
      const trees = await subjectsRepository.loadTrees(
        paperOf(exam, query.is_makeup_exam),
        { keyword: query.keyword, type: query.subject_type },
        ctx.db,
      );
      return trees.map(toSubject);
    },

    async save(
      actor: Actor,
      id: number,
      type: ExamType,
      query: MakeupQuery,
      body: SaveSubjects,
    ): Promise<Subject[]> {
      const exam = await exams.loadExam(actor, id, { type, manage: true });
      const checked = cleanAndCheckSubjects(body.subjects, 'subjects');
      if (!checked.ok) throw invalid(checked.fields);
      const foreign = await foreignKnowledgeNodes(ctx, exam.activity.courseId, checked.subjects, 'subjects');
      if (Object.keys(foreign).length > 0) throw invalid(foreign);
      const trees = await appendToPaper(actor, exam, query.is_makeup_exam, checked.subjects, 'subjects');
      return trees.map(toSubject);
    },

    /** Reorders a paper: the ids must be exactly its top-level questions, each once. */
    async sort(
      actor: Actor,
      id: number,
      type: ExamType,
      query: MakeupQuery,
      body: SortSubjects,
    ): Promise<Subject[]> {
      const exam = await exams.loadExam(actor, id, { type, manage: true });
      const paper = paperOf(exam, query.is_makeup_exam);
      await ctx.db.transaction(async (tx) => {
        await repo.lockActivity(exam.activity.id, tx);
        await reorderSubjects(repo, paper, body.subject_ids, tx);
      });
      return (await subjectsRepository.loadTrees(paper, {}, ctx.db)).map(toSubject);
    },

    async points(actor: Actor, id: number, type: ExamType, query: MakeupQuery): Promise<PointsResponse> {
      const exam = await loadAuthored(actor, id, type);
      return {
        points: await repo.usedPoints(paperOf(exam, query.is_makeup_exam), null),
        total_points: exam.settings.total_points,
      };
    },

    /** Questions an instructor marks by hand: short answers, and stems that contain one. */
    async subjective(actor: Actor, id: number, query: MakeupQuery): Promise<Subject[]> {
      const exam = await loadAuthored(actor, id, 'exam');
      const trees = await subjectsRepository.loadTrees(paperOf(exam, query.is_makeup_exam), {}, ctx.db);
      return trees
        .filter((t) => needsMarking(t.type) || t.subSubjects.some((s) => needsMarking(s.type)))
        .map(toSubject);
    },

    async get(actor: Actor, id: number, query: SubjectQuery): Promise<Subject> {
      const row = await subjectsRepository.findById(id, ctx.db);
      if (!row) throw notFound('exams.subjectNotFound');
      if (row.parentId !== null && query.can_select_sub_subject !== true)
        throw notFound('exams.subjectNotFound');
      if (query.exam_id !== undefined && row.activityId !== query.exam_id)
        throw notFound('exams.subjectNotFound');
      await ownerFor(actor, row, 'read');
      if (row.parentId === null) return toSubject(await loadTree(row.id, ctx.db));
      const parent = await loadTree(row.parentId, ctx.db);
      const sub = parent.subSubjects.find((s) => s.id === row.id);
      if (!sub) throw notFound('exams.subjectNotFound');
      return toSubject(sub);
    },

    /** Replaces one question (a whole stem with its sub-questions), under the same rules as adding. */
    async update(actor: Actor, id: number, input: ParsedSubjectInput): Promise<Subject> {
      const row = await findRow(id);
      if (row.parentId !== null) throw new AppError('validation_failed', 'exams.subSubjectEditStem');
      const { exam, lib } = await ownerFor(actor, row, 'write');
      const checked = cleanAndCheckSubjects([input], '', subjectInputSchemaFor(lib?.lib ?? {}));
      if (!checked.ok) throw invalid(checked.fields);
      const [clean] = checked.subjects as [ParsedSubjectInput];
      // Only nodes the edit adds are checked: a question keeps the links it was stored with (copied from
      // another course's library, say). A personal library has no course, so it can add none.
      const stored = new Set((await loadTree(row.id, ctx.db)).knowledgeNodeIds);
      const added = clean.knowledge_node_ids.filter((nodeId) => !stored.has(nodeId));
      const courseId = exam ? exam.activity.courseId : (lib?.lib.courseId ?? null);
      const foreign =
        courseId === null
          ? added.length > 0
            ? { knowledge_node_ids: ['knowledgeGraph.nodeNotInCourse' as const] }
            : {}
          : await foreignKnowledgeNodes(ctx, courseId, [{ knowledge_node_ids: added }], '');
      if (Object.keys(foreign).length > 0) throw invalid(foreign);
      const tree = await ctx.db.transaction(async (tx) => {
        if (exam) {
          const paper: PaperKey = { activityId: exam.activity.id, isMakeup: row.isMakeup };
          await repo.lockActivity(exam.activity.id, tx);
          await assertOpen(exam, paper, [row.id], tx);
          await assertPointsFit(exam, paper, pointsOf([clean]), row.id, 'point', tx);
        }
        await subjectsRepository.replaceTree(row.id, clean, tx);
        await syncSubjectImages(actor, [row.id], tx);
        return loadTree(row.id, tx);
      });
      return toSubject(tree);
    },

    async remove(actor: Actor, id: number): Promise<{ message: string }> {
      const row = await findRow(id);
      if (row.parentId !== null) throw new AppError('validation_failed', 'exams.subSubjectEditStem');
      const { exam, lib } = await ownerFor(actor, row, 'write');
      // A question of an exam or a course library goes to the course's recycle bin (decision 0015); one of
      // a personal library to its owner's personal bin.
      const source = exam
        ? {
            type: 'exam' as const,
            id: exam.activity.id,
            title: exam.activity.title,
            courseId: exam.activity.courseId,
            ownerId: undefined,
          }
        : lib
          ? {
              type: 'library' as const,
              id: lib.lib.id,
              title: lib.lib.title,
              courseId: lib.lib.courseId,
              ownerId: lib.lib.courseId === null ? lib.lib.ownerId : undefined,
            }
          : null;
      await ctx.db.transaction(async (tx) => {
        if (exam) {
          await repo.lockActivity(exam.activity.id, tx);
          // Still refused once students have the paper or answered: hiding the question would take it
          // out of their submissions, scores and marking, which read the paper as it is.
          await assertOpen(exam, { activityId: exam.activity.id, isMakeup: row.isMakeup }, [row.id], tx);
        }
        if (source) {
          await bin.moveToBin(
            actor,
            {
              type: 'question',
              id: row.id,
              courseId: source.courseId,
              ...(source.ownerId === undefined ? {} : { ownerId: source.ownerId }),
              title: questionTitle(row.description),
              source: { type: source.type, id: source.id, title: source.title },
            },
            tx,
          );
        } else {
          await subjectsRepository.deleteByIds([row.id], tx);
        }
      });
      return { message: translate(actor.locale, 'exams.subjectDeleted') };
    },
  };
}

/** Reorders any owner's questions (exam papers and libraries share the rule). */
export async function reorderSubjects(
  repo: ReturnType<typeof examsRepository>,
  owner: SubjectOwner,
  ids: readonly number[],
  tx: Executor,
): Promise<void> {
  const current = await repo.topLevelIds(owner, tx);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || ids.length !== current.length || current.some((id) => !wanted.has(id))) {
    throw invalid({ subject_ids: ['exams.sortMismatch'] });
  }
  await subjectsRepository.setSorts(
    ids.map((subjectId, index) => ({ id: subjectId, sort: index + 1 })),
    tx,
  );
}

export type SubjectsService = ReturnType<typeof subjectsService>;
