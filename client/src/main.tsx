import './fonts.css';
import { QueryClientContext } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './lib/auth/react';
import { LazyAuthSession } from './lib/auth/lazy-session';
import { hasPersistedFirebaseUser } from './lib/auth/persisted-user';
import type { AuthState } from './lib/auth/state';
import { loadedQueryClient, queryClient } from './lib/query/lazy-client';
import { noteMemberHint } from './lib/shell';
import { routeTree } from './routeTree.gen';
import { PageSpinner } from './components/Feedback';
import './styles.css';

// Firebase Auth loads only for a stored member or when a visitor starts to sign in (lazy-session).
const session = new LazyAuthSession({
  hasPersistedUser: hasPersistedFirebaseUser,
  load: () => import('./lib/auth/firebase-session').then((module) => module.startFirebaseSession()),
});
session.start();

const router = createRouter({
  routeTree,
  context: { auth: session, queryClient },
  defaultPreload: 'intent',
  // TanStack Query decides freshness: the router always lets loaders ask it.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <PageSpinner />,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Guards run in beforeLoad: re-run them whenever who is signed in, or what they may see, changes.
const accessKey = (state: AuthState) => [state.status, state.user?.uid, state.isVerified, state.isAdmin].join('|');
let lastAccess = accessKey(session.state);
session.subscribe(() => {
  // The server leaves the visitor's prerendered shell out of a member's pages (lib/shell.ts).
  noteMemberHint(session.state.status);
  const next = accessKey(session.state);
  if (next === lastAccess) return;
  const hadMember = lastAccess.startsWith('signed-in');
  lastAccess = next;
  void router.invalidate().then(() => {
    // Nothing of the previous member stays in memory once they have signed out. Only after a real
    // sign-out, and a reset rather than clear(): clear() cancels in-flight queries of mounted pages
    // (a visitor's first landing) and leaves them pending forever; a reset refetches them.
    if (hadMember && session.state.status === 'signed-out') void loadedQueryClient()?.resetQueries();
  });
});

// The client stands in for TanStack Query's from the first render; Query itself loads when a page
// needs it (lib/query/lazy-client.ts), so the provider is its context alone (loading mounts the client).
// The first render as a transition: React renders it in slices that give the main thread back
// every few milliseconds (a phone's first paint is one long task otherwise, the page frozen to taps).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientContext.Provider value={queryClient}>
        <AuthProvider session={session}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientContext.Provider>
    </StrictMode>,
  ),
);
