/**
 * Money is integer minor units everywhere: pence for GBP, ten-thousandths of a dollar for the USD
 * amounts BitLabs reports. Decimal strings are parsed without floating point so a callback value of
 * "0.29" is exactly 29 pence, never 28.999….
 */
export type Pence = number;
/** USD in ten-thousandths (1 USD = 10_000). */
export type UsdTenThousandths = number;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/**
 * Parse a decimal string into an integer number of minor units with `scale` decimals.
 * Extra decimals are rounded half away from zero. Returns null for anything that is not a plain
 * decimal number (exponents, hex, empty, NaN) or that exceeds the safe integer range.
 */
export function parseDecimalToMinor(input: string, scale: number): number | null {
  const match = DECIMAL.exec(input.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const padded = (fraction + '0'.repeat(scale)).slice(0, scale);
  let units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(padded || '0');
  const rest = fraction.slice(scale);
  if (rest.length > 0 && rest.charCodeAt(0) >= 53 /* '5' */) units += 1n;
  if (sign === '-') units = -units;
  if (units > BigInt(Number.MAX_SAFE_INTEGER) || units < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(units === 0n ? 0n : units);
}

export const parsePounds = (input: string): Pence | null => parseDecimalToMinor(input, 2);
export const parseUsd = (input: string): UsdTenThousandths | null => parseDecimalToMinor(input, 4);

/**
 * The largest single callback amount (either sign) we book: £1,000. BitLabs' richest offers pay a
 * few hundred pounds to the member, so anything above is a bug or a forgery; bounding every credit
 * also bounds every sum (2^53 pence would need 90 billion maximal credits), so integer money
 * arithmetic can never lose a penny.
 */
export const MAX_CALLBACK_CREDIT_PENCE: Pence = 100_000;
/** A single callback credit above this (£50) is held for an admin's review unless REVIEW_CREDIT_PENCE says otherwise. */
export const DEFAULT_REVIEW_CREDIT_PENCE: Pence = 5_000;
/** The same bound for the partner's `raw` payment: $2,000 in ten-thousandths of a dollar. */
export const MAX_CALLBACK_RAW_USD: UsdTenThousandths = 20_000_000;
/** More whole digits than any amount within the limits has: refused before BigInt sees them. */
const MAX_WHOLE_DIGITS = 15;

export type ExactAmount = { ok: true; units: number } | { ok: false; problem: 'not_a_number' | 'too_precise' | 'too_large' };

/**
 * Parse a partner amount exactly: a plain decimal (no exponent, hex, NaN or Infinity) whose digits
 * beyond `scale` are all zeros ("1.2500" is fine in pounds, "1.255" is refused rather than rounded),
 * at most `max` minor units either way.
 */
export function parseExactAmount(input: string, scale: number, max: number): ExactAmount {
  const text = input.trim();
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'not_a_number' };
  if (/[1-9]/.test((match[3] ?? '').slice(scale))) return { ok: false, problem: 'too_precise' };
  if (match[2].replace(/^0+/, '').length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'too_large' };
  const units = parseDecimalToMinor(text, scale);
  if (units === null || Math.abs(units) > max) return { ok: false, problem: 'too_large' };
  return { ok: true, units };
}

/** Pence to a plain decimal string with two places ("2.00", "-0.35"). */
export function penceToDecimal(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pence to pounds as a number, for JSON fields the spec keeps in pounds (e.g. `available_amount`). */
export const penceToPounds = (pence: Pence): number => Number(penceToDecimal(pence));

/** Digits grouped in threes for en-GB: "1234567" -> "1,234,567". */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Display formatting at the edge: 123 -> "£1.23", -123456 -> "-£1,234.56"; the same text as en-GB's
 * `Intl.NumberFormat` for GBP (a test holds the two equal). Written out because the first `Intl`
 * formatter a page builds loads the locale's data: about 85 ms of a phone's first render.
 */
export function formatPence(pence: Pence): string {
  // Whole pence (a stray fraction rounds, as Intl would round it), and no "-£0.00".
  const abs = Math.round(Math.abs(pence));
  return `${pence < 0 && abs > 0 ? '-' : ''}£${groupThousands(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}

/** USD ten-thousandths to a display string with 2 to 4 decimals ("$0.2950", "$1.50"). */
export function formatUsd(units: UsdTenThousandths): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  let fraction = String(abs % 10_000).padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}$${Math.floor(abs / 10_000)}.${fraction}`;
}

/** Below this (£10,000) an amount is always shown in full: pence still matter to a member there. */
export const COMPACT_FROM_PENCE: Pence = 1_000_000;
const COMPACT_UNITS: ReadonlyArray<[suffix: string, pounds: number]> = [
  ['B', 1_000_000_000],
  ['M', 1_000_000],
  ['K', 1_000],
];

/**
 * For places where space is short (stat cards, the balance chip): "£1.2M", "£12.3K", "£999.9K";
 * in full below £10,000. Digits are cut, never rounded up, so a balance is never overstated.
 */
export function formatPenceCompact(pence: Pence): string {
  const abs = Math.abs(pence);
  if (abs < COMPACT_FROM_PENCE) return formatPence(pence);
  const pounds = Math.floor(abs / 100);
  const [suffix, unit] = COMPACT_UNITS.find(([, size]) => pounds >= size) ?? COMPACT_UNITS[COMPACT_UNITS.length - 1];
  const tenths = Math.floor((pounds * 10) / unit);
  const whole = Math.floor(tenths / 10);
  const fraction = tenths % 10;
  return `${pence < 0 ? '-' : ''}£${groupThousands(String(whole))}${fraction ? `.${fraction}` : ''}${suffix}`;
}
