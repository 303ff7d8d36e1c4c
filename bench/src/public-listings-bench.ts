import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { BenchData } from './seed-data.ts';

export const PUBLIC_COURSES = 10_000;
const CLASSIFICATIONS = 10;
const TOPICS = [
  'Linear Algebra',
  'Organic Chemistry',
  'World History',
  'Microeconomics',
  'Poetry',
  'Statics',
  'Genetics',
];
const STUDENTS_PER_COURSE = 5;

export type PublicListingsBenchData = {
  /** The classification the filtered scenario asks for (a tenth of the public courses). */
  classificationId: number;
  /** A keyword one course in seven carries in its name. */
  keyword: string;
};

/**
 * The portal's catalogue at size: 10,000 public courses of the benchmark organisation, filed under ten
 * classifications, each with its instructor, five students, two modules and, for one in five, a sign-up
 * charge; so a card's counts and instructor list read real rows. Plain SQL, set-based, after the
 * discussions seed (whose students it enrols).
 */
export async function seedPublicListingsBench(
  databaseUrl: string,
  data: BenchData,
): Promise<PublicListingsBenchData> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const classifications = await client.query<{ id: number }>(
      `insert into course_classifications (org_id, name, sort)
       select $1, 'Field ' || n, n from generate_series(1, $2::int) as n returning id`,
      [data.orgId, CLASSIFICATIONS],
    );
    const ids = classifications.rows.map((r) => r.id);
    await client.query(
      `insert into courses (org_id, name, display_name, course_code, created_by, public_scope, classification_id,
                            start_date)
       select $1, 'public-' || n, ($4::text[])[1 + (n / 10) % array_length($4::text[], 1)] || ' ' || n,
              'PUB' || n, $2, 'public', ($3::int[])[1 + n % array_length($3::int[], 1)],
              current_date - (n % 400 - 200)
       from generate_series(1, $5::int) as n`,
      [data.orgId, data.userId, ids, TOPICS, PUBLIC_COURSES],
    );
    await client.query(
      `insert into course_members (course_id, user_id, roles)
       select id, $2, '{instructor}' from courses where org_id = $1 and name like 'public-%'`,
      [data.orgId, data.userId],
    );
    await client.query(
      `with students as (
         select array_agg(id order by id) as ids from users where org_id = $1 and user_no like 'bench-student-%'
       )
       insert into course_members (course_id, user_id, roles)
       select distinct c.id, students.ids[1 + (c.id * 7 + k) % array_length(students.ids, 1)], '{student}'::text[]
       from courses c cross join generate_series(1, $2::int) as k, students
       where c.org_id = $1 and c.name like 'public-%'`,
      [data.orgId, STUDENTS_PER_COURSE],
    );
    await client.query(
      `insert into course_modules (course_id, name, sort)
       select c.id, 'Part ' || k, k from courses c cross join generate_series(1, 2) as k
       where c.org_id = $1 and c.name like 'public-%'`,
      [data.orgId],
    );
    await client.query(
      `insert into course_public_settings (course_id, sign_up_charge_amount, certification_title)
       select id, 19.90, 'Certificate of ' || display_name from courses
       where org_id = $1 and name like 'public-%' and id % 5 = 0`,
      [data.orgId],
    );
    await client.query('commit');
    await client.query('vacuum analyze courses, course_members, course_modules, course_public_settings');
    return { classificationId: ids[3]!, keyword: 'algebra' };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * The catalogue page's minimum for an anonymous visitor: the same statement Lectern's prepared
 * `public_courses_page` runs (choose the page's ids first, then count and list only those rows, the
 * total alongside), sent as raw rows, with no validation, access check or serialiser.
 */
const PUBLIC_COURSES_SQL = `
  select c.id, c.org_id, c.name, c.display_name, c.second_name, c.course_code, c.credit, c.classroom_schedule,
         c.cover, c.classification_id, c.public_scope, c.start_date, c.end_date,
         (c.start_date is null or c.start_date <= current_date) as is_started,
         s.sign_up_charge_amount, s.certification_title, s.credit_state,
         (select count(*)::int from activities a where a.course_id = c.id and a.published and a.recycle_bin_item_id is null) as activity_count,
         (select count(*)::int from course_members m where m.course_id = c.id and m.roles @> array['student']::text[]) as student_count,
         (select count(*)::int from course_modules cm where cm.course_id = c.id and cm.recycle_bin_item_id is null) as module_count,
         (select count(*)::int from syllabi sy where sy.course_id = c.id and sy.recycle_bin_item_id is null) as syllabus_count,
         (select count(*)::int from knowledge_nodes k where k.course_id = c.id and k.deleted_at is null) as knowledge_node_count,
         (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'avatar_small_url', u.avatar_small_url) order by u.id), '[]'::json)
            from course_members m join users u on u.id = m.user_id
           where m.course_id = c.id and m.roles @> array['instructor']::text[]) as instructors,
         (select count(*)::int from courses t
           where t.recycle_bin_item_id is null and t.public_scope = 'public'
             and ($1::int is null or t.classification_id = $1::int)
             and ($2::text is null or strpos(lower(coalesce(t.display_name, t.name)), $2::text) > 0)) as total
  from (select id from courses
         where recycle_bin_item_id is null and public_scope = 'public'
           and ($1::int is null or classification_id = $1::int)
           and ($2::text is null or strpos(lower(coalesce(display_name, name)), $2::text) > 0)
         order by id desc limit $3 offset $4) page
  join courses c on c.id = page.id
  left join course_public_settings s on s.course_id = c.id
  order by c.id desc`;

export function registerPublicCoursesBare(app: FastifyInstance, pool: pg.Pool): void {
  app.get<{
    Querystring: { page?: string; page_size?: string; classification_id?: string; keyword?: string };
  }>('/public-courses', async (request) => {
    const size = Number(request.query.page_size ?? 12);
    const page = Number(request.query.page ?? 1);
    const result = await pool.query({
      name: 'bare_public_courses',
      text: PUBLIC_COURSES_SQL,
      values: [
        request.query.classification_id === undefined ? null : Number(request.query.classification_id),
        request.query.keyword?.toLowerCase() ?? null,
        size,
        (page - 1) * size,
      ],
    });
    return { courses: result.rows, total: result.rows[0]?.total ?? 0, page, page_size: size };
  });
}
