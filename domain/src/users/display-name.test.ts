import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('display name', () => {
  it('is the username, else the email before the @, else User', () => {
    expect(displayName('ana', 'ana.b@example.com')).toBe('ana');
    expect(displayName('', 'ana.b@example.com')).toBe('ana.b');
    expect(displayName(null, null)).toBe('User');
    expect(displayName('', '@example.com')).toBe('User');
  });
});
