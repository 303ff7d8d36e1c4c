import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushBus, PushPublish } from '../../platform/push/push-bus.ts';
import { answersChangedPublisher } from './answers-changed.ts';

function fakeBus(): PushBus & { sent: PushPublish[] } {
  const sent: PushPublish[] = [];
  return {
    driver: 'memory',
    sent,
    publish: async (event) => {
      sent.push(event);
    },
    subscribe: () => () => undefined,
    close: async () => undefined,
  };
}

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('answers changed events', () => {
  it('publishes the first answer at once and folds a burst into one trailing event per question', () => {
    const bus = fakeBus();
    const publisher = answersChangedPublisher(bus, log, 1000);
    publisher.publish(7, { exam_id: 3, subject_id: 10 });
    expect(bus.sent).toEqual([
      { courseId: 7, type: 'exam.answers_changed', data: { exam_id: 3, subject_id: 10 } },
    ]);
    // Thirty students answer within the window: one more event, after the window.
    for (let i = 0; i < 30; i += 1) publisher.publish(7, { exam_id: 3, subject_id: 10 });
    // Another question is throttled on its own.
    publisher.publish(7, { exam_id: 3, subject_id: 11 });
    expect(bus.sent).toHaveLength(2);
    vi.advanceTimersByTime(999);
    expect(bus.sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(bus.sent).toHaveLength(3);
    expect(bus.sent[2]).toMatchObject({ data: { subject_id: 10 } });
    // After a quiet window the next answer goes out at once again.
    vi.advanceTimersByTime(1000);
    publisher.publish(7, { exam_id: 3, subject_id: 10 });
    expect(bus.sent).toHaveLength(4);
    publisher.close();
  });
});
