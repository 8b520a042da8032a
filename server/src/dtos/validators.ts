import { registerDecorator } from 'class-validator';

/**
 * Single validators with one message per failure. Stacked class-validator decorators (IsString +
 * IsNotEmpty + MaxLength, IsInt + Min + Max) all fail together on a missing or non-numeric value,
 * and the 400 would list three messages where one says it.
 */
function single(name: string, problem: (value: unknown) => string | null) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
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
