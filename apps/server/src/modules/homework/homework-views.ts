import type { HomeworkSubmission } from '@lectern/contracts/homework/homework.schemas';
import { isScoreVisibleToStudent } from '@lectern/contracts/homework/homework.rules';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { HOMEWORK_SUBMISSION_PARENT } from '../../db/schema/homework.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { presentReference } from '../uploads/uploads.presenter.ts';
import { uploadsRepository, type ReferenceWithUpload } from '../uploads/uploads.repository.ts';
import type { LoadedHomework } from './homework-access.ts';
import { readsAllSubmissions } from './homework.policy.ts';
import { presentSubmission } from './homework.presenter.ts';
import {
  groupKey,
  homeworkRepository,
  studentKey,
  type Person,
  type SubmissionRow,
  type SubmitterKey,
} from './homework.repository.ts';

/** The single item of a one-item list (a presenter called with one row). */
export function single<T>(list: readonly T[]): T {
  const [item] = list;
  if (item === undefined || list.length !== 1) throw new Error('expected exactly one item');
  return item;
}

/** Submissions as wire shapes from rows already read with their files and the people they name. */
export function presentSubmissions(
  rows: readonly SubmissionRow[],
  read: {
    references: readonly ReferenceWithUpload[];
    people: Map<number, Person>;
    groupNames: Map<number, string>;
  },
  visible: (row: SubmissionRow) => boolean,
): HomeworkSubmission[] {
  const byParent = new Map<number, UploadReference[]>();
  for (const { reference, upload } of read.references) {
    const list = byParent.get(reference.parentId) ?? [];
    // Whoever may read the work may take its files away.
    list.push(presentReference(reference, upload, { canDownload: true }));
    byParent.set(reference.parentId, list);
  }
  return rows.map((row) =>
    presentSubmission(row, {
      people: read.people,
      groupNames: read.groupNames,
      uploads: byParent,
      scoreVisible: visible(row),
    }),
  );
}

/** The submitter a key names, with the members whose work it is. */
export type ResolvedSubmitter = { key: SubmitterKey; memberIds: number[] };

/**
 * Reading submissions the way every homework call shows them: whose they are, their files, and the
 * marking only where the viewer may see it.
 */
export function homeworkViews(db: Database) {
  const repo = homeworkRepository(db);
  const uploads = uploadsRepository(db);

  /** Does this viewer see the marking of work owned by `owner`? */
  function seesScores(hw: LoadedHomework, owner: ResolvedSubmitter, now = new Date()): boolean {
    if (readsAllSubmissions(hw.access)) return true;
    const mine = owner.key.userId === hw.access.userId || owner.memberIds.includes(hw.access.userId);
    return mine && isScoreVisibleToStudent(hw.settings, now);
  }

  return {
    seesScores,

    /** Submissions as wire shapes; `visible` decides per row whether its marking shows. */
    async present(
      rows: readonly SubmissionRow[],
      visible: (row: SubmissionRow) => boolean,
      tx: Executor = db,
    ): Promise<HomeworkSubmission[]> {
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const personIds = rows
        .flatMap((r) => [r.userId, r.submittedBy, r.markedBy])
        .filter((id) => id !== null);
      const groupIds = rows.map((r) => r.groupId).filter((id) => id !== null);
      const [references, people, groupNames] = await Promise.all([
        uploads.listReferences(HOMEWORK_SUBMISSION_PARENT, ids, tx),
        repo.people(personIds, tx),
        repo.groupNames(groupIds, tx),
      ]);
      return presentSubmissions(rows, { references, people, groupNames }, visible);
    },

    /**
     * The submitter a student id names on this homework: the student, or for group homework their group.
     * A student who is not one of the course's learners (or in no group) is not found.
     */
    async submitterOfStudent(
      hw: LoadedHomework,
      studentId: number,
      tx: Executor = db,
    ): Promise<ResolvedSubmitter> {
      const groupSetId = hw.settings.group_set_id;
      if (groupSetId) {
        const groupId = await repo.groupOf(groupSetId, studentId, tx);
        if (!groupId) throw notFound('homework.submitterNotFound');
        const group = await repo.findGroup(groupId, tx);
        return { key: groupKey(groupId), memberIds: group?.memberIds ?? [studentId] };
      }
      if (!(await repo.isLearner(hw.activity.courseId, studentId, tx))) {
        throw notFound('homework.submitterNotFound');
      }
      return { key: studentKey(studentId), memberIds: [studentId] };
    },

    /** A group of this group homework's set. */
    async submitterOfGroup(
      hw: LoadedHomework,
      groupId: number,
      tx: Executor = db,
    ): Promise<ResolvedSubmitter> {
      const group = await repo.findGroup(groupId, tx);
      if (!hw.settings.group_set_id || !group || group.groupSetId !== hw.settings.group_set_id) {
        throw notFound('homework.submitterNotFound');
      }
      return { key: groupKey(groupId), memberIds: group.memberIds };
    },

    /** A submitter id of the marking list: a student for individual homework, a group for group homework. */
    async submitterOfId(hw: LoadedHomework, id: number, tx: Executor = db): Promise<ResolvedSubmitter> {
      if (hw.settings.group_set_id) return this.submitterOfGroup(hw, id, tx);
      if (!(await repo.isLearner(hw.activity.courseId, id, tx))) throw notFound('homework.submitterNotFound');
      return { key: studentKey(id), memberIds: [id] };
    },
  };
}

export type HomeworkViews = ReturnType<typeof homeworkViews>;
