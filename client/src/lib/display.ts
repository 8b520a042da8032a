import type { UserProfile } from '@playquid/contracts';
import { displayName as domainDisplayName } from '@playquid/domain';

/** Greeting by local hour: morning before 12, afternoon before 17, else evening. */
export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The part of an email before the @ ("ana" for "ana@example.com"); empty when there is none. */
export function emailPrefix(email: string | null | undefined): string {
  const at = email?.indexOf('@') ?? -1;
  return at > 0 ? email!.slice(0, at) : '';
}

/** The domain's `displayName` of a profile (or of a signed-in user not loaded yet). */
export const displayName = (user: { username?: string | null; email?: string | null } | null | undefined): string =>
  domainDisplayName(user?.username, user?.email);

/** Role ADMIN, or the legacy string 'admin', makes an admin. */
export function isAdminProfile(profile: Pick<UserProfile, 'role'> & { isAdmin?: boolean }): boolean {
  const role: string = profile.role;
  return profile.isAdmin === true || role === 'ADMIN' || role === 'admin';
}

const HOUR_MS = 3_600_000;

/** under 1 h 'Just now', under 24 h hours ago, under 48 h 'Yesterday', else days ago. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (!Number.isFinite(elapsed) || elapsed < HOUR_MS) return 'Just now';
  if (elapsed < 24 * HOUR_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  }
  if (elapsed < 48 * HOUR_MS) return 'Yesterday';
  return `${Math.floor(elapsed / (24 * HOUR_MS))} days ago`;
}

/** The profile badge: 'Member since today' on the first day, else 'Member for {age}'. */
export function memberBadge(iso: string, now: Date = new Date()): string {
  const age = accountAge(iso, now);
  return age === '0 days' ? 'Member since today' : `Member for ${age}`;
}

/** "3 days", "1 month", "2 years": how long ago an account was created, for 'Member for {age}'. */
export function accountAge(iso: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / (24 * HOUR_MS)));
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (days < 30) return unit(days, 'day');
  if (days < 365) return unit(Math.floor(days / 30), 'month');
  return unit(Math.floor(days / 365), 'year');
}
