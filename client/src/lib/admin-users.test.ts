import { describe, expect, it } from 'vitest';
import { editBody, nextSort, pageWindow, parseAdminUsersSearch, replaceRow } from './admin-users';

describe('admin users console', () => {
  it('shows up to five page numbers around the current page, shifted at the ends', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(8, 12)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('sorts a new column (names A-Z, figures largest first), and flips on a second click', () => {
    expect(nextSort({}, 'total_earned')).toEqual({ sort_by: 'total_earned', sort_order: 'desc' });
    expect(nextSort({}, 'email')).toEqual({ sort_by: 'email', sort_order: 'asc' });
    expect(nextSort({}, 'created_at')).toEqual({ sort_by: 'created_at', sort_order: 'asc' });
    expect(nextSort({ sort_by: 'email', sort_order: 'asc' }, 'email')).toEqual({ sort_by: 'email', sort_order: 'desc' });
  });

  it('keeps only valid search parameters', () => {
    expect(parseAdminUsersSearch({ page: '3', sort_by: 'email', sort_order: 'asc', search: '  ana ', role: 'ADMIN', status: 'banned' })).toEqual({
      page: 3,
      sort_by: 'email',
      sort_order: 'asc',
      search: 'ana',
      role: 'ADMIN',
      status: 'banned',
    });
    expect(parseAdminUsersSearch({ page: '1', sort_by: 'password', sort_order: 'up', search: '   ', role: 'root', status: 'gone' })).toEqual({
      page: undefined,
      sort_by: undefined,
      sort_order: undefined,
      search: undefined,
      role: undefined,
      status: undefined,
    });
  });

  it('sends only what changed, and a role change only with a reason', () => {
    const user = { role: 'USER' as const, username: 'ana' };
    expect(editBody(user, { role: 'USER', username: ' ana_b ', reason: '' })).toEqual({ username: 'ana_b' });
    expect(editBody(user, { role: 'ADMIN', username: 'ana', reason: '' })).toEqual({ error: 'A reason is required to change the role' });
    expect(editBody(user, { role: 'ADMIN', username: 'ana', reason: ' Support team ' })).toEqual({ role: 'ADMIN', reason: 'Support team' });
    expect(editBody(user, { role: 'USER', username: 'ana', reason: 'x' })).toEqual({ error: 'Nothing to update' });
    expect(editBody(user, { role: 'USER', username: '  ', reason: '' })).toEqual({ error: 'Username cannot be empty' });
  });

  it('replaces a row with the server answer, keeping the row shape', () => {
    const rows = [
      { uid: 'a', is_banned: false },
      { uid: 'b', is_banned: false },
    ];
    expect(replaceRow(rows, { uid: 'b', is_banned: true, extra: 1 } as never)).toEqual([
      { uid: 'a', is_banned: false },
      { uid: 'b', is_banned: true },
    ]);
  });
});
