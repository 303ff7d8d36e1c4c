import {
  PUSH_RESYNC_EVENT,
  PushEventSchema,
  PushResyncSchema,
  type PushEvent,
  type PushResync,
} from '@lectern/contracts/push/push.schemas';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';

export const PUSH_STREAM_URL = '/api/push/stream';

export type PushHandlers = {
  onEvent(event: PushEvent): void;
  /** After a reconnection events may have been missed: refetch what is shown. */
  onResync?(resync: PushResync): void;
};

const subscribers = new Set<{ current: PushHandlers }>();
let source: EventSource | null = null;

function parse<S extends z.ZodType>(schema: S, raw: string): z.infer<S> | null {
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * One EventSource per tab, opened while any component listens and closed when the last one leaves. The
 * browser reconnects by itself and sends Last-Event-ID; the server then answers with a resync first.
 */
function connect(): void {
  if (source || typeof EventSource === 'undefined') return;
  const opened = new EventSource(PUSH_STREAM_URL, { withCredentials: true });
  opened.onmessage = (message: MessageEvent<string>) => {
    const event = parse(PushEventSchema, message.data);
    if (event) for (const handlers of subscribers) handlers.current.onEvent(event);
  };
  opened.addEventListener(PUSH_RESYNC_EVENT, (message: MessageEvent<string>) => {
    const resync = parse(PushResyncSchema, message.data);
    if (resync) for (const handlers of subscribers) handlers.current.onResync?.(resync);
  });
  source = opened;
}

function disconnectWhenUnused(): void {
  if (subscribers.size > 0 || !source) return;
  source.close();
  source = null;
}

/**
 * Listens to the signed-in user's push stream while the component is mounted. Handlers may change on
 * every render; the stream is shared and never reopened for that.
 */
export function usePushEvents(handlers: PushHandlers): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    subscribers.add(ref);
    connect();
    return () => {
      subscribers.delete(ref);
      disconnectWhenUnused();
    };
  }, []);
}
