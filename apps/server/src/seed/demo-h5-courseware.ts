import { Readable } from 'node:stream';
import { and, asc, eq, max } from 'drizzle-orm';
import JSZip from 'jszip';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { activities } from '../db/schema/activities.ts';
import { courseModules, courses } from '../db/schema/courses.ts';
import { uploadReferences, uploads } from '../db/schema/uploads.ts';
import type { Database } from '../platform/database.ts';
import { newStorageKey, type Storage } from '../platform/storage/storage.ts';
import {
  H5_INDEX_HTML,
  H5_STYLE_CSS,
  SCORM_12_MANIFEST,
  SCORM_12_SCO_HTML,
} from '../modules/h5-courseware/h5-package.fixture.ts';
import { unpackAndStore } from '../modules/h5-courseware/h5-package-store.ts';

/** The demo course whose outline carries the H5 courseware, and the two packages it gets. */
export const DEMO_H5 = {
  courseCode: 'CS201',
  packages: [
    {
      title: '排序算法图解（H5 课件）',
      fileName: 'sorting-h5.zip',
      files: { 'sorting/index.html': H5_INDEX_HTML, 'sorting/style.css': H5_STYLE_CSS },
    },
    {
      title: '二分查找（SCORM 1.2 课件）',
      fileName: 'binary-search-scorm12.zip',
      files: { 'imsmanifest.xml': SCORM_12_MANIFEST, 'lesson/sco.html': SCORM_12_SCO_HTML },
    },
  ],
} as const;

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * Two published H5 courseware activities in the first module of CS201, a plain HTML package and a
 * SCORM 1.2 one, unpacked as an instructor's upload would be. Runs after the demo transaction, since
 * their files go to storage; without storage the demo simply has none. Returns how many it added.
 */
export async function insertDemoH5Courseware(db: Database, storage: Storage): Promise<number> {
  const [course] = await db
    .select({ id: courses.id, orgId: courses.orgId, ownerId: courses.createdBy })
    .from(courses)
    .where(eq(courses.courseCode, DEMO_H5.courseCode))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!course) return 0;
  const [module] = await db
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(eq(courseModules.courseId, course.id))
    .orderBy(asc(courseModules.sort), asc(courseModules.id))
    .limit(1);
  if (!module) return 0;
  const [last] = await db
    .select({ sort: max(activities.sort) })
    .from(activities)
    .where(and(eq(activities.courseId, course.id), eq(activities.moduleId, module.id)));
  let sort = (last?.sort ?? 0) + 1;
  let added = 0;
  for (const pkg of DEMO_H5.packages) {
    const bytes = await zipOf(pkg.files);
    // Under h5/ with the unpacked files: the demo's H5 bytes stay apart from its other uploads.
    const key = `h5/${newStorageKey()}`;
    const stored = await storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
    const [upload] = await db
      .insert(uploads)
      .values({
        orgId: course.orgId,
        createdBy: course.ownerId,
        name: pkg.fileName,
        size: stored.size,
        mimeType: 'application/zip',
        type: 'archive',
        status: 'ready',
        storageKey: key,
        sha256: stored.sha256,
        allowDownload: false,
      })
      .returning({ id: uploads.id });
    if (!upload) throw new Error('demo seed: H5 package upload not inserted');
    await unpackAndStore(db, storage, upload.id, bytes);
    const [activity] = await db
      .insert(activities)
      .values({
        courseId: course.id,
        moduleId: module.id,
        type: 'h5_courseware',
        title: pkg.title,
        published: true,
        completionCriterionKey: 'view',
        sort: sort++,
        createdBy: course.ownerId,
      })
      .returning({ id: activities.id });
    if (!activity) throw new Error('demo seed: H5 courseware activity not inserted');
    await db.insert(uploadReferences).values({
      uploadId: upload.id,
      parentType: ACTIVITY_PARENT,
      parentId: activity.id,
      name: pkg.fileName,
      allowDownload: false,
      sort: 0,
      createdBy: course.ownerId,
    });
    added += 1;
  }
  return added;
}
