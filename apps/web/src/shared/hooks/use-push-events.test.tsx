import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '../../test/fake-event-source.ts';
import { usePushEvents, type PushHandlers } from './use-push-events.ts';

function Listener(props: PushHandlers) {
  usePushEvents(props);
  return null;
}

installFakeEventSource();

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
    source?.sendRaw(JSON.stringify(event));
    expect(first.onEvent).toHaveBeenCalledWith(event);
    expect(second.onEvent).toHaveBeenCalledWith(event);

    source?.sendRaw(JSON.stringify({ course_ids: [3], rollcalls: [] }), 'resync');
    expect(second.onResync).toHaveBeenCalledWith({ course_ids: [3], rollcalls: [] });

    // Whatever does not match the contract is dropped, not thrown at the page.
    source?.sendRaw('not json');
    source?.sendRaw(JSON.stringify({ course_id: 'x' }));
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
    FakeEventSource.opened[0]?.sendRaw(JSON.stringify({ course_id: 1, type: 'rollcall.stopped', data: {} }));
    expect(before).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(1);
    view.unmount();
  });
});
