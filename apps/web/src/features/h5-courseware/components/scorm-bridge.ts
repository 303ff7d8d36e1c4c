import {
  ScormBridgeMessageSchema,
  type ScormBridgeMessage,
} from '@lectern/contracts/h5-courseware/h5-courseware.schemas';

/**
 * The player's half of the SCORM bridge (decision 0018). The frame runs the run-time itself and posts
 * each Commit here; only this page, on Lectern's origin, may call the API with the learner's session.
 */

/**
 * A commit from our own frame, or null. The frame's origin is opaque ("null"), so the origin cannot
 * tell it from any other sandboxed page: the message must come from the very window we framed.
 */
export function bridgeMessageFrom(
  event: Pick<MessageEvent, 'data' | 'source'>,
  frame: Window | null | undefined,
): ScormBridgeMessage | null {
  if (!frame || event.source !== frame) return null;
  const parsed = ScormBridgeMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/** base64 of UTF-8 text (btoa alone accepts only Latin-1, and learners write Chinese). */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** The `base64State` the server decodes as the player's SCORM data model. */
export function encodeCmiState(message: Pick<ScormBridgeMessage, 'version' | 'cmi'>): string {
  return toBase64(JSON.stringify({ version: message.version, cmi: message.cmi }));
}

/**
 * Commits arrive in bursts (a SCO may commit on every page turn): the latest values win, so while one
 * save is on its way only the newest waiting commit is kept. Returns a function to offer commits to.
 */
export function latestOnlyQueue<T>(save: (value: T) => Promise<unknown>): (value: T) => void {
  let running = false;
  let waiting: { value: T } | null = null;
  const run = async (value: T) => {
    running = true;
    try {
      await save(value);
    } catch {
      // The next commit carries every value again; the page shows the failure from the mutation.
    } finally {
      running = false;
      const next = waiting;
      waiting = null;
      if (next) void run(next.value);
    }
  };
  return (value: T) => {
    if (running) waiting = { value };
    else void run(value);
  };
}
