import { USERNAME_MAX_LENGTH } from '@playquid/contracts';

export const USERNAME_TEXT = {
  updated: 'Username updated successfully!',
  failed: 'Failed to update username',
} as const;

/** How long the username success message stays. */
export const USERNAME_MESSAGE_MS = 3_000;

/**
 * the input is trimmed and capped at 30 characters; an empty or
 * unchanged name just leaves edit mode without a call.
 */
export function usernameChange(current: string, input: string): { save: false } | { save: true; username: string } {
  const username = input.trim().slice(0, USERNAME_MAX_LENGTH).trim();
  if (!username || username === current.trim()) return { save: false };
  return { save: true, username };
}

/** The link a member shares: the landing page with their uid as `ref`. */
export const referralLink = (origin: string, uid: string): string => `${origin}/?ref=${encodeURIComponent(uid)}`;
