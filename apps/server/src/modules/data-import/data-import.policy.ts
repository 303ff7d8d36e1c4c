import type { ImportBelong } from '@lectern/contracts/data-import/data-import.schemas';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { examAccess, type LoadedExam } from '../exams/exam-access.ts';
import { examsRepository } from '../exams/exams.repository.ts';
import { subjectLibAccess } from '../exams/subject-lib-access.ts';
import type { SubjectOwner } from '../exams/subjects.repository.ts';

export type ImportTarget = {
  belong: ImportBelong;
  owner: SubjectOwner;
  /** The exam, for exam and classroom targets. */
  exam: LoadedExam | null;
  title: string;
};

/**
 * Importing into (or exporting from) a target needs the right to author its questions: the exam's or
 * classroom exam's teaching team (refused while simulating a student), or a writer of the library. A
 * folder holds no questions.
 */
export function importTargetAccess(db: Database) {
  const exams = examAccess(db);
  const libs = subjectLibAccess(db);
  const examsRepo = examsRepository(db);

  return {
    async load(
      actor: Actor,
      belong: ImportBelong,
      id: number,
      options: { isMakeup?: boolean | undefined; mode?: 'read' | 'write' } = {},
      tx: Executor = db,
    ): Promise<ImportTarget> {
      if (belong === 'library') {
        const { lib } = await libs.load(actor, id, options.mode ?? 'write', tx);
        if (lib.libType === 'folder') throw new AppError('validation_failed', 'exams.folderHoldsNoSubjects');
        return { belong, owner: { libId: lib.id }, exam: null, title: lib.title };
      }
      const exam = await exams.loadExam(
        actor,
        id,
        {
          type: belong === 'exam' ? 'exam' : 'classroom_exam',
          manage: (options.mode ?? 'write') === 'write',
        },
        tx,
      );
      return {
        belong,
        owner: { activityId: exam.activity.id, isMakeup: options.isMakeup ?? false },
        exam,
        title: exam.activity.title,
      };
    },

    /** Points still free on an exam's paper (its total minus what its questions use); null for libraries. */
    async remainingPoints(target: ImportTarget, tx: Executor = db): Promise<number | null> {
      if (!target.exam) return null;
      const used = await examsRepo.usedPoints(target.owner, null, tx);
      return Math.max(0, Math.round((target.exam.settings.total_points - used) * 10) / 10);
    },
  };
}
