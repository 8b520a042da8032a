import { describe, expect, it } from 'vitest';
import { blogAuthorName, displayName } from './display-name';

describe('display name', () => {
  it('is the username, else the email before the @, else User', () => {
    expect(displayName('ana', 'ana.b@example.com')).toBe('ana');
    expect(displayName('', 'ana.b@example.com')).toBe('ana.b');
    expect(displayName('  ', 'bob@example.com')).toBe('bob');
    expect(displayName(null, null)).toBe('User');
    expect(displayName('', '@example.com')).toBe('User');
  });
});

describe('blogAuthorName', () => {
  it('signs a post with the admin’s name, or by the team when that is only a role or login name', () => {
    expect(blogAuthorName('Sophie Turner', 'sophie@playquid.test')).toBe('Sophie Turner');
    expect(blogAuthorName(null, 'sophie@playquid.test')).toBe('sophie');
    expect(blogAuthorName('admin', 'admin@playquid.test')).toBe('PlayQuid Team');
    expect(blogAuthorName(null, 'Administrator2@playquid.test')).toBe('PlayQuid Team');
    expect(blogAuthorName('  ', null)).toBe('PlayQuid Team');
  });
});
