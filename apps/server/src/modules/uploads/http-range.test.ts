import { describe, expect, it } from 'vitest';
import { parseByteRange } from './http-range.ts';

describe('parseByteRange', () => {
  it('serves the whole body without a Range header or with one it does not serve', () => {
    expect(parseByteRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseByteRange('items=0-1', 100)).toEqual({ kind: 'full' });
    expect(parseByteRange('bytes=0-1,5-9', 100)).toEqual({ kind: 'full' });
    expect(parseByteRange('bytes=9-3', 100)).toEqual({ kind: 'full' });
    expect(parseByteRange('bytes=-', 100)).toEqual({ kind: 'full' });
  });

  it('reads closed, open-ended and suffix ranges, clamping the end', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('calls a range past the end, an empty suffix and any range of an empty body unsatisfiable', () => {
    expect(parseByteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
