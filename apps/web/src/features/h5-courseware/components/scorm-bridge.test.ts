import { describe, expect, it, vi } from 'vitest';
import { bridgeMessageFrom, encodeCmiState, latestOnlyQueue, toBase64 } from './scorm-bridge.ts';

const commit = {
  source: 'lectern-scorm',
  type: 'commit',
  version: '1.2',
  cmi: { 'cmi.core.lesson_status': 'passed' },
  terminated: false,
};

describe('the player side of the SCORM bridge', () => {
  it('accepts a commit only from the window it framed', () => {
    const frame = {} as Window;
    expect(bridgeMessageFrom({ data: commit, source: frame }, frame)).toEqual(commit);
    expect(bridgeMessageFrom({ data: commit, source: {} as Window }, frame)).toBeNull();
    expect(bridgeMessageFrom({ data: commit, source: frame }, null)).toBeNull();
  });

  it('ignores messages that are not commits of the bridge', () => {
    const frame = {} as Window;
    expect(bridgeMessageFrom({ data: 'hello', source: frame }, frame)).toBeNull();
    expect(bridgeMessageFrom({ data: { ...commit, cmi: { a: 1 } }, source: frame }, frame)).toBeNull();
    expect(bridgeMessageFrom({ data: { ...commit, version: '1.3' }, source: frame }, frame)).toBeNull();
  });

  it('encodes the state as base64 of UTF-8 JSON, Chinese included', () => {
    const encoded = encodeCmiState({ version: '2004', cmi: { 'cmi.suspend_data': '第三页' } });
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
    expect(JSON.parse(decoded)).toEqual({ version: '2004', cmi: { 'cmi.suspend_data': '第三页' } });
    expect(toBase64('abc')).toBe('YWJj');
  });

  it('saves the newest commit after the one in flight, skipping those in between', async () => {
    const resolvers: (() => void)[] = [];
    const save = vi.fn(() => new Promise<void>((resolve) => resolvers.push(resolve)));
    const offer = latestOnlyQueue(save);
    offer('a');
    offer('b');
    offer('c');
    expect(save).toHaveBeenCalledTimes(1);
    resolvers.shift()?.();
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save).toHaveBeenLastCalledWith('c');
    resolvers.shift()?.();
  });
});
