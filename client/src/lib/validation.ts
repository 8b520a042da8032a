import { type Gender, PASSWORD_MIN_LENGTH } from '@playquid/contracts';

export interface SignupInput {
  email: string;
  password: string;
  confirmPassword: string;
  gender: Gender | '';
}

// The shape an <input type="email"> accepts: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => EMAIL.test(value.trim());

/** the first rule broken, in the spec's words; null when the form may be sent. */
export function validateSignup(input: SignupInput): string | null {
  if (!isEmail(input.email)) return 'Please enter a valid email address.';
  if (!input.gender) return 'Please select your gender';
  if (input.password !== input.confirmPassword) return 'Passwords do not match';
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 6 characters';
  return null;
}
