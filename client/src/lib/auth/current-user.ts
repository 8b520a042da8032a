import type { User } from 'firebase/auth';

/**
 * Who is signed in, for the API client's token and the member event stream, without importing
 * Firebase: the lazily loaded Firebase session registers itself here (null until then: a visitor).
 */
let current: () => User | null = () => null;

export const currentUser = (): User | null => current();

export function setCurrentUserSource(source: () => User | null): void {
  current = source;
}
