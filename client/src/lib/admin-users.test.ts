import { describe, expect, it } from 'vitest';
import { editBody, nextSort, parseAdminUsersSearch, replaceRow } from './admin-users';

describe('admin users console', () => {
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
