/**
 * Numeric answers of a fill-in-the-blank question (decision 0008, issue 19). An accepted answer of a blank
 * written `3.14±0.01` or `3.141..3.142` accepts every number in that range, ends included; any other
 * accepted answer compares as text. The range stays the text the teacher (or the imported file) wrote,
 * and is compared in exact decimals, so 3.13 is inside 3.14±0.01 although 3.14 - 0.01 is 3.1300000000000003
 * in floating point.
 */

/** A decimal as digits and a power of ten: 3.14 is { digits: 314n, exponent: -2 }. */
type Decimal = { digits: bigint; exponent: number };

const NUMBER = /^([-+]?)(\d+)?(?:\.(\d*))?(?:[eE]([-+]?\d{1,4}))?$/;

/** A number as written (`-1.5`, `+2`, `.5`, `6.02e23`), or null for anything else. */
export function parseDecimal(text: string): Decimal | null {
  const match = NUMBER.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', power = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const digits = BigInt(`${whole}${fraction}` || '0');
  return { digits: sign === '-' ? -digits : digits, exponent: Number(power) - fraction.length };
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint] {
  const exponent = Math.min(a.exponent, b.exponent);
  return [a.digits * 10n ** BigInt(a.exponent - exponent), b.digits * 10n ** BigInt(b.exponent - exponent)];
}

function compare(a: Decimal, b: Decimal): number {
  const [x, y] = aligned(a, b);
  return x === y ? 0 : x < y ? -1 : 1;
}

function add(a: Decimal, b: Decimal, sign: 1n | -1n): Decimal {
  const [x, y] = aligned(a, b);
  return { digits: x + sign * y, exponent: Math.min(a.exponent, b.exponent) };
}

export type NumericRange = { low: Decimal; high: Decimal };

const TOLERANCE_FORM = /^(.+?)\s*±\s*(.+)$/;
const RANGE_FORM = /^(.+?)\s*\.\.\s*(.+)$/;

/**
 * The range an accepted answer stands for: `value±tolerance` (tolerance ≥ 0) or `low..high` (low ≤ high);
 * null when the answer is not a range (then it is compared as text).
 */
export function parseNumericRange(answer: string): NumericRange | null {
  const text = answer.normalize('NFKC').trim();
  const tolerance = TOLERANCE_FORM.exec(text);
  if (tolerance) {
    const value = parseDecimal(tolerance[1] ?? '');
    const margin = parseDecimal(tolerance[2] ?? '');
    if (!value || !margin || margin.digits < 0n) return null;
    return { low: add(value, margin, -1n), high: add(value, margin, 1n) };
  }
  const range = RANGE_FORM.exec(text);
  if (range) {
    const low = parseDecimal(range[1] ?? '');
    const high = parseDecimal(range[2] ?? '');
    if (!low || !high || compare(low, high) > 0) return null;
    return { low, high };
  }
  return null;
}

/** Does a student's answer (a number, full-width digits allowed) fall inside the range? */
export function inNumericRange(range: NumericRange, given: string): boolean {
  const value = parseDecimal(given.normalize('NFKC').replace(/\s+/g, ''));
  return value !== null && compare(range.low, value) <= 0 && compare(value, range.high) <= 0;
}

/** `value±tolerance` as an accepted answer, from the two numbers exactly as the source wrote them. */
export function toleranceAnswer(value: string, tolerance: string): string {
  return `${value.trim()}±${tolerance.trim()}`;
}

/** `low..high` as an accepted answer, from the two numbers exactly as the source wrote them. */
export function rangeAnswer(low: string, high: string): string {
  return `${low.trim()}..${high.trim()}`;
}

function formatDecimal(value: Decimal): string {
  if (value.exponent >= 0) return (value.digits * 10n ** BigInt(value.exponent)).toString();
  const negative = value.digits < 0n;
  const places = -value.exponent;
  const digits = (negative ? -value.digits : value.digits).toString().padStart(places + 1, '0');
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - places)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An accepted answer as a value and a tolerance (Moodle's numerical answers), exactly: `3.14±0.01` as
 * written, `3.141..3.142` as 3.1415 and 0.0005; a plain number with tolerance 0; null for a text answer.
 */
export function toleranceForm(answer: string): { value: string; tolerance: string } | null {
  const text = answer.normalize('NFKC').trim();
  const tolerance = TOLERANCE_FORM.exec(text);
  if (tolerance && parseNumericRange(text)) {
    return { value: (tolerance[1] ?? '').trim(), tolerance: (tolerance[2] ?? '').trim() };
  }
  const range = parseNumericRange(text);
  if (range) {
    const sum = add(range.low, range.high, 1n);
    const width = add(range.high, range.low, -1n);
    // Halving: one more decimal place makes every half exact.
    const half = (d: Decimal): Decimal => ({ digits: d.digits * 5n, exponent: d.exponent - 1 });
    return { value: formatDecimal(half(sum)), tolerance: formatDecimal(half(width)) };
  }
  return parseDecimal(text) ? { value: text, tolerance: '0' } : null;
}
