import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence, formatPenceCompact, groupThousands, formatUsd, parseDecimalToMinor, parsePounds, parseUsd, penceToDecimal, penceToPounds } from './money';

describe('money', () => {
  it('parses decimal strings to exact minor units, without floating point', () => {
    expect(parsePounds('0.29')).toBe(29);
    expect(parsePounds('1.1')).toBe(110);
    expect(parsePounds('2')).toBe(200);
    expect(parsePounds('-1.25')).toBe(-125);
    expect(parsePounds(' 3.50 ')).toBe(350);
    expect(parseUsd('0.2950')).toBe(2950);
    expect(parseUsd('1.23456')).toBe(12346);
  });

  it('rounds extra decimals half away from zero', () => {
    expect(parsePounds('0.125')).toBe(13);
    expect(parsePounds('0.124')).toBe(12);
    expect(parsePounds('-0.125')).toBe(-13);
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const bad of ['', 'abc', '1e3', '0x10', '1.2.3', 'NaN', 'Infinity', '.5', '1,5', '9'.repeat(30)]) {
      expect(parsePounds(bad)).toBeNull();
    }
  });

  it('round-trips every pence amount through its decimal string', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => parseDecimalToMinor(penceToDecimal(pence), 2) === pence));
  });

  it('formats at the edge in en-GB pounds and USD with 2 to 4 decimals', () => {
    expect(formatPence(200)).toBe('£2.00');
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(-35)).toBe('-£0.35');
    expect(penceToPounds(325)).toBe(3.25);
    expect(formatUsd(2950)).toBe('$0.295');
    expect(formatUsd(15000)).toBe('$1.50');
    expect(formatUsd(12345)).toBe('$1.2345');
  });
});

describe('formatPenceCompact', () => {
  it('prints pounds exactly as en-GB Intl does, for every safe amount', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(123.4)).toBe('£1.23');
    expect(formatPence(-0.4)).toBe('£0.00');
    expect(formatPence(-100_000_000)).toBe('-£1,000,000.00');
    fc.assert(
      // Intl is given pounds, pence / 100 in floating point: compare where that division is exact enough.
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (pence) => {
        expect(formatPence(pence)).toBe(intl.format(pence / 100));
      }),
      { numRuns: 2000 },
    );
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('12345678')).toBe('12,345,678');
  });

  it('keeps amounts under £10,000 in full', () => {
    expect(formatPenceCompact(0)).toBe('£0.00');
    expect(formatPenceCompact(123_456)).toBe('£1,234.56');
    expect(formatPenceCompact(999_999)).toBe('£9,999.99');
  });
  it('abbreviates larger ones with K, M and B, never rounding up', () => {
    expect(formatPenceCompact(1_000_000)).toBe('£10K');
    expect(formatPenceCompact(1_234_567)).toBe('£12.3K');
    expect(formatPenceCompact(99_999_999)).toBe('£999.9K');
    expect(formatPenceCompact(123_456_789)).toBe('£1.2M');
    expect(formatPenceCompact(100_000_000_000)).toBe('£1B');
    expect(formatPenceCompact(-1_234_567)).toBe('-£12.3K');
    expect(formatPenceCompact(Number.MAX_SAFE_INTEGER)).toBe('£90,071.9B');
  });
  it('is never longer than 10 characters for any safe amount of at least £10,000', () => {
    fc.assert(fc.property(fc.integer({ min: 1_000_000, max: 10 ** 14 }), (p) => formatPenceCompact(p).length <= 10));
  });
});
