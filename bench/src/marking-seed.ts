import pg from 'pg';
import type { BenchData } from './seed-data.ts';

/** Files per hand-in, hand-ins per student, score changes per student. */
const FILES_PER_SUBMISSION = 2;
const VERSIONS = 2;
const SCORE_RECORDS = 3;

export type MarkingBenchData = {
  homeworkId: number;
  /** The submitters in marking order, each with their latest hand-in (the one the dialog opens). */
  submitters: { studentId: number; latestSubmissionId: number }[];
};

/**
 * A homework every benchmark student (discussions-seed.ts writes 200) has handed in twice, each hand-in
 * with two files; the latest one scored, with a corrected file from the marker and a few score changes.
 * That is what the marking dialog reads when it moves to the next student. Plain SQL, set-based.
 */
export async function seedMarkingBench(databaseUrl: string, data: BenchData): Promise<MarkingBenchData> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const homework = await client.query<{ id: number }>(
      `insert into activities (course_id, module_id, type, title, data, start_time, end_time, published,
                               completion_criterion_key, sort, created_by)
       values ($1, $2, 'homework', 'Bench homework',
               '{"description": "<p>Write about rivers</p>", "submit_times": null, "isAnnounceMark": 1}',
               now() - interval '7 days', now() + interval '7 days', true, 'submitted', 20000, $3)
       returning id`,
      [data.courseId, data.moduleId, data.userId],
    );
    const homeworkId = homework.rows[0]!.id;
    const students = `select id from users where org_id = $2 and user_no like 'bench-student-%'`;
    await client.query(
      `insert into homework_submitters (activity_id, user_id, status, last_version)
       select $1, id, 1, $3 from (${students}) s`,
      [homeworkId, data.orgId, VERSIONS],
    );
    await client.query(
      `insert into homework_submissions (activity_id, user_id, version, comment, status, score, submitted_at,
                                         submitted_by, marked_by, marked_at)
       select $1, s.id, v, '<p>Version ' || v || ' of my essay, with a few sentences of comment.</p>', 1,
              case when v = $3 then 50 + s.id % 50 end, now() - ($3 - v) * interval '1 day', s.id,
              case when v = $3 then $4::int end, case when v = $3 then now() end
       from (${students}) s cross join generate_series(1, $3::int) as v`,
      [homeworkId, data.orgId, VERSIONS, data.userId],
    );
    // Each hand-in's files: uploads named after the submission, then their references.
    await client.query(
      `insert into uploads (org_id, created_by, name, size, mime_type, type, status, storage_key)
       select $2, h.user_id, 'hw-' || h.id || '-' || k || '.pdf', 120000 + k, 'application/pdf', 'document',
              'ready', 'bench/hw-' || h.id || '-' || k
       from homework_submissions h cross join generate_series(1, $3::int) as k
       where h.activity_id = $1`,
      [homeworkId, data.orgId, FILES_PER_SUBMISSION],
    );
    await client.query(
      `insert into upload_references (upload_id, parent_type, parent_id, name, sort, created_by)
       select u.id, 'homework_submission', h.id, u.name, k - 1, h.user_id
       from homework_submissions h cross join generate_series(1, $2::int) as k
       join uploads u on u.name = 'hw-' || h.id || '-' || k || '.pdf' and u.org_id = $3
       where h.activity_id = $1`,
      [homeworkId, FILES_PER_SUBMISSION, data.orgId],
    );
    // The marker's corrected copy of the first file of each latest hand-in.
    await client.query(
      `insert into uploads (org_id, created_by, name, size, mime_type, type, status, storage_key)
       select $2, $4, 'marked-' || h.id || '.pdf', 130000, 'application/pdf', 'document', 'ready',
              'bench/marked-' || h.id
       from homework_submissions h where h.activity_id = $1 and h.version = $3`,
      [homeworkId, data.orgId, VERSIONS, data.userId],
    );
    await client.query(
      `insert into homework_marked_attachments (submission_id, upload_id, origin_upload_id, created_by)
       select h.id, m.id, o.id, $4
       from homework_submissions h
       join uploads m on m.name = 'marked-' || h.id || '.pdf' and m.org_id = $2
       join uploads o on o.name = 'hw-' || h.id || '-1.pdf' and o.org_id = $2
       where h.activity_id = $1 and h.version = $3`,
      [homeworkId, data.orgId, VERSIONS, data.userId],
    );
    await client.query(
      `insert into upload_references (upload_id, parent_type, parent_id, name, created_by)
       select a.upload_id, 'homework_marked_attachment', a.id, 'marked.pdf', $2
       from homework_marked_attachments a join homework_submissions h on h.id = a.submission_id
       where h.activity_id = $1`,
      [homeworkId, data.userId],
    );
    await client.query(
      `insert into score_records (activity_id, user_id, version, score_method, old_score, score, operator_id,
                                  operator_name, created_at)
       select $1, s.id, $3, 'manual', case when k > 1 then 40 + k end, 41 + k, $4, 'Bench Instructor',
              now() - ($5 - k) * interval '1 hour'
       from (${students}) s cross join generate_series(1, $5::int) as k`,
      [homeworkId, data.orgId, VERSIONS, data.userId, SCORE_RECORDS],
    );
    const latest = await client.query<{ user_id: number; id: number }>(
      `select user_id, id from homework_submissions where activity_id = $1 and version = $2 order by user_id`,
      [homeworkId, VERSIONS],
    );
    await client.query('commit');
    await client.query(
      'vacuum analyze homework_submitters, homework_submissions, homework_marked_attachments, uploads, upload_references, score_records',
    );
    return {
      homeworkId,
      submitters: latest.rows.map((r) => ({ studentId: r.user_id, latestSubmissionId: r.id })),
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
