// The app. boot.ts, the page's entry, brings the styles and starts this (after a shell's first paint).
import { QueryClientContext } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './lib/auth/react';
import { LazyAuthSession } from './lib/auth/lazy-session';
import { hasPersistedFirebaseUser } from './lib/auth/persisted-user';
import type { AuthState } from './lib/auth/state';
import { loadedQueryClient, queryClient } from './lib/query/lazy-client';
import { noteMemberHint, noteShellAnimations } from './lib/shell';
import { routeTree } from './routeTree.gen';
import { PageSpinner } from './components/Feedback';

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
// Not for the first answer: the first load's guards wait for it (the root route's beforeLoad).
const accessKey = (state: AuthState) => [state.status, state.user?.uid, state.isVerified, state.isAdmin].join('|');
let lastAccess: string | undefined;
session.subscribe(() => {
  // The server leaves the visitor's prerendered shell out of a member's pages (lib/shell.ts).
  noteMemberHint(session.state.status);
  if (session.state.status === 'loading') return;
  const next = accessKey(session.state);
  if (lastAccess === undefined) lastAccess = next;
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
// It starts once the router's first load has settled (who is signed in, the page's chunk and the
// loaders): the page shows nothing of its own before that anyway, and a store that changes while a
// sliced render runs (the router's, as that load went on) makes React redo the render in one block.
const root = createRoot(document.getElementById('root')!);
const render = () => {
  noteShellAnimations();
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
};
// A failed load is the router's to show (its error component): render either way.
void router.load().then(render, render);
