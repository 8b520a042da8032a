import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactNumber, roundedNumber, shortDate, wholePounds } from './format';

// The public pages' figures are written out rather than asked of Intl (format.ts says why): the same
// text as en-GB's Intl.NumberFormat, which these tests hold them to.
describe('figures the public pages print', () => {
  const intlRounded = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  const intlPounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
  const intlCompact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
  // Intl alone prints '-0' (and '-£0') for a negative that rounds to nothing.
  const noNegativeZero = (text: string) => text.replace(/^-(£?0)$/, '$1');

  it('rounds half away from zero and groups thousands, as Intl does', () => {
    expect(roundedNumber.format(1234.5)).toBe('1,235');
    expect(roundedNumber.format(-1234.5)).toBe('-1,235');
    expect(roundedNumber.format(-0.4)).toBe('0');
    expect(wholePounds.format(1_234_567)).toBe('£1,234,567');
    expect(wholePounds.format(-2.5)).toBe('-£3');
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -(2 ** 48), max: 2 ** 48 }), fc.double({ min: -1e9, max: 1e9, noNaN: true })), (n) => {
        expect(roundedNumber.format(n)).toBe(noNegativeZero(intlRounded.format(n)));
        expect(wholePounds.format(n)).toBe(noNegativeZero(intlPounds.format(n)));
      }),
      { numRuns: 3000 },
    );
  });

  it('prints counts in compact notation as Intl does, moving up a unit when rounding reaches a thousand', () => {
    expect(['0', '999', '1k', '1k', '1.1k', '12.3k', '100k', '1m', '1.2m', '1bn', '1tn']).toEqual(
      [0, 999, 1000, 1049, 1050, 12_345, 99_950, 999_950, 1_234_567, 999_999_999, 1e12].map((n) => compactNumber.format(n)),
    );
    const magnitudes = fc.integer({ min: 0, max: 14 }).chain((digits) => fc.integer({ min: 0, max: 10 ** digits }));
    fc.assert(
      fc.property(magnitudes, fc.boolean(), (count, negative) => {
        const n = negative ? -count : count;
        expect(compactNumber.format(n)).toBe(noNegativeZero(intlCompact.format(n)));
      }),
      { numRuns: 5000 },
    );
    // The rounding edges of every unit.
    for (const size of [1e3, 1e6, 1e9, 1e12])
      for (const n of [size - 1, size - 50, size * 999.95 - 1, size * 999.95, size * 1.05, size * 1.15, size * 1.15 - 1])
        expect(compactNumber.format(n)).toBe(intlCompact.format(n));
  });

  it('makes a date formatter on its first use and keeps it', () => {
    expect(shortDate.format(Date.UTC(2025, 0, 3, 12))).toBe('3 Jan 2025');
    expect(shortDate.format(Date.UTC(2025, 11, 25, 12))).toBe('25 Dec 2025');
  });
});
