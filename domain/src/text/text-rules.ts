// Rules for text people type that other people read (usernames, admin titles) and for timestamps
// members send. Pure functions: the API validators and the client use the same ones.

/**
 * Unicode format characters (category Cf): zero-width spaces and joiners, bidi overrides such as
 * U+202E, soft hyphens. Invisible on screen, they make `evil\u202Egpj.exe` read as `evilexe.jpg`.
 */
const FORMAT_CHARACTER = /\p{Cf}/u;

/** NFC and trimmed: the one form a display text is stored in, so look-alike spellings compare equal. */
export const normaliseDisplayText = (text: string): string => text.normalize('NFC').trim();

/** Why a display text is refused, or null when it is fine. */
export function displayTextProblem(field: string, text: string): string | null {
  if (FORMAT_CHARACTER.test(text)) return `${field} must not contain invisible or text-direction control characters`;
  return null;
}

export const RFC3339_EXAMPLE = '2026-11-22T10:00:00Z';
export const RFC3339_MESSAGE = (field: string) => `${field} must be an RFC 3339 timestamp such as ${RFC3339_EXAMPLE} (date, time and offset)`;

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time (section 5.6): full date, `T`, full time with seconds, optional fraction
 * after a dot, and `Z` or a numeric offset. ISO 8601's other forms (week dates, basic format,
 * hour-only times, decimal commas) are refused, as are impossible dates such as 2026-02-30.
 */
export function isRfc3339(value: string): boolean {
  const match = RFC3339.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const offsetHours = match[10] === undefined ? 0 : Number(match[10]);
  const offsetMinutes = match[11] === undefined ? 0 : Number(match[11]);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return false;
  if (offsetHours > 23 || offsetMinutes > 59) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth && !Number.isNaN(Date.parse(value));
}
