import type { HomeworkData } from '@lectern/contracts/homework/homework-settings';
import { HomeworkDataSchema } from '@lectern/contracts/homework/homework-settings';
import type { ExamWorld } from './exam-taking-factories.ts';
import { createActivity, createUpload } from './factories.ts';
import type { TestApp } from './test-app.ts';

const HOUR = 3600_000;

/** A homework open from an hour ago to an hour from now, published unless told otherwise. */
export async function createHomework(
  t: TestApp,
  world: ExamWorld,
  options: {
    data?: Partial<HomeworkData>;
    startTime?: Date | null;
    endTime?: Date | null;
    published?: boolean;
    completion?: { key: string; value?: number | null };
  } = {},
) {
  return createActivity(t, {
    courseId: world.course.id,
    moduleId: world.module.id,
    createdBy: world.teacher.id,
    type: 'homework',
    title: 'Essay on rivers',
    data: HomeworkDataSchema.parse({ description: '<p>Write about rivers</p>', ...options.data }),
    published: options.published ?? true,
    startTime: options.startTime === undefined ? new Date(Date.now() - HOUR) : options.startTime,
    endTime: options.endTime === undefined ? new Date(Date.now() + HOUR) : options.endTime,
    completionCriterionKey: options.completion?.key ?? 'none',
    completionCriterionValue: options.completion?.value ?? null,
  });
}

/** A finished upload of this user, with bytes in storage. */
export async function readyUpload(t: TestApp, orgId: number, userId: number, name = 'essay.txt') {
  return createUpload(t, orgId, userId, { name, bytes: Buffer.from(`contents of ${name}`) });
}
