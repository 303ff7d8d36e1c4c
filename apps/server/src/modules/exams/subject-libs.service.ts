import type { z } from 'zod';
import type { SortSubjectsRequestSchema } from '@lectern/contracts/exams/exam.schemas';
import type {
  CopySubjectLibQuerySchema,
  CopySubjectLibRequestSchema,
  CourseSubjectLibsQuerySchema,
  CreateCourseSubjectLibQuerySchema,
  CreateSubjectLibQuerySchema,
  CreateSubjectLibRequestSchema,
  SubjectLib,
  SubjectLibDetail,
  SubjectLibQuerySchema,
  SubjectLibsQuerySchema,
  SubjectLibsResponse,
  SubjectLibType,
  TransferSubjectsRequestSchema,
  UpdateSubjectLibRequestSchema,
} from '@lectern/contracts/exams/subject-lib.schemas';
import {
  SubjectInputSchema,
  subjectInputSchemaFor,
  type ParsedSubjectInput,
  type SaveLibSubjectsRequestSchema,
  type Subject,
} from '@lectern/contracts/exams/subject.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, forbidden, invalid, type FieldMessages } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { courseAccess } from '../courses/course-access.ts';
import { coursewareQuizzesService } from '../courseware-quizzes/courseware-quizzes.service.ts';
import { questionnairesService } from '../questionnaires/questionnaires.service.ts';
import { examAccess } from './exam-access.ts';
import { assertAuthorRead, assertAuthorWrite, canCreatePersonalLib } from './exams.policy.ts';
import { examsRepository } from './exams.repository.ts';
import { cleanAndCheckSubjects, treeToInput } from './subject-input.ts';
import { subjectLibAccess } from './subject-lib-access.ts';
import { presentSubjectLib, presentSubjectLibNodes } from './subject-libs.presenter.ts';
import { subjectLibsRepository, type LibScope, type SubjectLibWithOwner } from './subject-libs.repository.ts';
import { toSubject } from './subjects.presenter.ts';
import { syncSubjectImages } from './subject-images.ts';
import { subjectsRepository } from './subjects.repository.ts';
import { reorderSubjects, subjectsService } from './subjects.service.ts';

type LibsQuery = z.output<typeof SubjectLibsQuerySchema>;
type CourseLibsQuery = z.output<typeof CourseSubjectLibsQuerySchema>;
type CreateQuery = z.output<typeof CreateSubjectLibQuerySchema>;
type CreateCourseQuery = z.output<typeof CreateCourseSubjectLibQuerySchema>;
type CreateBody = z.output<typeof CreateSubjectLibRequestSchema>;
type UpdateBody = z.output<typeof UpdateSubjectLibRequestSchema>;
type LibQuery = z.output<typeof SubjectLibQuerySchema>;
type SaveSubjects = z.output<typeof SaveLibSubjectsRequestSchema>;
type SortSubjects = z.output<typeof SortSubjectsRequestSchema>;
type CopyQuery = z.output<typeof CopySubjectLibQuerySchema>;
type CopyBody = z.output<typeof CopySubjectLibRequestSchema>;
type TransferBody = z.output<typeof TransferSubjectsRequestSchema>;

/** Where a library lives: its course, or its owner's personal shelf. */
function scopeOf(lib: { courseId: number | null; ownerId: number; orgId: number }): LibScope {
  return lib.courseId === null ? { ownerId: lib.ownerId, orgId: lib.orgId } : { courseId: lib.courseId };
}

const holdsSubjects = (lib: { libType: SubjectLibType }) => lib.libType !== 'folder';
const folderRefused = () => new AppError('validation_failed', 'exams.folderHoldsNoSubjects');

/** Question libraries: personal and course libraries, folders, their questions and copies into exams. */
export function subjectLibsService(ctx: AppContext) {
  const repo = subjectLibsRepository(ctx.db);
  const examsRepo = examsRepository(ctx.db);
  const libs = subjectLibAccess(ctx.db);
  const courses = courseAccess(ctx.db);
  const exams = examAccess(ctx.db);
  const subjects = subjectsService(ctx);
  const questionnaires = questionnairesService(ctx);
  const videoQuizzes = coursewareQuizzesService(ctx);

  async function listScope(scope: LibScope, type: SubjectLibType, withFolder: boolean) {
    const nested = withFolder && type === 'exam';
    const types: SubjectLibType[] = nested ? ['exam', 'folder'] : [type];
    const rows = await repo.list(scope, types);
    const counts = await repo.subjectCounts(rows.filter(holdsSubjects).map((r) => r.id));
    return { subject_libs: presentSubjectLibNodes(rows, counts, nested) };
  }

  /**
   * A library's folder must be a folder in the same place (the same course, or the same owner's
   * personal shelf); a folder cannot go inside itself. Questionnaire libraries stay out of folders.
   */
  async function checkParent(
    lib: { orgId: number; courseId: number | null; ownerId: number; libType: SubjectLibType },
    parentId: number | null,
    movingId: number | null,
    fields: FieldMessages,
  ): Promise<void> {
    if (parentId === null) return;
    const parent = await repo.findById(parentId);
    const samePlace =
      parent !== undefined &&
      parent.orgId === lib.orgId &&
      parent.courseId === lib.courseId &&
      (lib.courseId !== null || parent.ownerId === lib.ownerId);
    if (!samePlace || parent.libType !== 'folder' || lib.libType === 'questionnaire') {
      fields.parent_id = ['exams.parentNotFolder'];
      return;
    }
    if (
      movingId !== null &&
      (parentId === movingId || (await repo.ancestorIds(parentId)).includes(movingId))
    ) {
      fields.parent_id = ['exams.folderCycle'];
    }
  }

  async function insertLib(
    actor: Actor,
    place: { courseId: number | null; ownerId: number },
    libType: SubjectLibType,
    body: CreateBody,
  ): Promise<SubjectLib> {
    const parentId = body.parent_id ?? null;
    const values = { orgId: actor.orgId, ...place, libType };
    const fields: FieldMessages = {};
    await checkParent(values, parentId, null, fields);
    if (Object.keys(fields).length > 0) throw invalid(fields);
    const id = await ctx.db.transaction(async (tx) =>
      repo.insert(
        {
          ...values,
          parentId,
          title: body.title,
          sort: await repo.nextSort(scopeOf({ ...values }), parentId, tx),
        },
        tx,
      ),
    );
    return present(await reload(id));
  }

  async function reload(id: number): Promise<SubjectLibWithOwner> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found', 'exams.libNotFound');
    return row;
  }

  async function present(row: SubjectLibWithOwner): Promise<SubjectLib> {
    const counts = await repo.subjectCounts([row.id]);
    return presentSubjectLib(row, counts.get(row.id) ?? 0);
  }

  /** The selected ids, each a top-level question of the library; all of its questions when none are named. */
  async function selection(libId: number, ids: readonly number[] | undefined): Promise<number[]> {
    if (ids === undefined) {
      return examsRepo.topLevelIds({ libId });
    }
    const unique = [...new Set(ids)];
    const found = await repo.topLevelIdsIn(libId, unique);
    if (found.size !== unique.length) throw invalid({ subject_ids: ['exams.subjectsNotInLib'] });
    return unique;
  }

  return {
    async list(actor: Actor, query: LibsQuery): Promise<SubjectLibsResponse> {
      return listScope(
        { ownerId: actor.userId, orgId: actor.orgId },
        query.lib_type ?? 'exam',
        query.with_folder === true,
      );
    },

    async listCourse(actor: Actor, courseId: number, query: CourseLibsQuery): Promise<SubjectLibsResponse> {
      assertAuthorRead(await courses.load(actor, courseId));
      return listScope({ courseId }, 'exam', query.with_folder === true);
    },

    async create(actor: Actor, query: CreateQuery, body: CreateBody): Promise<SubjectLib> {
      const isOrgAdmin = actor.orgRole === 'admin';
      const teachesInOrg = !isOrgAdmin && (await repo.teachesInOrg(actor.userId, actor.orgId));
      if (!canCreatePersonalLib({ isOrgAdmin, teachesInOrg })) throw forbidden('exams.libCreateNotAllowed');
      return insertLib(actor, { courseId: null, ownerId: actor.userId }, query.lib_type, body);
    },

    async createCourse(
      actor: Actor,
      courseId: number,
      query: CreateCourseQuery,
      body: CreateBody,
    ): Promise<SubjectLib> {
      assertAuthorWrite(await courses.load(actor, courseId));
      return insertLib(actor, { courseId, ownerId: actor.userId }, query.lib_type, body);
    },

    async get(actor: Actor, id: number, query: LibQuery): Promise<SubjectLibDetail> {
      const { lib } = await libs.load(actor, id, 'read');
      const trees = holdsSubjects(lib)
        ? await subjectsRepository.loadTrees(
            { libId: lib.id },
            { keyword: query.keyword, type: query.subject_type },
            ctx.db,
          )
        : [];
      return { ...(await present(lib)), subjects: trees.map(toSubject) };
    },

    /** Renames and/or moves a library or folder (parent_id null: to the top). */
    async update(actor: Actor, id: number, body: UpdateBody): Promise<SubjectLib> {
      const { lib } = await libs.load(actor, id, 'write');
      const fields: FieldMessages = {};
      if (body.parent_id !== undefined) await checkParent(lib, body.parent_id, lib.id, fields);
      if (Object.keys(fields).length > 0) throw invalid(fields);
      const moved = body.parent_id !== undefined && body.parent_id !== lib.parentId;
      await ctx.db.transaction(async (tx) => {
        await repo.update(
          lib.id,
          {
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(moved
              ? {
                  parentId: body.parent_id ?? null,
                  sort: await repo.nextSort(scopeOf(lib), body.parent_id ?? null, tx),
                }
              : {}),
          },
          tx,
        );
      });
      return present(await reload(lib.id));
    },

    /** Deletes a library with its questions; a folder only once it is empty. */
    async remove(actor: Actor, id: number): Promise<{ message: string }> {
      const { lib } = await libs.load(actor, id, 'write');
      if (lib.libType === 'folder' && (await repo.hasChildren(lib.id)))
        throw conflict('exams.folderNotEmpty');
      await repo.delete(lib.id);
      return { message: translate(actor.locale, 'exams.libDeleted') };
    },

    /** Adds questions to a library after its last one, all or nothing (no points limit in a library). */
    async saveSubjects(actor: Actor, id: number, body: SaveSubjects): Promise<Subject[]> {
      const { lib } = await libs.load(actor, id, 'write');
      if (!holdsSubjects(lib)) throw folderRefused();
      const checked = cleanAndCheckSubjects(body.subjects, 'subjects', subjectInputSchemaFor(lib));
      if (!checked.ok) throw invalid(checked.fields);
      const trees = await ctx.db.transaction(async (tx) => {
        await repo.lock(lib.id, tx);
        const owner = { libId: lib.id };
        const start = await subjectsRepository.maxSort(owner, tx);
        const ids = await subjectsRepository.insertTrees(owner, checked.subjects, actor.userId, start, tx);
        await syncSubjectImages(actor, ids, tx);
        return subjectsRepository.loadByIds(ids, tx);
      });
      return trees.map(toSubject);
    },

    async sortSubjects(actor: Actor, id: number, body: SortSubjects): Promise<Subject[]> {
      const { lib } = await libs.load(actor, id, 'write');
      if (!holdsSubjects(lib)) throw folderRefused();
      const owner = { libId: lib.id };
      await ctx.db.transaction(async (tx) => {
        await repo.lock(lib.id, tx);
        await reorderSubjects(examsRepo, owner, body.subject_ids, tx);
      });
      return (await subjectsRepository.loadTrees(owner, {}, ctx.db)).map(toSubject);
    },

    /**
     * Copies the library's questions (or the selected ones) into one exam or classroom exam, after its
     * last question and under its points limit, or into a questionnaire or a video quiz (their slices).
     */
    async copy(actor: Actor, id: number, query: CopyQuery, body: CopyBody): Promise<Subject[]> {
      const { lib } = await libs.load(actor, id, 'read');
      if (!holdsSubjects(lib)) throw folderRefused();
      if (query.videoQuizId !== undefined || query.questionnaireId !== undefined) {
        const ids = await selection(lib.id, body.subject_ids);
        if (ids.length === 0) throw invalid({ subject_ids: ['exams.copyNothing'] });
        const order = new Map(ids.map((subjectId, index) => [subjectId, index]));
        const trees = await subjectsRepository.loadByIds(ids, ctx.db);
        trees.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
        const copied =
          query.videoQuizId !== undefined
            ? await videoQuizzes.appendFromLibrary(actor, query.videoQuizId, trees)
            : await questionnaires.appendFromLibrary(actor, query.questionnaireId ?? 0, trees);
        return copied.map(toSubject);
      }
      const field = query.examId !== undefined ? 'examId' : 'classroomId';
      const target =
        query.examId !== undefined
          ? await exams.loadExam(actor, query.examId, { type: 'exam', manage: true })
          : await exams.loadExam(actor, query.classroomId ?? 0, { type: 'classroom_exam', manage: true });
      const ids = await selection(lib.id, body.subject_ids);
      if (ids.length === 0) throw invalid({ subject_ids: ['exams.copyNothing'] });
      const trees = await subjectsRepository.loadByIds(ids, ctx.db);
      const order = new Map(ids.map((subjectId, index) => [subjectId, index]));
      trees.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      const inputs = trees.map(treeToInput);
      if (lib.libType === 'questionnaire') assertAnswerKeys(inputs);
      const copied = await subjects.appendToPaper(actor, target, query.is_makeup_exam, inputs, field);
      return copied.map(toSubject);
    },

    /** Moves or copies selected questions of this library into another library, appended in order. */
    async transfer(actor: Actor, id: number, body: TransferBody, mode: 'move' | 'copy'): Promise<Subject[]> {
      const { lib } = await libs.load(actor, id, mode === 'move' ? 'write' : 'read');
      const { lib: target } = await libs.load(actor, body.target_lib_id, 'write');
      if (!holdsSubjects(lib) || !holdsSubjects(target)) throw folderRefused();
      const ids = await selection(lib.id, body.subject_ids);
      const owner = { libId: target.id };
      const leavesQuestionnaire = lib.libType === 'questionnaire' && target.libType !== 'questionnaire';
      const resultIds = await ctx.db.transaction(async (tx) => {
        await repo.lock(target.id, tx);
        const start = await subjectsRepository.maxSort(owner, tx);
        if (leavesQuestionnaire) {
          assertAnswerKeys((await subjectsRepository.loadByIds(ids, tx)).map(treeToInput));
        }
        if (mode === 'move') {
          await repo.moveSubjects(ids, target.id, start, tx);
          return ids;
        }
        const trees = await subjectsRepository.loadByIds(ids, tx);
        const order = new Map(ids.map((subjectId, index) => [subjectId, index]));
        trees.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
        const copiedIds = await subjectsRepository.insertTrees(
          owner,
          trees.map(treeToInput),
          actor.userId,
          start,
          tx,
        );
        await syncSubjectImages(actor, copiedIds, tx);
        return copiedIds;
      });
      return (await subjectsRepository.loadByIds(resultIds, ctx.db)).map(toSubject);
    },
  };
}

/**
 * A questionnaire library's questions may lack a right answer; leaving it for an exam, a classroom exam or
 * an exam library they must have one, as if written there. Reported per question on `subject_ids`.
 */
function assertAnswerKeys(inputs: ParsedSubjectInput[]): void {
  const checked = cleanAndCheckSubjects(inputs, 'subject_ids', SubjectInputSchema);
  if (!checked.ok) throw invalid(checked.fields);
}

export type SubjectLibsService = ReturnType<typeof subjectLibsService>;
