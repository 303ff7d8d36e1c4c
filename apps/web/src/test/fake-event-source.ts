import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Stands in for the browser's EventSource under jsdom; the test plays the server's push stream. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  static get last(): FakeEventSource | null {
    return FakeEventSource.opened.at(-1) ?? null;
  }
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  closed = false;
  readonly url: string;
  readonly withCredentials: boolean;
  private named = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.named.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  /** Delivers raw text, to `onmessage` or, with a name, to that event's listener. */
  sendRaw(data: string, name?: string) {
    const event = new MessageEvent('message', { data });
    if (name) this.named.get(name)?.(event);
    else this.onmessage?.(event);
  }
  /** Delivers `data` as the server does, JSON, inside React's act. */
  emit(data: unknown, name?: string) {
    act(() => this.sendRaw(JSON.stringify(data), name));
  }
}

/** Puts the fake in place of EventSource for every test of the calling file. */
export function installFakeEventSource(): void {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());
}
