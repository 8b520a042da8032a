import { describe, expect, it } from 'vitest';
import { validateSignup } from './validation';

describe('signup validation', () => {
  const valid = { email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1', gender: 'male' as const };

  it('accepts a complete form', () => expect(validateSignup(valid)).toBeNull());
  it('needs an email address', () => {
    expect(validateSignup({ ...valid, email: '' })).toBe('Please enter a valid email address.');
    expect(validateSignup({ ...valid, email: 'not-an-email' })).toBe('Please enter a valid email address.');
  });
  it('needs a gender', () => expect(validateSignup({ ...valid, gender: '' })).toBe('Please select your gender'));
  it('needs matching passwords', () => expect(validateSignup({ ...valid, confirmPassword: 'secret2' })).toBe('Passwords do not match'));
  it('needs at least 6 characters', () => {
    expect(validateSignup({ ...valid, password: '12345', confirmPassword: '12345' })).toBe('Password must be at least 6 characters');
    expect(validateSignup({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull();
  });
  it('reports the gender before the passwords', () =>
    expect(validateSignup({ ...valid, gender: '', confirmPassword: 'x' })).toBe('Please select your gender'));
});
