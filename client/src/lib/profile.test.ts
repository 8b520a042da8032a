import { describe, expect, it } from 'vitest';
import { referralLink, usernameChange } from './profile';

describe('username change', () => {
  it('saves the trimmed new name', () => {
    expect(usernameChange('ana', '  anabelle ')).toEqual({ save: true, username: 'anabelle' });
  });
  it('leaves edit mode without saving when empty or unchanged', () => {
    expect(usernameChange('ana', '   ')).toEqual({ save: false });
    expect(usernameChange('ana', ' ana ')).toEqual({ save: false });
  });
  it('caps the name at 30 characters', () => {
    const change = usernameChange('ana', 'x'.repeat(45));
    expect(change).toEqual({ save: true, username: 'x'.repeat(30) });
  });
});

describe('referral link', () => {
  it('is the landing page with the uid as ref', () => {
    expect(referralLink('https://playquid.co.uk', 'abc123')).toBe('https://playquid.co.uk/?ref=abc123');
    expect(referralLink('http://localhost:5173', 'a b')).toBe('http://localhost:5173/?ref=a%20b');
  });
});
