import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePushEvents, type PushHandlers } from './use-push-events.ts';

/** Stands in for the browser's EventSource; the test plays the server. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
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
  send(data: string, name?: string) {
    const event = new MessageEvent('message', { data });
    if (name) this.named.get(name)?.(event);
    else this.onmessage?.(event);
  }
}

function Listener(props: PushHandlers) {
  usePushEvents(props);
  return null;
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePushEvents', () => {
  it('shares one stream between listeners and closes it when the last one leaves', () => {
    const first = { onEvent: vi.fn() };
    const second = { onEvent: vi.fn(), onResync: vi.fn() };
    const a = render(<Listener {...first} />);
    const b = render(<Listener {...second} />);
    expect(FakeEventSource.opened).toHaveLength(1);
    const source = FakeEventSource.opened[0];
    expect(source?.url).toBe('/api/push/stream');

    const event = { course_id: 3, type: 'rollcall.checked_in', data: { rollcall_id: 1, count: 2 } };
    source?.send(JSON.stringify(event));
    expect(first.onEvent).toHaveBeenCalledWith(event);
    expect(second.onEvent).toHaveBeenCalledWith(event);

    source?.send(JSON.stringify({ course_ids: [3], rollcalls: [] }), 'resync');
    expect(second.onResync).toHaveBeenCalledWith({ course_ids: [3], rollcalls: [] });

    // Whatever does not match the contract is dropped, not thrown at the page.
    source?.send('not json');
    source?.send(JSON.stringify({ course_id: 'x' }));
    expect(first.onEvent).toHaveBeenCalledTimes(1);

    a.unmount();
    expect(source?.closed).toBe(false);
    b.unmount();
    expect(source?.closed).toBe(true);
  });

  it('calls the latest handlers after a re-render without reopening the stream', () => {
    const before = vi.fn();
    const after = vi.fn();
    const view = render(<Listener onEvent={before} />);
    view.rerender(<Listener onEvent={after} />);
    FakeEventSource.opened[0]?.send(JSON.stringify({ course_id: 1, type: 'rollcall.stopped', data: {} }));
    expect(before).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(1);
    view.unmount();
  });
});
