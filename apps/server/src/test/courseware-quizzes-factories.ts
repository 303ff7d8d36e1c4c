import { coursewareQuizzes } from '../db/schema/courseware-quizzes.ts';
import { insertSubjects, singleChoice } from './exams-factories.ts';
import type { TestApp } from './test-app.ts';

/** A quiz at `position` seconds of an online video, holding one single-choice question. */
export async function createVideoQuiz(
  t: TestApp,
  values: { activityId: number; createdBy: number; position?: number },
): Promise<number> {
  const [row] = await t.db
    .insert(coursewareQuizzes)
    .values({ activityId: values.activityId, createdBy: values.createdBy, position: values.position ?? 5 })
    .returning();
  if (!row) throw new Error('no quiz');
  await insertSubjects(t, { videoQuizId: row.id }, [singleChoice(1)], values.createdBy);
  return row.id;
}
