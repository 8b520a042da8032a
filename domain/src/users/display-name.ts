/** The name a member is shown by: their username, else the part of their email before the @, else 'User'. */
export const displayName = (username: string | null | undefined, email: string | null | undefined): string =>
  username?.trim() || (email ?? '').split('@')[0]!.trim() || 'User';

/** Account names that say what an account is for, not who wrote something. */
const ROLE_NAMES = /^(admin|administrator|root|staff|support|moderator|superuser|test)\d*$/i;

/**
 * The author a blog post shows: the admin's display name, unless it is only a role or login name
 * (e.g. 'admin'), in which case the post is signed by the team.
 */
export const blogAuthorName = (username: string | null | undefined, email: string | null | undefined): string => {
  const name = (username ?? '').trim() || (email ?? '').split('@')[0]!.trim();
  return name && !ROLE_NAMES.test(name) ? name : 'PlayQuid Team';
};
