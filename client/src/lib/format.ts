import { groupThousands, LOCALE } from '@playquid/contracts';

/**
 * Every date and number the screens print, in the site's one locale (`LOCALE`). Money in pence goes
 * through contracts' `formatPence`; amounts in another currency (the admin's company revenue) through
 * `formatCurrency` here.
 */

/** What the screens use of a formatter: its `format`. */
export interface Formatter<T> {
  format(value: T): string;
}

/**
 * A formatter made on its first use. Building an `Intl` formatter loads locale data and costs a
 * phone several milliseconds; made at module load, the dozen below held up every page's first render.
 */
function onFirstUse<T>(make: () => Formatter<T>): Formatter<T> {
  let made: Formatter<T> | undefined;
  return { format: (value) => (made ??= make()).format(value) };
}

const dates = (options: Intl.DateTimeFormatOptions): Formatter<Date | number> =>
  onFirstUse(() => new Intl.DateTimeFormat(LOCALE, options));

/** '3 Jan 2025' */
export const shortDate = dates({ day: 'numeric', month: 'short', year: 'numeric' });
/** '3 January 2025' */
export const longDate = dates({ day: 'numeric', month: 'long', year: 'numeric' });
/** '3 Jan 2025, 14:05' in the browser's zone */
export const shortDateTime = dates({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** '3 Jan 2025, 14:05' in UK time, whatever the browser's zone */
export const ukDateTimeFormat = dates({
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** '3 Jan 2025, 14:05' */
export const mediumDateShortTime = dates({ dateStyle: 'medium', timeStyle: 'short' });
/** '3 Jan 2025, 14:05:09' */
export const mediumDateTime = dates({ dateStyle: 'medium', timeStyle: 'medium' });
/** '14:05:09' */
export const clockTime = dates({ hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** '12,345' (up to three decimals when there are any) */
export const wholeNumber: Formatter<number> = onFirstUse(() => new Intl.NumberFormat(LOCALE));
/**
 * A number rounded half away from zero and grouped: '-1,235'. Written out, like `formatPence`, for the
 * figures of the public pages' first render, which then never wait for the locale's data; a test holds
 * it equal to en-GB's `Intl.NumberFormat` (which alone prints '-0' for a negative that rounds to 0).
 */
function rounded(n: number): string {
  const whole = Math.round(Math.abs(n));
  return `${n < 0 && whole > 0 ? '-' : ''}${groupThousands(String(whole))}`;
}

/** '12,345', rounded to a whole number */
export const roundedNumber: Formatter<number> = { format: rounded };

const COMPACT_UNITS: ReadonlyArray<readonly [size: number, suffix: string]> = [
  [1e12, 'tn'],
  [1e9, 'bn'],
  [1e6, 'm'],
  [1e3, 'k'],
];
/** The count in tenths of `size`, rounded half up, in integer arithmetic (exact below 2^53). */
function tenthsOf(count: number, size: number): number {
  const tenth = size / 10;
  let tenths = Math.floor(count / tenth);
  if (tenths * tenth > count) tenths -= 1;
  return count - tenths * tenth >= tenth / 2 ? tenths + 1 : tenths;
}
/**
 * A whole count in en-GB's compact notation, one decimal at most: '999', '1.2k', '12.3k', '1m', '2.5bn'
 * (a test holds it equal to `Intl.NumberFormat`'s compact notation below a thousand trillion).
 */
function compactCount(n: number): string {
  const count = Math.round(Math.abs(n));
  const sign = n < 0 && count > 0 ? '-' : '';
  let unit = COMPACT_UNITS.findIndex(([size]) => count >= size);
  if (unit < 0) return `${sign}${count}`;
  // 999,950 rounds to 1000k: Intl then moves up a unit ('1m'), and so does this.
  if (unit > 0 && tenthsOf(count, COMPACT_UNITS[unit][0]) >= 10_000) unit -= 1;
  const [size, suffix] = COMPACT_UNITS[unit];
  const tenths = tenthsOf(count, size);
  return `${sign}${Math.floor(tenths / 10)}${tenths % 10 ? `.${tenths % 10}` : ''}${suffix}`;
}

/** '1.2k', for whole counts (popularity figures) */
export const compactNumber: Formatter<number> = { format: compactCount };
/** A count as the site prints it: '12,345'. */
export const formatCount = (n: number): string => wholeNumber.format(n);

const currencies = new Map<string, Intl.NumberFormat>();
/** An amount in major units of `currency` with two decimals ('$1,234.50'); GBP in pence goes through `formatPence`. */
export function formatCurrency(amount: number, currency: string): string {
  let format = currencies.get(currency);
  if (!format)
    currencies.set(currency, (format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2 })));
  return format.format(amount);
}
/** Whole pounds ('£1,234', '-£3'), for a figure that ticks like a counter. */
export const wholePounds: Formatter<number> = {
  format: (pounds) => {
    const text = rounded(pounds);
    return text.startsWith('-') ? `-£${text.slice(1)}` : `£${text}`;
  },
};
