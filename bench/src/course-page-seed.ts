import pg from 'pg';
import type { BenchData } from './seed-data.ts';
import { insertStudentsWithSessions, type StudentSession } from './student-sessions.ts';

export type CoursePageBenchData = {
  /** A student of the bench course who has read half of its activities. */
  student: StudentSession;
  /** A published, running exam of the bench course with a 20-question paper. */
  examId: number;
};

const QUESTIONS: { type: string; point: number; options: number }[] = [
  ...Array.from({ length: 8 }, () => ({ type: 'single_selection', point: 5, options: 4 })),
  ...Array.from({ length: 6 }, () => ({ type: 'multiple_selection', point: 5, options: 4 })),
  ...Array.from({ length: 4 }, () => ({ type: 'true_or_false', point: 5, options: 2 })),
  ...Array.from({ length: 2 }, () => ({ type: 'short_answer', point: 10, options: 0 })),
];

/**
 * What a student's course page and exam reads need (scenarios.ts): one student with a session and read
 * marks on every other activity, so the per-student part of the list is not all false, and an exam.
 */
export async function seedCoursePageBench(
  databaseUrl: string,
  data: BenchData,
  sessionSecret: string,
): Promise<CoursePageBenchData> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const [student] = await insertStudentsWithSessions(client, data, sessionSecret, 1, 'page');
    const exam = await client.query<{ id: number }>(
      `insert into activities (course_id, module_id, type, title, data, start_time, end_time, published,
                               completion_criterion_key, sort, created_by)
       values ($1, $2, 'exam', 'Course page exam', $3, now() - interval '1 hour', now() + interval '30 days',
               true, 'submitted', 30000, $4) returning id`,
      [
        data.courseId,
        data.moduleId,
        JSON.stringify({ total_points: 100, submit_times: 0, score_rule: 'highest', display_mode: 'all' }),
        data.userId,
      ],
    );
    const examId = exam.rows[0]!.id;
    for (const [index, q] of QUESTIONS.entries()) {
      const subject = await client.query<{ id: number }>(
        `insert into subjects (activity_id, type, description, point, sort, blanks, created_by)
         values ($1, $2, $3, $4, $5, '[]', $6) returning id`,
        [
          examId,
          q.type,
          `<p>Question ${index + 1}: ${'an ordinary question text '.repeat(4)}</p>`,
          q.point,
          index + 1,
          data.userId,
        ],
      );
      await client.query(
        `insert into subject_options (subject_id, sort, content, is_answer)
         select $1, n, '<p>Option ' || (n + 1) || '</p>', n = 0 from generate_series(0, $2::int - 1) as n`,
        [subject.rows[0]!.id, q.options],
      );
    }
    await client.query(
      `insert into activity_reads (activity_id, user_id)
       select id, $2 from activities where course_id = $1 and id % 2 = 0`,
      [data.courseId, student!.userId],
    );
    await client.query('commit');
    await client.query('analyze');
    return { student: student!, examId };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
