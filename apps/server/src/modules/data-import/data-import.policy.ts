import type { ImportBelong } from '@lectern/contracts/data-import/data-import.schemas';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { examAccess, type LoadedExam } from '../exams/exam-access.ts';
import { assertAuthorRead } from '../exams/exams.policy.ts';
import { examsRepository } from '../exams/exams.repository.ts';
import { subjectLibAccess } from '../exams/subject-lib-access.ts';
import { roundPoints } from '../exams/subject-input.ts';
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
    ): Promise<ImportTarget> {
      const mode = options.mode ?? 'write';
      if (belong === 'library') {
        const { lib } = await libs.load(actor, id, mode);
        if (lib.libType === 'folder') throw new AppError('validation_failed', 'exams.folderHoldsNoSubjects');
        return { belong, owner: { libId: lib.id }, exam: null, title: lib.title };
      }
      const exam = await exams.loadExam(actor, id, {
        type: belong === 'exam' ? 'exam' : 'classroom_exam',
        manage: mode === 'write',
      });
      // Reading a paper with its answers is for its authors, as the exams slice's own question list is.
      if (mode === 'read') assertAuthorRead(exam.access);
      return {
        belong,
        // Only exams have a make-up paper.
        owner: { activityId: exam.activity.id, isMakeup: belong === 'exam' && options.isMakeup === true },
        exam,
        title: exam.activity.title,
      };
    },

    /** Points still free on an exam's paper (its total minus what its questions use); null for libraries. */
    async remainingPoints(target: ImportTarget): Promise<number | null> {
      if (!target.exam) return null;
      const used = await examsRepo.usedPoints(target.owner, null, db);
      return Math.max(0, roundPoints(target.exam.settings.total_points - used));
    },
  };
}
