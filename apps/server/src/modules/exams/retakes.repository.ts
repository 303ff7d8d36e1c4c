import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { examRetakeRecords, examSubmissions } from '../../db/schema/exam-submissions.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

const operators = alias(users, 'retake_operators');

export type RetakeRecordRow = {
  id: number;
  examId: number;
  examType: 'exam' | 'makeup';
  createdAt: Date;
  examinee: { id: number; userNo: string; name: string };
  operator: { id: number; name: string } | null;
  submissionId: number | null;
  submittedAt: Date | null;
  markStatus: 'marked' | 'unmarked' | null;
};

function selectRecords(tx: Executor, where: SQL | undefined) {
  return tx
    .select({
      id: examRetakeRecords.id,
      examId: examRetakeRecords.activityId,
      examType: examRetakeRecords.examType,
      createdAt: examRetakeRecords.createdAt,
      examineeId: users.id,
      examineeNo: users.userNo,
      examineeName: users.name,
      operatorId: operators.id,
      operatorName: operators.name,
      submissionId: examRetakeRecords.submissionId,
      submittedAt: examSubmissions.submittedAt,
      markStatus: examSubmissions.markStatus,
    })
    .from(examRetakeRecords)
    .innerJoin(users, eq(users.id, examRetakeRecords.examineeId))
    .leftJoin(operators, eq(operators.id, examRetakeRecords.operatorId))
    .leftJoin(examSubmissions, eq(examSubmissions.id, examRetakeRecords.submissionId))
    .where(where)
    .orderBy(desc(examRetakeRecords.createdAt), desc(examRetakeRecords.id));
}

type SelectedRecord = Awaited<ReturnType<typeof selectRecords>>[number];

function toRow(r: SelectedRecord): RetakeRecordRow {
  return {
    id: r.id,
    examId: r.examId,
    examType: r.examType,
    createdAt: r.createdAt,
    examinee: { id: r.examineeId, userNo: r.examineeNo, name: r.examineeName },
    operator: r.operatorId === null ? null : { id: r.operatorId, name: r.operatorName ?? '' },
    submissionId: r.submissionId,
    submittedAt: r.submittedAt,
    markStatus: r.markStatus,
  };
}

export function retakesRepository(db: Database) {
  return {
    async insert(
      values: {
        examId: number;
        examineeId: number;
        examType: 'exam' | 'makeup';
        submissionId: number | null;
        operatorId: number;
      }[],
      tx: Executor = db,
    ): Promise<number[]> {
      if (values.length === 0) return [];
      const rows = await tx
        .insert(examRetakeRecords)
        .values(
          values.map((v) => ({
            activityId: v.examId,
            examineeId: v.examineeId,
            examType: v.examType,
            submissionId: v.submissionId,
            operatorId: v.operatorId,
          })),
        )
        .returning({ id: examRetakeRecords.id });
      return rows.map((r) => r.id);
    },

    /** Newest first. Without makeup included, only the main exam's records. */
    async page(
      examId: number,
      options: { includeMakeup: boolean; limit: number; offset: number },
      tx: Executor = db,
    ): Promise<{ rows: RetakeRecordRow[]; total: number }> {
      const where = and(
        eq(examRetakeRecords.activityId, examId),
        options.includeMakeup ? undefined : eq(examRetakeRecords.examType, 'exam'),
      );
      const [rows, [total]] = await Promise.all([
        selectRecords(tx, where).limit(options.limit).offset(options.offset),
        tx.select({ value: count() }).from(examRetakeRecords).where(where),
      ]);
      return { rows: rows.map(toRow), total: total?.value ?? 0 };
    },

    async findById(id: number, tx: Executor = db): Promise<RetakeRecordRow | undefined> {
      const [row] = await selectRecords(tx, eq(examRetakeRecords.id, id));
      return row && toRow(row);
    },

    async findByIds(ids: readonly number[], tx: Executor = db): Promise<RetakeRecordRow[]> {
      if (ids.length === 0) return [];
      const rows = await selectRecords(tx, inArray(examRetakeRecords.id, [...ids]));
      return rows.map(toRow);
    },
  };
}
