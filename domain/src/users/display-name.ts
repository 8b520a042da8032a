/** The name a member is shown by: their username, else the part of their email before the @, else 'User'. */
export const displayName = (username: string | null | undefined, email: string | null | undefined): string =>
  username || (email ?? '').split('@')[0] || 'User';
