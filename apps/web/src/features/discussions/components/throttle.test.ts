import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, throttle } from './throttle.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('throttle', () => {
  it('runs the first call at once and drops the others until the interval has passed', () => {
    const fn = vi.fn();
    const submit = throttle(fn, 2000);

    submit('a');
    submit('b');
    vi.advanceTimersByTime(1999);
    submit('c');
    expect(fn.mock.calls).toEqual([['a']]);

    vi.advanceTimersByTime(1);
    submit('d');
    expect(fn.mock.calls).toEqual([['a'], ['d']]);

    // Without trailing, nothing dropped is ever run later.
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('with trailing, runs once more at the end of the interval with the last arguments', () => {
    const fn = vi.fn();
    const onScroll = throttle(fn, 1000, { trailing: true });

    onScroll(1);
    onScroll(2);
    onScroll(3);
    expect(fn.mock.calls).toEqual([[1]]);

    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);

    // The trailing run starts a new interval.
    onScroll(4);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn.mock.calls).toEqual([[1], [3], [4]]);
  });

  it('cancel drops a pending trailing call and lets the next call run at once', () => {
    const fn = vi.fn();
    const onScroll = throttle(fn, 1000, { trailing: true });
    onScroll(1);
    onScroll(2);
    onScroll.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn.mock.calls).toEqual([[1]]);
    onScroll(3);
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });
});

describe('debounce', () => {
  it('runs once, with the last arguments, after the calls stop for the whole wait', () => {
    const fn = vi.fn();
    const reload = debounce(fn, 1000);

    reload('1');
    vi.advanceTimersByTime(600);
    reload('2');
    vi.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([['2']]);
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const reload = debounce(fn, 1000);
    reload('1');
    reload.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).not.toHaveBeenCalled();
  });
});
