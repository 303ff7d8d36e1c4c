import type { FastifyBaseLogger } from 'fastify';
import { listenerSet, newPushMessage, type PushBus } from './push-bus.ts';

/** One process (embedded PGlite): listeners are called directly, after the publisher's turn. */
export function memoryPushBus(log?: FastifyBaseLogger): PushBus {
  const listeners = listenerSet();
  return {
    driver: 'memory',
    async publish(event) {
      const message = newPushMessage(event);
      // Like the other drivers, delivery never runs inside the publisher's call stack.
      queueMicrotask(() => listeners.emit(message, log));
    },
    subscribe: listeners.add,
    async close() {
      listeners.clear();
    },
  };
}
