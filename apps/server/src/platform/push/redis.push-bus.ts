import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { listenerSet, newPushMessage, parsePushMessage, type PushBus } from './push-bus.ts';

/**
 * Redis pub/sub: a subscribed connection can do nothing else, so each process holds two, one to listen
 * and one to publish. ioredis reconnects and resubscribes by itself.
 */
export async function redisPushBus(options: {
  url: string;
  keyPrefix: string;
  log: FastifyBaseLogger;
}): Promise<PushBus> {
  const channel = `${options.keyPrefix}push`;
  const listeners = listenerSet();
  const subscriber = new Redis(options.url, { lazyConnect: true });
  const publisher = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  subscriber.on('error', (error) => options.log.warn({ err: error }, 'push subscriber error'));
  publisher.on('error', (error) => options.log.warn({ err: error }, 'push publisher error'));
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const message = parsePushMessage(raw);
    if (message) listeners.emit(message, options.log);
  });
  await Promise.all([subscriber.connect(), publisher.connect()]);
  await subscriber.subscribe(channel);

  return {
    driver: 'redis',
    async publish(event) {
      await publisher.publish(channel, JSON.stringify(newPushMessage(event)));
    },
    subscribe: listeners.add,
    async close() {
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
