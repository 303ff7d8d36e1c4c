import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { uploadKindOf } from '@lectern/contracts/uploads/upload-rules';
import { activities } from '../db/schema/activities.ts';
import { courses } from '../db/schema/courses.ts';
import { uploadReferences, uploads } from '../db/schema/uploads.ts';
import type { Transaction } from '../platform/database.ts';
import { newStorageKey, type Storage } from '../platform/storage/storage.ts';
import { samplePdf } from './sample-pdf.ts';

/**
 * The demo's courseware: a five-page PDF attached to a published material activity of CS201, so the PDF
 * viewer and the question panel have something to show on a fresh install (and the browser journeys a
 * document to ask questions about).
 */
export const DEMO_COURSEWARE = {
  courseCode: 'CS201',
  activityTitle: '第二章课件：线性表',
  fileName: '第二章 线性表.pdf',
  pages: 5,
} as const;

/** Latin-1 only: the PDF standard fonts carry no Chinese, and the demo must not depend on font files. */
export function demoCoursewarePdf(): Buffer {
  return samplePdf({
    title: 'Chapter 2: Linear lists',
    pages: [
      {
        heading: '1. What is a linear list?',
        lines: [
          'A finite sequence of elements a1, a2, ..., an.',
          'Each element has one predecessor and one successor.',
        ],
      },
      {
        heading: '2. Sequential storage',
        lines: [
          'Elements sit in consecutive memory cells.',
          'Access by index is O(1); insertion moves elements: O(n).',
        ],
      },
      {
        heading: '3. Singly linked lists',
        lines: [
          'Each node holds a value and a pointer to the next node.',
          'Insertion after a known node is O(1).',
        ],
      },
      {
        heading: '4. Doubly and circular lists',
        lines: ['Doubly linked: nodes also point back.', 'Circular: the last node points to the first.'],
      },
      {
        heading: '5. Choosing a representation',
        lines: ['Frequent random access: sequential list.', 'Frequent insertion and deletion: linked list.'],
      },
    ],
  });
}

export type StoredCourseware = { key: string; size: number; sha256: string };

/** Writes the courseware bytes; done before the seeding transaction, and removed if it is rolled back. */
export async function storeDemoCourseware(storage: Storage): Promise<StoredCourseware> {
  const bytes = demoCoursewarePdf();
  const key = newStorageKey();
  const stored = await storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
  return { key, ...stored };
}

/** Files the stored courseware as an upload of the course owner and attaches it to the demo activity. */
export async function attachDemoCourseware(tx: Transaction, stored: StoredCourseware): Promise<void> {
  const [target] = await tx
    .select({ id: activities.id, createdBy: activities.createdBy, orgId: courses.orgId })
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .where(
      and(
        eq(courses.courseCode, DEMO_COURSEWARE.courseCode),
        eq(activities.title, DEMO_COURSEWARE.activityTitle),
      ),
    );
  if (!target) throw new Error(`demo seed: activity ${DEMO_COURSEWARE.activityTitle} missing`);
  const [upload] = await tx
    .insert(uploads)
    .values({
      orgId: target.orgId,
      createdBy: target.createdBy,
      name: DEMO_COURSEWARE.fileName,
      size: stored.size,
      mimeType: 'application/pdf',
      type: uploadKindOf('application/pdf'),
      status: 'ready',
      storageKey: stored.key,
      sha256: stored.sha256,
      allowDownload: true,
    })
    .returning({ id: uploads.id });
  if (!upload) throw new Error('demo seed: courseware upload not inserted');
  await tx.insert(uploadReferences).values({
    uploadId: upload.id,
    parentType: ACTIVITY_PARENT,
    parentId: target.id,
    name: DEMO_COURSEWARE.fileName,
    allowDownload: true,
    sort: 0,
    createdBy: target.createdBy,
  });
}

/**
 * Runs a seeding step with the courseware's bytes stored first (without storage, the demo has no
 * courseware). When the step seeds nothing or fails, the bytes are removed again.
 */
export async function withDemoCourseware<T>(
  storage: Storage | undefined,
  seed: (courseware: StoredCourseware | null) => Promise<T | null>,
): Promise<T | null> {
  const courseware = storage ? await storeDemoCourseware(storage) : null;
  let result: T | null = null;
  try {
    result = await seed(courseware);
    return result;
  } finally {
    if (courseware && storage && result === null) await storage.delete(courseware.key);
  }
}
