import { describe, expect, it } from 'vitest';
import { accountAge, displayName, memberBadge, emailPrefix, greeting, isAdminProfile, timeAgo } from './display';

describe('greeting', () => {
  it('is morning before 12, afternoon before 17, else evening', () => {
    expect([0, 6, 11].map(greeting)).toEqual(['Good morning', 'Good morning', 'Good morning']);
    expect([12, 16].map(greeting)).toEqual(['Good afternoon', 'Good afternoon']);
    expect([17, 20, 23].map(greeting)).toEqual(['Good evening', 'Good evening', 'Good evening']);
  });
});

describe('display name', () => {
  it('is the username when there is one', () => expect(displayName({ username: 'ana', email: 'x@y.z' })).toBe('ana'));
  it('falls back to the email prefix when the username is missing or blank', () => {
    expect(displayName({ username: '  ', email: 'bob@example.com' })).toBe('bob');
    expect(displayName({ email: 'carol@example.com' })).toBe('carol');
  });
  it("falls back to 'User' when there is neither", () => {
    expect(displayName(null)).toBe('User');
    expect(displayName({ username: null, email: null })).toBe('User');
    expect(displayName({ email: '@example.com' })).toBe('User');
  });
  it('takes the part of the email before the @', () => {
    expect(emailPrefix('first.last+tag@example.co.uk')).toBe('first.last+tag');
    expect(emailPrefix('no-at-sign')).toBe('');
  });
});

describe('admin role', () => {
  it('counts ADMIN and the legacy admin string', () => {
    expect(isAdminProfile({ role: 'ADMIN' })).toBe(true);
    expect(isAdminProfile({ role: 'admin' as never })).toBe(true);
    expect(isAdminProfile({ role: 'USER' })).toBe(false);
    expect(isAdminProfile({ role: 'USER', isAdmin: true })).toBe(true);
  });
});

describe('recent-time labels', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const HOUR = 3_600_000;
  it('follows the 1 h, 24 h and 48 h boundaries', () => {
    expect(timeAgo(ago(59 * 60_000), now)).toBe('Just now');
    expect(timeAgo(ago(HOUR), now)).toBe('1 hour ago');
    expect(timeAgo(ago(23 * HOUR), now)).toBe('23 hours ago');
    expect(timeAgo(ago(24 * HOUR), now)).toBe('Yesterday');
    expect(timeAgo(ago(48 * HOUR), now)).toBe('2 days ago');
  });
});

describe('account age', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('counts days, then months, then years', () => {
    expect(accountAge('2026-05-10T08:00:00Z', now)).toBe('0 days');
    expect(accountAge('2026-05-09T12:00:00Z', now)).toBe('1 day');
    expect(accountAge('2026-03-01T12:00:00Z', now)).toBe('2 months');
    expect(accountAge('2024-05-01T12:00:00Z', now)).toBe('2 years');
    expect(memberBadge('2026-05-10T08:00:00Z', now)).toBe('Member since today');
    expect(memberBadge('2026-05-09T12:00:00Z', now)).toBe('Member for 1 day');
  });
});
