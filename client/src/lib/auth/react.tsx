import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { LazyAuthSession as AuthSession } from './lazy-session';
import type { AuthState } from './state';

const SessionContext = createContext<AuthSession | null>(null);

export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session itself, for its actions (signIn, signOut, ...). */
export function useAuthSession(): AuthSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAuthSession outside AuthProvider');
  return session;
}

/** The current auth state; components re-render when it changes. */
export function useAuth(): AuthState {
  const session = useAuthSession();
  // (The same snapshot on the server: the build prerenders the public pages' shells, src/prerender.tsx.)
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
