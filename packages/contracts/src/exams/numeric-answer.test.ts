import { describe, expect, it } from 'vitest';
import { inNumericRange, parseNumericRange, toleranceForm } from './numeric-answer.ts';

const accepts = (answer: string, given: string) => {
  const range = parseNumericRange(answer);
  return range !== null && inNumericRange(range, given);
};

describe('numeric answers', () => {
  it('reads value±tolerance and low..high as ranges, anything else as text', () => {
    expect(parseNumericRange('3.14±0.01')).not.toBeNull();
    expect(parseNumericRange(' 2.1 ± 0.1 ')).not.toBeNull();
    expect(parseNumericRange('3.141..3.142')).not.toBeNull();
    expect(parseNumericRange('-5..-1')).not.toBeNull();
    expect(parseNumericRange('6.02e23±1e21')).not.toBeNull();
    for (const text of ['3.14', 'abc', '1..', '..2', '2..1', '3±-1', 'a±1', '1...2', '']) {
      expect(parseNumericRange(text)).toBeNull();
    }
  });

  it('compares in exact decimals, where floating point would miss an end', () => {
    // 3.14 - 0.01 is 3.1300000000000003 and 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(accepts('3.14±0.01', '3.13')).toBe(true);
    expect(accepts('0.1±0.2', '0.3')).toBe(true);
    expect(accepts('3.14±0.01', '3.12999999999999999')).toBe(false);
    expect(accepts('-5..-1', '-1')).toBe(true);
    expect(accepts('-5..-1', '-0.5')).toBe(false);
    expect(accepts('6.02e23±1e21', '603000000000000000000000')).toBe(true);
    expect(accepts('1..2', '1e0')).toBe(true);
  });

  it('takes full-width digits and spaces in what the student typed', () => {
    expect(accepts('100±5', '１０２')).toBe(true);
    expect(accepts('100±5', ' 1 0 2 ')).toBe(true);
    expect(accepts('100±5', '102 m')).toBe(false);
  });

  it('gives a range’s value and tolerance exactly, for Moodle', () => {
    expect(toleranceForm('3.14±0.005')).toEqual({ value: '3.14', tolerance: '0.005' });
    expect(toleranceForm('3.141..3.142')).toEqual({ value: '3.1415', tolerance: '0.0005' });
    expect(toleranceForm('-0.5..0.25')).toEqual({ value: '-0.125', tolerance: '0.375' });
    expect(toleranceForm('1..3')).toEqual({ value: '2', tolerance: '1' });
    expect(toleranceForm('42')).toEqual({ value: '42', tolerance: '0' });
    expect(toleranceForm('forty-two')).toBeNull();
  });
});
