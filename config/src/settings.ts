import { z } from 'zod';

/**
 * Builders of one environment variable each: a blank value counts as unset, a set value is parsed
 * or refused with a rule that reads after the variable's name ("PORT must be an integer ...").
 */
const raw = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().optional());

function parsed<T>(rule: string, parse: (value: string) => T | undefined): z.ZodType<T | undefined>;
function parsed<T>(rule: string, parse: (value: string) => T | undefined, fallback: T): z.ZodType<T>;
function parsed<T>(rule: string, parse: (value: string) => T | undefined, fallback?: T) {
  return raw.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const result = parse(value);
    if (result === undefined) {
      ctx.addIssue({ code: 'custom', message: rule });
      return z.NEVER;
    }
    return result;
  });
}

export function text(): z.ZodType<string | undefined>;
export function text(fallback: string): z.ZodType<string>;
export function text(fallback?: string) {
  return parsed('must be text', (value) => value, fallback as string);
}

export const integer = (min: number, max: number, fallback: number) =>
  parsed(max === Number.MAX_SAFE_INTEGER && min === 1 ? 'must be a positive integer' : `must be an integer from ${min} to ${max}`, (value) => {
    const n = Number(value);
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
  }, fallback);

export const positiveInteger = (fallback: number) => integer(1, Number.MAX_SAFE_INTEGER, fallback);

/** A number (fractions allowed) from min to max; `rule` says it in the variable's own unit. */
export const decimal = (min: number, max: number, fallback: number, rule: string) =>
  parsed(rule, (value) => {
    const n = Number(value);
    return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
  }, fallback);

export function flag(): z.ZodType<boolean | undefined>;
export function flag(fallback: boolean): z.ZodType<boolean>;
export function flag(fallback?: boolean) {
  return parsed('must be true or false', (value) => (value === 'true' ? true : value === 'false' ? false : undefined), fallback as boolean);
}

/** An absolute URL of one of these schemes (without the colon), kept as written. */
export function url(schemes: readonly string[]): z.ZodType<string | undefined>;
export function url(schemes: readonly string[], fallback: string): z.ZodType<string>;
export function url(schemes: readonly string[], fallback?: string) {
  return parsed(`must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL`, (value) => {
    try {
      return schemes.includes(new URL(value).protocol.slice(0, -1)) ? value : undefined;
    } catch {
      return undefined;
    }
  }, fallback as string);
}

/** Text matching `pattern` (a connection string no URL parser takes whole, e.g. a list of hosts). */
export const matching = (pattern: RegExp, rule: string) => parsed(rule, (value) => (pattern.test(value) ? value : undefined));

export const oneOf = <const T extends string>(values: readonly T[], fallback: T) =>
  parsed(`must be one of ${values.join(', ')}`, (value) => (values.includes(value as T) ? (value as T) : undefined), fallback);

/** Comma-separated entries, trimmed, blanks dropped; each must pass `check` when given. */
export const list = (check?: { rule: string; test: (entry: string) => boolean }) =>
  parsed(check ? `must be a comma-separated list of ${check.rule}` : 'must be a list', (value) => {
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    return !check || entries.every(check.test) ? entries : undefined;
  }, [] as string[]);

/** base64 of exactly `bytes` bytes (a key), decoded as Node decodes it (the URL-safe alphabet too). */
export const base64Key = (bytes: number) => (value: string) => Buffer.from(value.trim(), 'base64').length === bytes;

export function key(bytes: number) {
  return parsed(`must be base64 of ${bytes} bytes`, (value) => (base64Key(bytes)(value) ? value.trim() : undefined));
}
