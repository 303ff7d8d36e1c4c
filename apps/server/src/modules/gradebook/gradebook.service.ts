import { PassThrough, type Readable } from 'node:stream';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { examSettings } from '@lectern/contracts/exams/exam-settings';
import { combineAttempts, scoresReleased } from '@lectern/contracts/exams/grading';
import { weightedTotal } from '@lectern/contracts/gradebook/gradebook.rules';
import {
  GRADEBOOK_LIMITS,
  type GradebookExportFormat,
  type GradebookQuery,
  type GradebookResponse,
  type GradebookView,
  type GradeItemType,
  type GradeScoreItem,
  type GradeScoreItemsResponse,
} from '@lectern/contracts/gradebook/gradebook.schemas';
import { homeworkSettings } from '@lectern/contracts/homework/homework-settings';
import { isScoreVisibleToStudent } from '@lectern/contracts/homework/homework.rules';
import type { AppContext } from '../../platform/app-context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { courseAccess } from '../courses/course-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';
import { csvLine } from '../../platform/files/csv.ts';
import { assertCanExport, assertCanWeigh, gradebookView } from './gradebook.policy.ts';
import { presentItem, presentRow, type GradeItem } from './gradebook.presenter.ts';
import {
  gradebookRepository,
  type ExamFinalRow,
  type GradeActivityRow,
  type HomeworkMarkRow,
  type StudentRow,
} from './gradebook.repository.ts';

/** Homework scores follow the homework score rule: 0 to 100. */
const HOMEWORK_MAX_SCORE = 100;
/** A SCORM score is normalised to a percentage (raw within min–max, or 2004's scaled). */
const SCORM_MAX_SCORE = 100;

/**
 * An activity as a gradebook item: its weight (default: all equal), whether students see its scores now
 * (the exam's score release rule, or the homework's publishing setting — the slices' own rule functions),
 * and its maximum.
 */
function itemOf(row: GradeActivityRow, weights: ReadonlyMap<number, number>, now: Date): GradeItem {
  const weight = weights.get(row.id) ?? GRADEBOOK_LIMITS.defaultWeight;
  if (row.type === 'homework') {
    const settings = homeworkSettings(row.data);
    return {
      row,
      type: 'homework',
      weight,
      published: isScoreVisibleToStudent(settings, now),
      maxScore: HOMEWORK_MAX_SCORE,
      groupSetId: settings.group_set_id ?? null,
    };
  }
  if (row.type === 'h5_courseware') {
    // The learner's own SCO reports the score; the H5 state endpoints show it to them as soon as it is
    // stored, so the gradebook holds nothing back.
    return {
      row,
      type: 'h5_courseware',
      weight,
      published: true,
      maxScore: SCORM_MAX_SCORE,
      groupSetId: null,
    };
  }
  const settings = examSettings(row.data);
  return {
    row,
    type: row.type as GradeItemType,
    weight,
    // Released "after submit" is released to every student who has a score (they all submitted).
    published: scoresReleased(settings, { submitted: true, now }),
    maxScore: settings.total_points,
    groupSetId: settings.group_set_id ?? null,
  };
}

/** What a view shows: students see published activities whose scores are released, nothing else. */
function visibleTo(view: GradebookView, item: GradeItem): boolean {
  return view === 'all' || (item.row.published && item.published);
}

/** Totals count published activities: a draft no student could take would pull every total down. */
function countsInTotal(item: GradeItem): boolean {
  return item.row.published;
}

type Table = { view: GradebookView; items: GradeItem[]; students: StudentRow[]; scores: (number | null)[][] };

export function gradebookService(ctx: AppContext) {
  const courses = courseAccess(ctx.db);
  const repo = gradebookRepository(ctx.db);

  async function loadItems(
    access: CourseAccess,
    view: GradebookView,
    subCourseId: number | null = null,
  ): Promise<GradeItem[]> {
    const [rows, weights] = await Promise.all([
      repo.items(access.courseId, subCourseId),
      repo.weights(access.courseId),
    ]);
    const now = new Date();
    return rows.map((row) => itemOf(row, weights, now)).filter((item) => visibleTo(view, item));
  }

  /**
   * Every student's score per item, in a fixed number of queries for the whole course: students, group
   * memberships, exam finals and the latest marked homework, then combined in memory.
   */
  async function loadTable(access: CourseAccess, subCourseId: number | null = null): Promise<Table> {
    const view = gradebookView(access);
    // A combined course's students include its sub-courses'; the team may split the table by one of them.
    const combined = access.courseType === COMBINED_COURSE_TYPE ? { subCourseId } : null;
    if (subCourseId !== null && (!combined || !(await repo.isSubCourse(access.courseId, subCourseId)))) {
      throw notFound();
    }
    const items = await loadItems(access, view, subCourseId);
    const only = view === 'own' ? access.userId : null;
    const groupSetIds = [...new Set(items.flatMap((i) => (i.groupSetId ? [i.groupSetId] : [])))];
    const [students, memberships] = await Promise.all([
      repo.students(access.courseId, only, combined),
      repo.memberships(groupSetIds, only),
    ]);
    const ownGroups = only === null ? null : { userId: only, groupIds: memberships.map((m) => m.groupId) };
    const idsOf = (test: (type: GradeItemType) => boolean) =>
      items.filter((i) => test(i.type)).map((i) => i.row.id);
    const examIds = idsOf((type) => type === 'exam' || type === 'classroom_exam');
    const homeworkIds = idsOf((type) => type === 'homework');
    const coursewareIds = idsOf((type) => type === 'h5_courseware');
    const [finals, marks, scorm] = await Promise.all([
      repo.examFinals(examIds, ownGroups),
      repo.homeworkMarks(homeworkIds, ownGroups),
      repo.scormScores(coursewareIds, only),
    ]);
    const scormBy = new Map(scorm.map((s) => [`${s.activityId}:u${s.userId}`, s.score]));

    const groupOf = new Map(memberships.map((m) => [`${m.groupSetId}:${m.userId}`, m.groupId]));
    const finalsBy = new Map<string, ExamFinalRow[]>();
    for (const f of finals) {
      for (const key of [
        `${f.activityId}:u${f.examineeId}`,
        ...(f.groupId ? [`${f.activityId}:g${f.groupId}`] : []),
      ]) {
        const list = finalsBy.get(key) ?? [];
        list.push(f);
        finalsBy.set(key, list);
      }
    }
    const marksBy = new Map<string, HomeworkMarkRow>();
    for (const m of marks) {
      marksBy.set(m.userId !== null ? `${m.activityId}:u${m.userId}` : `${m.activityId}:g${m.groupId}`, m);
    }

    const scoreOf = (item: GradeItem, student: StudentRow): number | null => {
      let key = `${item.row.id}:u${student.id}`;
      if (item.groupSetId) {
        // Group work is scored per group: a student in none of the set's groups has no score.
        const groupId = groupOf.get(`${item.groupSetId}:${student.id}`);
        if (groupId === undefined) return null;
        key = `${item.row.id}:g${groupId}`;
      }
      if (item.type === 'homework') return marksBy.get(key)?.score ?? null;
      if (item.type === 'h5_courseware') return scormBy.get(key) ?? null;
      const attempts = (finalsBy.get(key) ?? []).map((f) => (f.markStatus === 'marked' ? f.score : null));
      return combineAttempts(examSettings(item.row.data).score_rule, attempts);
    };

    return { view, items, students, scores: students.map((s) => items.map((item) => scoreOf(item, s))) };
  }

  function totalOf(items: readonly GradeItem[], scores: readonly (number | null)[]): number | null {
    return weightedTotal(
      items.flatMap((item, i) =>
        countsInTotal(item)
          ? [{ weight: item.weight, max_score: item.maxScore, score: scores[i] ?? null }]
          : [],
      ),
    );
  }

  function exportRows(table: Table, locale: Actor['locale']) {
    const header = [
      translate(locale, 'gradebook.export.userNo'),
      translate(locale, 'gradebook.export.name'),
      ...table.items.map((item) =>
        translate(locale, 'gradebook.export.item', {
          title: item.row.title,
          max: item.maxScore,
          weight: item.weight,
        }),
      ),
      translate(locale, 'gradebook.export.total'),
    ];
    const body = table.students.map((student, i) => {
      const scores = table.scores[i] ?? [];
      return [student.userNo, student.name, ...scores, totalOf(table.items, scores)];
    });
    return { header, body };
  }

  return {
    /** `GET /api/courses/{id}/grade-score-items`. */
    async items(actor: Actor, courseId: number): Promise<GradeScoreItemsResponse> {
      const access = await courses.load(actor, courseId);
      const items = await loadItems(access, gradebookView(access));
      return { grade_score_items: items.map(presentItem) };
    },

    /** `GET /api/courses/{id}/gradebook`: the whole table for the teaching team, a student's own row otherwise. */
    async gradebook(actor: Actor, courseId: number, query: GradebookQuery = {}): Promise<GradebookResponse> {
      const access = await courses.load(actor, courseId);
      const table = await loadTable(access, query.sub_course_id ?? null);
      return {
        view: table.view,
        items: table.items.map(presentItem),
        rows: table.students.map((student, i) => {
          const scores = table.scores[i] ?? [];
          return presentRow(student, table.items, scores, totalOf(table.items, scores));
        }),
      };
    },

    /** `PUT /api/courses/{id}/grade-score-items/{activityId}`. */
    async setWeight(
      actor: Actor,
      courseId: number,
      activityId: number,
      weight: number,
    ): Promise<GradeScoreItem> {
      const access = await courses.load(actor, courseId);
      assertCanWeigh(access);
      const row = await repo.item(courseId, activityId);
      if (!row) throw notFound('gradebook.notGradable');
      await repo.setWeight({ activityId, courseId, weight, updatedBy: actor.userId });
      return presentItem(itemOf(row, new Map([[activityId, weight]]), new Date()));
    },

    /**
     * `GET /api/courses/{id}/gradebook/export`: CSV (UTF-8 with a byte-order mark, cells safe from formula
     * injection, as the exam score export) or an Excel workbook written as a stream.
     */
    async export(
      actor: Actor,
      courseId: number,
      format: GradebookExportFormat,
      query: GradebookQuery = {},
    ): Promise<{ fileName: string; contentType: string; body: string | Readable }> {
      const access = await courses.load(actor, courseId);
      assertCanExport(access);
      const [table, courseName] = await Promise.all([
        loadTable(access, query.sub_course_id ?? null),
        repo.courseName(courseId),
      ]);
      const { header, body } = exportRows(table, actor.locale);
      const baseName = `${courseName}-${translate(actor.locale, 'gradebook.export.fileSuffix')}`;
      if (format === 'csv') {
        const lines = [csvLine(header), ...body.map((row) => csvLine(row))];
        return {
          fileName: `${baseName}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: `\uFEFF${lines.join('\r\n')}\r\n`,
        };
      }
      return {
        fileName: `${baseName}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await xlsxStream(translate(actor.locale, 'gradebook.export.sheet'), header, body),
      };
    },
  };
}

/**
 * The workbook written row by row into a stream the response sends as it is produced. exceljs is loaded
 * only when a workbook is asked for: it is large, and most requests never need it.
 */
async function xlsxStream(
  sheetName: string,
  header: readonly string[],
  rows: readonly (string | number | null)[][],
): Promise<Readable> {
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  const headerRow = sheet.addRow([...header]);
  headerRow.font = { bold: true };
  headerRow.commit();
  // Cells are written as values, never formulas, so text starting with = stays text.
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? undefined)).commit();
  sheet.commit();
  workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
