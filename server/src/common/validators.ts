import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { displayTextProblem, isRfc3339, normaliseDisplayText, RFC3339_MESSAGE } from '@playquid/domain';
import { IsOptional, registerDecorator } from 'class-validator';

/**
 * Single validators with one message per failure. Stacked class-validator decorators (IsString +
 * IsNotEmpty + MaxLength, IsInt + Min + Max) all fail together on a missing or non-numeric value,
 * and the 400 would list three messages where one says it.
 */
function single(name: string, problem: (value: unknown) => string | null): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: { validate: (value: unknown) => problem(value) === null, defaultMessage: (args) => problem(args?.value) ?? '' },
    });
}

/** Required text of at most `maxLength` characters (combine with IsOptional for optional text). */
export const Text = (field: string, maxLength: number) =>
  single('text', (value) => {
    if (value === undefined || value === null || value === '') return `${field} is required`;
    if (typeof value !== 'string') return `${field} must be text`;
    return value.length > maxLength ? `${field} must be at most ${maxLength} characters` : null;
  });

/** A whole number from `min` (to `max` when given); query strings arrive converted by @Type(() => Number). */
export const WholeNumber = (field: string, min: number, max?: number) =>
  single('wholeNumber', (value) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) return `${field} must be a whole number`;
    if (max !== undefined && (value < min || value > max)) return `${field} must be between ${min} and ${max}`;
    return value < min ? `${field} must be at least ${min}` : null;
  });

/** Largest page any list serves. */
export const MAX_PER_PAGE = 100;
/** Far beyond any list we hold; keeps OFFSET (page - 1) * per_page a small, exact integer. */
export const MAX_PAGE = 100_000;

/**
 * Only plain digits become a number: `1e308`, `0x10`, `1.0` or a repeated parameter stay as sent and
 * fail validation, instead of turning into a huge or fractional OFFSET that the database rejects.
 */
const digitsToNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : value);

const BoundedWholeNumber = (field: string, min: number, max: number) =>
  single('boundedWholeNumber', (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
      ? null
      : `${field} must be a whole number between ${min} and ${max}`,
  );

/** The `page` query parameter of every list: optional, from 1. */
export const PageParam = () =>
  applyDecorators(
    ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_PAGE }),
    IsOptional(),
    Transform(digitsToNumber),
    BoundedWholeNumber('page', 1, MAX_PAGE),
  );

/** The `per_page` query parameter of a list, with that list's default size. */
export const PerPageParam = (defaultSize: number) =>
  applyDecorators(
    ApiPropertyOptional({ default: defaultSize, minimum: 1, maximum: MAX_PER_PAGE }),
    IsOptional(),
    Transform(digitsToNumber),
    BoundedWholeNumber('per_page', 1, MAX_PER_PAGE),
  );

/** Display text (usernames, admin titles) in its one stored form: NFC and trimmed. */
export const toDisplayText = ({ value }: { value: unknown }) => (typeof value === 'string' ? normaliseDisplayText(value) : value);

/** Refuses invisible and text-direction control characters (Unicode Cf), which spoof other people's screens. */
export const NoFormatCharacters = (field: string) =>
  single('noFormatCharacters', (value) => (typeof value === 'string' ? displayTextProblem(field, value) : null));

/** An RFC 3339 timestamp (date, time with seconds, offset); any other ISO 8601 form is a 400 saying so. */
export const Rfc3339 = (field: string) =>
  single('rfc3339', (value) => (typeof value === 'string' && isRfc3339(value) ? null : RFC3339_MESSAGE(field)));

// ---------------------------------------------------------------- transforms (with @Transform)
type Raw = { value: unknown };

/** Text as sent, without surrounding white space. */
export const trim = ({ value }: Raw) => (typeof value === 'string' ? value.trim() : value);
/** Optional text and query filters: trimmed, and blank is the same as absent (the consoles send every field). */
export const trimToUndefined = ({ value }: Raw) => (typeof value === 'string' ? value.trim() || undefined : value);
/** As `trimToUndefined`, in capitals (enum filters such as the legacy 'admin' role, callback states). */
export const upperTrimToUndefined = ({ value }: Raw) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value);
/** As `trimToUndefined`, in lower case (emails). */
export const lowerTrimToUndefined = ({ value }: Raw) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value);
/** Optional fields of a stored record: trimmed, and blank stores null. */
export const emptyToNull = ({ value }: Raw) => (typeof value === 'string' ? value.trim() || null : value);
/** Text filters of the public lists: trimmed, and blank or the screens' "all" means "not given". */
export const filterText = ({ value }: Raw) =>
  typeof value === 'string' ? (value.trim() === '' || value.trim().toLowerCase() === 'all' ? undefined : value.trim()) : value;
/** Query strings carry text: exactly 'true' and 'false' become booleans; anything else is left for the validator to refuse. */
export const booleanText = ({ value }: Raw) => (value === 'true' ? true : value === 'false' ? false : value);
