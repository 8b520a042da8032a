import { LOCALE } from '@playquid/contracts';

/**
 * Every date and number the screens print, in the site's one locale (`LOCALE`). Money in pence goes
 * through contracts' `formatPence`; amounts in another currency (the admin's company revenue) through
 * `formatCurrency` here.
 */

const dates = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(LOCALE, options);

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
export const wholeNumber = new Intl.NumberFormat(LOCALE);
/** '12,345', rounded to a whole number */
export const roundedNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
/** '1.2K' */
export const compactNumber = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });
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
/** Whole pounds ('£1,234'), for a figure that ticks like a counter. */
export const wholePounds = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
