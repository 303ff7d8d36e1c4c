import { and, asc, eq, inArray } from 'drizzle-orm';
import { courses } from '../db/schema/courses.ts';
import {
  courseClassifications,
  coursePublicSettings,
  curriculumClassifications,
  curriculumCourses,
  curriculums,
} from '../db/schema/public-listings.ts';
import type { Transaction } from '../platform/database.ts';

/**
 * The public portal's demo: classifications, MATH101 and PHY110 open to everyone (CS201 stays private, as
 * the course every other demo uses), PHY110 with a sign-up charge and a certificate, and one curriculum
 * of both. Returns the number of public courses.
 */
export async function insertDemoPublicListings(tx: Transaction, orgId: number): Promise<number> {
  const [science, engineering] = await tx
    .insert(courseClassifications)
    .values([
      { orgId, name: '理学', sort: 1 },
      { orgId, name: '工学', sort: 2 },
    ])
    .returning({ id: courseClassifications.id });
  const [foundation] = await tx
    .insert(curriculumClassifications)
    .values({ orgId, name: '基础课程', sort: 1 })
    .returning({ id: curriculumClassifications.id });
  if (!science || !engineering || !foundation) throw new Error('demo seed: classifications missing');
  const rows = await tx
    .select({ id: courses.id, code: courses.courseCode, createdBy: courses.createdBy })
    .from(courses)
    .where(and(eq(courses.orgId, orgId), inArray(courses.courseCode, ['MATH101', 'PHY110'])))
    .orderBy(asc(courses.id));
  for (const row of rows) {
    await tx
      .update(courses)
      .set({
        publicScope: 'public',
        classificationId: row.code === 'MATH101' ? science.id : engineering.id,
      })
      .where(eq(courses.id, row.id));
  }
  const physics = rows.find((r) => r.code === 'PHY110');
  if (physics) {
    await tx.insert(coursePublicSettings).values({
      courseId: physics.id,
      signUpChargeAmount: '99.00',
      certificationTitle: '大学物理结业证书',
      creditState: 'air',
    });
  }
  const owner = rows[0]?.createdBy;
  if (owner === undefined) return 0;
  const [curriculum] = await tx
    .insert(curriculums)
    .values({
      orgId,
      name: '理工科基础课程体系',
      classificationId: foundation.id,
      publicScope: 'public',
      certificationTitle: '理工基础证书',
      createdBy: owner,
    })
    .returning({ id: curriculums.id });
  if (!curriculum) throw new Error('demo seed: curriculum missing');
  await tx
    .insert(curriculumCourses)
    .values(rows.map((r, sort) => ({ curriculumId: curriculum.id, courseId: r.id, sort })));
  return rows.length;
}
