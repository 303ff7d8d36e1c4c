import type { AnswersChangedData } from '@lectern/contracts/exams/exam-statistics.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { PushBus } from '../../platform/push/push-bus.ts';

/** At most one event per question in this window: a class answering at once is one refetch, not fifty. */
export const ANSWERS_CHANGED_WINDOW_MS = 1000;

/**
 * Publishes `exam.answers_changed` for a classroom question, throttled per question: the first answer
 * publishes at once and later ones within the window are folded into one trailing event, so the
 * statistics modal refetches soon after the last answer too.
 */
export function answersChangedPublisher(
  push: PushBus,
  log: FastifyBaseLogger,
  windowMs = ANSWERS_CHANGED_WINDOW_MS,
) {
  const last = new Map<number, number>();
  const pending = new Map<number, ReturnType<typeof setTimeout>>();

  function send(courseId: number, data: AnswersChangedData): void {
    last.set(data.subject_id, Date.now());
    // Events are hints to refetch; a lost one must not fail the answer already stored.
    push.publish({ courseId, type: 'exam.answers_changed', data }).catch((error: unknown) => {
      log.warn({ err: error, courseId }, 'push publish failed');
    });
  }

  return {
    publish(courseId: number, data: AnswersChangedData): void {
      if (pending.has(data.subject_id)) return;
      const wait = (last.get(data.subject_id) ?? 0) + windowMs - Date.now();
      if (wait <= 0) {
        send(courseId, data);
        return;
      }
      const timer = setTimeout(() => {
        pending.delete(data.subject_id);
        send(courseId, data);
      }, wait);
      timer.unref();
      pending.set(data.subject_id, timer);
    },
    close(): void {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
